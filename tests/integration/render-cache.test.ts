import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { formatTime } from '~/lib/dates'
import { removeUser } from '~/models/admin/removal.server'
import { setSuspended } from '~/models/admin/users.server'
import { createBooking } from '~/models/booking/booking.server'
import { createReview } from '~/models/marketplace/review.server'
import { ProfileSchema } from '~/models/practice/profile'
import { updatePractitionerProfile } from '~/models/practice/profile.server'
import { ServiceApiSchema } from '~/models/practice/service-form'
import { updateService } from '~/models/practice/services.server'
import * as publicLayout from '~/routes/_public'
import * as home from '~/routes/_public._index'
import * as about from '~/routes/_public.about'
import * as practitionerProfile from '~/routes/_public.practitioners.$id'
import * as practitionerList from '~/routes/_public.practitioners._index'
import * as serviceDetails from '~/routes/_public.service-details.$id'
import * as serviceBooking from '~/routes/_public.services.$id'
import * as serviceList from '~/routes/_public.services._index'
import {
  createListedPractitioner,
  createUser,
  frontDoorBuild,
  insertBooking,
  insertService,
  insertSlot,
  rawRequest,
  signIn,
  startFrontDoor,
  type FrontDoor,
  type RawAnswer,
} from '../helpers'

/**
 * The render cache (server/render-cache.js, docs/decisions/027-render-cache.md) in front of the
 * real catalogue screens, rendered by the real entry: a page is answered from memory only while
 * nothing it shows has changed, only to visitors with no cookie of ours, in their own zone, and
 * with the headers and bytes it was rendered with (its inline scripts allowed by their hashes).
 */

const PUBLIC = 'routes/_public'
let door: FrontDoor

beforeAll(async () => {
  const build = await frontDoorBuild([
    { id: PUBLIC, module: publicLayout },
    { id: 'routes/_public._index', parentId: PUBLIC, index: true, module: home },
    { id: 'routes/_public.about', parentId: PUBLIC, path: 'about', module: about },
    { id: 'routes/_public.services._index', parentId: PUBLIC, path: 'services', module: serviceList },
    { id: 'routes/_public.services.$id', parentId: PUBLIC, path: 'services/:id', module: serviceBooking },
    { id: 'routes/_public.service-details.$id', parentId: PUBLIC, path: 'service-details/:id', module: serviceDetails },
    { id: 'routes/_public.practitioners._index', parentId: PUBLIC, path: 'practitioners', module: practitionerList },
    {
      id: 'routes/_public.practitioners.$id',
      parentId: PUBLIC,
      path: 'practitioners/:id',
      module: practitionerProfile,
    },
  ])
  door = await startFrontDoor(build, { renderCache: true })
})

afterAll(() => door.close())

function get(path: string, headers: Record<string, string> = {}) {
  return rawRequest(door.port, { path, headers })
}

/** The page's policy (report-only outside production) and the hashes of its inline scripts. */
function scriptsAllowed(answer: RawAnswer) {
  const csp = answer.headers['content-security-policy'] ?? answer.headers['content-security-policy-report-only'] ?? ''
  const allowed = [...csp.matchAll(/'(sha256-[^']+)'/g)].map((m) => m[1]).sort()
  const inline = [...answer.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=/.test(attributes!))
    .map(([, , text]) => `sha256-${createHash('sha256').update(text!).digest('base64')}`)
  return { csp, allowed, inline: [...new Set(inline)].sort() }
}

/**
 * A kept page expires when the minute turns (open times move with the clock), so a test that
 * expects the second of its requests to be a hit starts well inside a minute.
 */
async function awayFromMinuteEnd() {
  const left = 60_000 - (Date.now() % 60_000)
  if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 10))
}

/** Asks twice: the second answer must come from the cache, as the first did or was stored. */
async function cached(path: string, headers: Record<string, string> = {}) {
  await awayFromMinuteEnd()
  await get(path, headers)
  const answer = await get(path, headers)
  expect(answer.status).toBe(200)
  expect(answer.headers['x-render-cache']).toBe('hit')
  return answer
}

const HOUR = 60 * 60 * 1000

describe('what the cache answers', () => {
  test("a repeat visit is answered from memory: the same bytes and headers, whose policy allows exactly the page's inline scripts", async () => {
    const practitioner = await createListedPractitioner({ firstName: 'Hash', lastName: 'Keeper' })
    insertService(practitioner.id, { name: 'Hashed Flow' })
    await awayFromMinuteEnd()
    const first = await get('/services')
    expect(first.headers['x-render-cache']).toBe('miss')
    const second = await get('/services')
    const third = await get('/services')
    expect([second.headers['x-render-cache'], third.headers['x-render-cache']]).toEqual(['hit', 'hit'])
    for (const answer of [first, second, third]) {
      const { csp, allowed, inline } = scriptsAllowed(answer)
      expect(inline.length).toBeGreaterThan(0)
      expect(allowed).toEqual(inline)
      expect(csp).not.toContain('nonce')
      expect(answer.body).not.toContain('nonce=')
      expect(answer.body).toContain('Hashed Flow')
    }
    // Answered without the middleware running, yet with every header it sets (security headers
    // included), and the very bytes.
    const perResponse = new Set([
      'date',
      'x-render-cache',
      'x-request-id',
      'connection',
      'transfer-encoding',
      'content-length',
      'vary',
    ])
    const headersOf = (answer: RawAnswer) =>
      Object.entries(answer.headers)
        .filter(([name]) => !perResponse.has(name))
        .sort()
    expect(headersOf(second)).toEqual(headersOf(first))
    expect(headersOf(second).map(([name]) => name)).toEqual(expect.arrayContaining(['x-frame-options', 'content-type']))
    expect(second.body).toBe(first.body)
    expect(third.body).toBe(first.body)
  })

  test('a signed-in page is never cached, and never handed to the next visitor', async () => {
    const practitioner = await createListedPractitioner()
    insertService(practitioner.id, { name: 'Members Flow' })
    const member = await createUser({ firstName: 'Marguerite', lastName: 'Privé' })
    const cookie = await signIn(member.id)
    for (let i = 0; i < 3; i += 1) {
      const answer = await get('/services', { cookie })
      expect(answer.status).toBe(200)
      expect(answer.headers['x-render-cache']).toBeUndefined()
      expect(answer.body).toContain('Marguerite')
    }
    const visitor = await cached('/services')
    expect(visitor.body).not.toContain('Marguerite')
    // A toast, or any cookie we did not set for the zone, bypasses it too.
    for (const other of ['toast-session=abc', 'tz=UTC; something=else']) {
      expect((await get('/services', { cookie: other })).headers['x-render-cache']).toBeUndefined()
    }
  })

  test('two visitors in different zones each see the times of their own zone', async () => {
    const practitioner = await createListedPractitioner()
    const service = insertService(practitioner.id, { name: 'Zoned Flow', priceCents: 0 })
    const start = new Date(Math.ceil((Date.now() + 3 * 24 * HOUR) / HOUR) * HOUR)
    insertSlot({ practitionerId: practitioner.id, serviceId: service.id, startTime: start })
    const path = `/services/${service.id}`
    const tokyo = await cached(path, { cookie: 'tz=Asia%2FTokyo' })
    const vancouver = await cached(path, { cookie: 'tz=America%2FVancouver' })
    expect(tokyo.body).toContain(formatTime(start, 'Asia/Tokyo'))
    expect(tokyo.body).toContain('Asia/Tokyo')
    expect(vancouver.body).toContain(formatTime(start, 'America/Vancouver'))
    expect(vancouver.body).toContain('America/Vancouver')
    expect(vancouver.body).not.toContain('Asia/Tokyo')
    expect(tokyo.body).not.toContain('America/Vancouver')
  })

  test('each visitor gets the page in their own language, the switch’s cookie first, and the answer says it varies by it', async () => {
    const practitioner = await createListedPractitioner()
    const service = insertService(practitioner.id, { name: 'Bilingual Flow' })
    const path = `/service-details/${service.id}`
    const langOf = (answer: RawAnswer) => /<html lang="([^"]+)"/.exec(answer.body)?.[1]
    const english = await cached(path, { 'accept-language': 'en-CA' })
    const french = await cached(path, { 'accept-language': 'fr-CA,fr;q=0.9' })
    const chosenFrench = await cached(path, { 'accept-language': 'en-CA', cookie: 'tz=UTC; lng=fr' })
    const chosenEnglish = await cached(path, { 'accept-language': 'fr-CA', cookie: 'lng=en' })
    expect([english, french, chosenFrench, chosenEnglish].map(langOf)).toEqual(['en-CA', 'fr-CA', 'fr-CA', 'en-CA'])
    expect(english.body).toContain('Skip to content')
    expect(french.body).toContain('Aller au contenu')
    expect(french.body).not.toContain('Skip to content')
    expect(chosenEnglish.body).toBe(english.body)
    // No cache between us and the browser may hand one language's page to the other's reader.
    for (const answer of [english, french, chosenFrench]) {
      expect(answer.headers['vary']).toMatch(/^Accept-Language, Cookie/)
    }
    const miss = await get(`${path}?fresh`, { 'accept-language': 'fr-CA' })
    expect(miss.headers['x-render-cache']).toBe('miss')
    expect(miss.headers['vary']).toMatch(/^Accept-Language, Cookie/)
  })

  test('only pages of the catalogue, only 200s, only GET and HEAD', async () => {
    expect((await get('/services/999999')).status).toBe(404)
    expect((await get('/services/999999')).headers['x-render-cache']).toBe('miss')
    const head = await rawRequest(door.port, { method: 'HEAD', path: '/services' })
    expect(head.status).toBe(200)
    expect(head.body).toBe('')
    const other = await get('/about')
    expect(other.status).toBe(200)
    expect(other.headers['x-render-cache']).toBeUndefined()
  })
})

describe('a cached page changes right after the write behind it', () => {
  test('the practitioner edits a service', async () => {
    const practitioner = await createListedPractitioner()
    const service = insertService(practitioner.id, { name: 'Before Edit', priceCents: 0 })
    for (const path of [`/service-details/${service.id}`, `/services/${service.id}`, '/services']) {
      expect((await cached(path)).body).toContain('Before Edit')
    }
    await updateService(
      { id: practitioner.id, hasPaymentAccount: true },
      service.id,
      ServiceApiSchema.parse({
        name: 'After Edit',
        description: 'New words.',
        category: 'Yoga',
        price: 0,
        duration: 45,
      }),
    )
    for (const path of [`/service-details/${service.id}`, `/services/${service.id}`, '/services']) {
      const answer = await get(path)
      expect(answer.headers['x-render-cache']).toBe('miss')
      expect(answer.body).toContain('After Edit')
      expect(answer.body).not.toContain('Before Edit')
    }
  })

  test('a client books the last open time of a day', async () => {
    const practitioner = await createListedPractitioner()
    const service = insertService(practitioner.id, { name: 'Booked Flow', priceCents: 0 })
    const start = new Date(Math.ceil((Date.now() + 2 * 24 * HOUR) / HOUR) * HOUR)
    const slot = insertSlot({ practitionerId: practitioner.id, serviceId: service.id, startTime: start })
    const path = `/services/${service.id}`
    const label = formatTime(start, 'UTC')
    expect((await cached(path, { cookie: 'tz=UTC' })).body).toContain(label)
    const client = await createUser()
    await createBooking(client, { serviceId: service.id, timeSlotId: slot.id })
    expect((await get(path, { cookie: 'tz=UTC' })).body).not.toContain(label)
  })

  test('a client reviews a practitioner', async () => {
    const practitioner = await createListedPractitioner()
    const service = insertService(practitioner.id, { name: 'Reviewed Flow' })
    const client = await createUser({ firstName: 'Rowena' })
    insertBooking({
      clientId: client.id,
      practitionerId: practitioner.id,
      serviceId: service.id,
      startsInHours: -48,
      status: 'completed',
    })
    const path = `/practitioners/${practitioner.id}`
    expect((await cached(path)).body).not.toContain('A calm and kind session')
    createReview(
      { id: client.id, isPractitioner: false, isAdmin: false },
      { practitionerId: practitioner.id, rating: 5, content: 'A calm and kind session' },
    )
    expect((await get(path)).body).toContain('A calm and kind session')
  })

  test('the practitioner edits the profile', async () => {
    const practitioner = await createListedPractitioner({ firstName: 'Oldname', lastName: 'Person' })
    insertService(practitioner.id, { name: 'Profile Flow' })
    const paths = [`/practitioners/${practitioner.id}`, '/practitioners', '/services?search=Profile']
    for (const path of paths) expect((await cached(path)).body).toContain('Oldname')
    await updatePractitionerProfile(
      practitioner.id,
      ProfileSchema.parse({
        firstName: 'Newname',
        lastName: 'Person',
        title: 'Wellness Coach',
        bio: 'Helping people feel better, one session at a time.',
        specialties: ['Forest bathing'],
      }),
    )
    for (const path of paths) {
      const body = (await get(path)).body
      expect(body).toContain('Newname')
      expect(body).not.toContain('Oldname')
    }
    expect((await get('/practitioners')).body).toContain('Forest bathing')
  })

  test('the practitioner gives their profession and registration number', async () => {
    const practitioner = await createListedPractitioner({ firstName: 'Credentia' })
    const path = `/practitioners/${practitioner.id}`
    expect((await cached(path)).body).not.toContain('Reg. no. 4821')
    // No specialty or title changes here: only the professional details' own bump can show it.
    await updatePractitionerProfile(
      practitioner.id,
      ProfileSchema.parse({
        firstName: 'Credentia',
        lastName: 'Stone',
        title: practitioner.title,
        bio: practitioner.bio,
      }),
      { kind: 'keep' },
      { profession: 'dietitian', regulatoryBody: 'College of Dietitians of Ontario', registrationNumber: '4821' },
    )
    const body = (await get(path)).body
    expect(body).toContain('Registered Dietitian · College of Dietitians of Ontario · Reg. no. 4821')
  })

  test('an admin suspends a practitioner, and deletes another', async () => {
    const admin = await createUser({ isAdmin: true })
    const suspended = await createListedPractitioner({ firstName: 'Suspendia' })
    const deleted = await createListedPractitioner({ firstName: 'Deletia' })
    insertService(suspended.id, { name: 'Suspended Flow' })
    insertService(deleted.id, { name: 'Deleted Flow' })
    for (const path of ['/services', '/practitioners']) {
      const body = (await cached(path)).body
      expect(body).toContain('Suspendia')
      expect(body).toContain('Deletia')
    }
    expect((await cached(`/practitioners/${suspended.id}`)).status).toBe(200)
    setSuspended(admin, suspended.id, true)
    expect((await get(`/practitioners/${suspended.id}`)).status).toBe(404)
    await removeUser(admin, deleted.id)
    for (const path of ['/services', '/practitioners']) {
      const body = (await get(path)).body
      expect(body).not.toContain('Suspendia')
      expect(body).not.toContain('Deletia')
    }
  })
})
