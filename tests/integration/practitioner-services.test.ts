import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { bookings, services, timeSlots } from '~/db/schema'
import { uploadsDir } from '~/integrations/storage.server'
import { NOT_REALLY_AN_IMAGE } from '~/models/images/image'
import { MEETING_LINK_NEEDED, PAID_SERVICE_NEEDS_ACCOUNT, SERVICE_HAS_BOOKINGS } from '~/models/practice/service-form'
import * as serviceByIdApi from '~/routes/api.services.$id'
import * as servicesApi from '~/routes/api.services._index'
import * as screen from '~/routes/practitioner.services'
import * as uploadedImage from '~/routes/uploads.images.$name'
import {
  callApi,
  createListedPractitioner,
  createUser,
  expectRedirect,
  formReply,
  formRequest,
  getRequest,
  insertBooking,
  insertService,
  insertSlot,
  jsonRequest,
  readToast,
  routeArgs,
  settle,
  signIn,
  updateUserRow,
  type FormFields,
} from '../helpers'
import { inEnglish } from '../helpers/i18n'
import { shownErrors, shownToast } from '../helpers/practice-i18n'

/** My Services: the model rules through POST/PATCH/DELETE /api/services and the screen. */

const PAGE = '/practitioner/services'
const HOUR = 60 * 60 * 1000
let PNG: Uint8Array
let BIG_PNG: Uint8Array

beforeAll(async () => {
  PNG = new Uint8Array(
    await sharp({ create: { width: 800, height: 400, channels: 3, background: '#336699' } })
      .png()
      .toBuffer(),
  )
  BIG_PNG = new Uint8Array(5 * 1024 * 1024 + 10)
  BIG_PNG.set(PNG.slice(0, 8))
})

/** A practitioner who can take payments (a connected account), signed in. */
async function payingPractitioner(fixture: Parameters<typeof createListedPractitioner>[0] = {}) {
  const user = await createListedPractitioner(fixture)
  updateUserRow(user.id, { stripeAccountId: `acct_${user.id}_${Date.now()}` })
  return { user, cookie: await signIn(user.id) }
}

/** A practitioner with no payment account yet. */
async function newPractitioner() {
  const user = await createUser({ isPractitioner: true, firstName: 'Nia', lastName: 'New' })
  return { user, cookie: await signIn(user.id) }
}

const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Morning Flow Yoga',
  description: 'A gentle hour of yoga to start the day.',
  category: 'Yoga',
  price: 49.99,
  duration: 60,
  details: ['Bring a mat', 'Suitable for beginners'],
  meetingLink: 'https://meet.example.com/flow',
  ...overrides,
})

function post(cookie: string | undefined, data: unknown, method = 'POST') {
  return callApi(servicesApi.action, jsonRequest('/api/services', method, data, { cookie }))
}

function patch(cookie: string | undefined, id: number | string, data: unknown) {
  return callApi(serviceByIdApi.action, jsonRequest(`/api/services/${id}`, 'PATCH', data, { cookie }), {
    id: String(id),
  })
}

function del(cookie: string | undefined, id: number | string) {
  return callApi(serviceByIdApi.action, jsonRequest(`/api/services/${id}`, 'DELETE', undefined, { cookie }), {
    id: String(id),
  })
}

function mine(cookie?: string) {
  return callApi(servicesApi.loader, getRequest('/api/services?scope=mine', { cookie }))
}

function row(id: number) {
  return getDb().select().from(services).where(eq(services.id, id)).get()
}

function serveImage(url: string) {
  const [pathname, search = ''] = url.split('?')
  const name = pathname!.replace('/uploads/images/', '')
  return settle(() => uploadedImage.loader(routeArgs(getRequest(`${pathname}${search ? `?${search}` : ''}`), { name })))
}

function screenAction(cookie: string, fields: FormFields, query = '?new=1') {
  return settle(() => screen.action(routeArgs(formRequest(`${PAGE}${query}`, fields, { cookie }))))
}

function formFields(overrides: FormFields = {}): FormFields {
  return {
    intent: 'create-service',
    name: 'Sound Bath',
    description: 'Relax with singing bowls.',
    category: 'Meditation',
    price: '25',
    duration: '45',
    details: 'Lie down comfortably\n\n  Headphones recommended  \n',
    meetingLink: '',
    isActive: 'on',
    ...overrides,
  }
}

const png = (name = 'pic.png') => new File([Buffer.from(PNG)], name, { type: 'image/png' })

describe('GET /api/services', () => {
  test('?scope=mine lists every service of the signed-in practitioner, active or not, and nobody else’s', async () => {
    const { user, cookie } = await payingPractitioner()
    const other = await createListedPractitioner()
    const active = insertService(user.id, { name: 'Active one' })
    const inactive = insertService(user.id, { name: 'Resting one', isActive: false })
    insertService(other.id, { name: 'Not mine' })
    const answer = await mine(cookie)
    expect(answer.status).toBe(200)
    expect(answer.body.map((s: { id: number }) => s.id).sort()).toEqual([active.id, inactive.id].sort())
    expect(answer.body.find((s: { id: number }) => s.id === inactive.id)).toMatchObject({
      isActive: false,
      price: 50,
      duration: 60,
    })
  })

  test('?scope=mine answers 401 signed out and 403 for a client', async () => {
    expect((await mine()).status).toBe(401)
    const client = await createUser()
    expect((await mine(await signIn(client.id))).status).toBe(403)
  })

  test('without scope the path keeps its public meaning (listed services only)', async () => {
    const { user, cookie } = await payingPractitioner()
    const hidden = insertService(user.id, { name: 'Zzhiddenservice', isActive: false })
    const answer = await callApi(servicesApi.loader, getRequest('/api/services?search=Zzhiddenservice', { cookie }))
    expect(answer.status).toBe(200)
    expect(answer.body.map((s: { id: number }) => s.id)).not.toContain(hidden.id)
  })
})

describe('POST /api/services', () => {
  test('creates a service with the spec defaults and answers 201 with it', async () => {
    const { user, cookie } = await payingPractitioner()
    const answer = await post(cookie, { name: 'Intro call', description: 'Meet me.', category: 'Other', price: 0 })
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({
      practitionerId: user.id,
      name: 'Intro call',
      price: 0,
      duration: 60,
      details: [],
      isActive: true,
      isFreeIntro: false,
      imageUrl: null,
      meetingLink: null,
      // Sessions in the Solace video room unless the practitioner chooses their own link.
      useOwnMeetingLink: false,
    })
    expect(row(answer.body.id)).toMatchObject({ priceCents: 0, durationMinutes: 60 })
  })

  test('where sessions are held: the own link needs a link; left out, an edit keeps the choice', async () => {
    const { cookie } = await payingPractitioner()
    expect(await post(cookie, body({ meetingLink: '', useOwnMeetingLink: true }))).toMatchObject({
      status: 400,
      body: { message: inEnglish(MEETING_LINK_NEEDED) },
    })
    const made = await post(cookie, body({ useOwnMeetingLink: true }))
    expect(made).toMatchObject({
      status: 201,
      body: { useOwnMeetingLink: true, meetingLink: 'https://meet.example.com/flow' },
    })
    // The spec's client sends the same fields back without the choice: it stays.
    const edited = await patch(cookie, made.body.id, body({ name: 'Renamed' }))
    expect(edited.body).toMatchObject({ name: 'Renamed', useOwnMeetingLink: true })
    expect((await patch(cookie, made.body.id, body({ useOwnMeetingLink: false }))).body.useOwnMeetingLink).toBe(false)
  })

  test('stores dollars as cents, trims details and keeps the meeting link', async () => {
    const { cookie } = await payingPractitioner()
    const answer = await post(cookie, body({ details: ['  Bring a mat ', '', 'Water'] }))
    expect(answer.status).toBe(201)
    expect(row(answer.body.id)).toMatchObject({
      priceCents: 4999,
      details: ['Bring a mat', 'Water'],
      meetingLink: 'https://meet.example.com/flow',
    })
  })

  test.each([
    [{ price: 10.999 }, 'Price can have at most 2 decimal places'],
    [{ price: -1 }, 'Price must be 0 or more'],
    [{ duration: 10 }, 'Duration must be at least 15 minutes'],
    [{ duration: 62 }, 'Duration must be a multiple of 5 minutes'],
    [{ category: 'Astrology' }, 'Please select a category'],
    [{ name: '  ' }, 'Service name is required'],
    [{ meetingLink: 'http://meet.example.com/x' }, 'Meeting link must be a secure https:// URL'],
    [{ imageUrl: 'https://evil.example/x.png' }, 'Please select an image file'],
  ])('refuses %j with 400', async (overrides, message) => {
    const { cookie } = await payingPractitioner()
    const answer = await post(cookie, body(overrides))
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ message })
  })

  test('a paid service needs a payment account (the spec’s text); a free one does not', async () => {
    const { user, cookie } = await newPractitioner()
    const refused = await post(cookie, body({ price: 20 }))
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({ message: inEnglish(PAID_SERVICE_NEEDS_ACCOUNT) })
    expect(inEnglish(PAID_SERVICE_NEEDS_ACCOUNT)).toBe(
      'Payment provider account required: You must set up your payment provider account in Settings before creating paid services.',
    )
    expect((await post(cookie, body({ price: 0 }))).status).toBe(201)
    const count = getDb().select().from(services).where(eq(services.practitionerId, user.id)).all().length
    expect(count).toBe(1)
  })

  test('answers 401 signed out, 403 for a client and 405 for other methods', async () => {
    expect((await post(undefined, body())).status).toBe(401)
    const client = await createUser()
    expect((await post(await signIn(client.id), body())).status).toBe(403)
    const { cookie } = await payingPractitioner()
    const put = await post(cookie, body(), 'PUT')
    expect(put.status).toBe(405)
    expect(put.headers.get('Allow')).toBe('GET, POST')
  })

  test('an inline data: image is checked and stored as a file; another account’s upload cannot be borrowed', async () => {
    const { cookie } = await payingPractitioner()
    const dataUrl = `data:image/png;base64,${Buffer.from(PNG).toString('base64')}`
    const created = await post(cookie, body({ imageUrl: dataUrl }))
    expect(created.status).toBe(201)
    expect(created.body.imageUrl).toMatch(/^\/uploads\/images\/[0-9a-f-]{36}\.webp$/)
    expect(((await serveImage(created.body.imageUrl)) as Response).status).toBe(200)

    const thief = await payingPractitioner()
    const borrowed = await post(thief.cookie, body({ imageUrl: created.body.imageUrl }))
    expect(borrowed.status).toBe(400)
    expect(borrowed.body).toEqual({ message: 'Please select an image file' })

    const fake = await post(
      cookie,
      body({ imageUrl: `data:image/png;base64,${Buffer.from('not an image').toString('base64')}` }),
    )
    expect(fake.status).toBe(400)
    expect(fake.body).toEqual({ message: inEnglish(NOT_REALLY_AN_IMAGE) })

    const staticPicture = await post(cookie, body({ imageUrl: '/images/placeholder-service.svg' }))
    expect(staticPicture.status).toBe(201)
    expect(staticPicture.body.imageUrl).toBe('/images/placeholder-service.svg')
  })
})

describe('PATCH /api/services/:id', () => {
  test('the owner changes every field; left-out imageUrl keeps the picture', async () => {
    const { user, cookie } = await payingPractitioner()
    const service = insertService(user.id, { imageUrl: '/images/placeholder-service.svg' })
    const answer = await patch(
      cookie,
      service.id,
      body({ name: 'Renamed', price: 80, duration: 90, isActive: false, isFreeIntro: true }),
    )
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      name: 'Renamed',
      price: 80,
      duration: 90,
      isActive: false,
      isFreeIntro: true,
      imageUrl: '/images/placeholder-service.svg',
    })
    expect(row(service.id)!.updatedAt.getTime()).toBeGreaterThanOrEqual(service.updatedAt.getTime())
  })

  test('another owner’s, unknown and malformed ids answer 404 and change nothing', async () => {
    const owner = await payingPractitioner()
    const service = insertService(owner.user.id, { name: 'Original' })
    const intruder = await payingPractitioner()
    for (const id of [service.id, 999999, 'abc']) {
      const answer = await patch(intruder.cookie, id, body({ name: 'Hijacked' }))
      expect(answer.status).toBe(404)
      expect(answer.body).toEqual({ message: 'Service not found' })
    }
    expect(row(service.id)!.name).toBe('Original')
  })

  test('turning a free service into a paid one needs a payment account', async () => {
    const { user, cookie } = await newPractitioner()
    const free = insertService(user.id, { priceCents: 0 })
    const answer = await patch(cookie, free.id, body({ price: 30 }))
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ message: inEnglish(PAID_SERVICE_NEEDS_ACCOUNT) })
    expect(row(free.id)!.priceCents).toBe(0)
    // Other edits of the free service go through.
    expect((await patch(cookie, free.id, body({ price: 0, name: 'Still free' }))).status).toBe(200)
  })

  test('editing never changes bookings already made', async () => {
    const { user, cookie } = await payingPractitioner()
    const client = await createUser()
    const service = insertService(user.id, { name: 'Breathwork session', priceCents: 5000, durationMinutes: 60 })
    const booking = insertBooking({
      clientId: client.id,
      practitionerId: user.id,
      serviceId: service.id,
      startsInHours: 48,
    })
    expect((await patch(cookie, service.id, body({ name: 'New name', price: 120, duration: 30 }))).status).toBe(200)
    const after = getDb().select().from(bookings).where(eq(bookings.id, booking.id)).get()!
    expect(after).toMatchObject({
      serviceName: 'Breathwork session',
      durationMinutes: 60,
      totalAmountCents: 5000,
      startTime: booking.startTime,
      endTime: booking.endTime,
      status: 'confirmed',
    })
  })

  test('imageUrl null removes the picture and discards its file', async () => {
    const { cookie } = await payingPractitioner()
    const created = await post(
      cookie,
      body({ imageUrl: `data:image/png;base64,${Buffer.from(PNG).toString('base64')}` }),
    )
    const url = created.body.imageUrl as string
    expect(((await serveImage(`${url}?w=96`)) as Response).status).toBe(200)
    const answer = await patch(cookie, created.body.id, body({ imageUrl: null }))
    expect(answer.body.imageUrl).toBeNull()
    expect(((await serveImage(url)) as Response).status).toBe(404)
    const copy = path.join(
      uploadsDir(),
      'images-w96',
      url
        .split('/')
        .pop()!
        .replace(/\.png$/, '.webp'),
    )
    expect(fs.existsSync(copy)).toBe(false)
  })
  test("imageUrl '' (the spec’s client clearing the picture) removes it and discards its file, like null", async () => {
    const { cookie } = await payingPractitioner()
    const created = await post(
      cookie,
      body({ imageUrl: `data:image/png;base64,${Buffer.from(PNG).toString('base64')}` }),
    )
    const url = created.body.imageUrl as string
    expect(((await serveImage(`${url}?w=96`)) as Response).status).toBe(200)
    const answer = await patch(cookie, created.body.id, body({ imageUrl: '' }))
    expect(answer.status).toBe(200)
    expect(answer.body.imageUrl).toBeNull()
    expect(row(created.body.id)!.imageUrl).toBeNull()
    expect(((await serveImage(url)) as Response).status).toBe(404)
    const copy = path.join(
      uploadsDir(),
      'images-w96',
      url
        .split('/')
        .pop()!
        .replace(/\.png$/, '.webp'),
    )
    expect(fs.existsSync(copy)).toBe(false)

    // Creating with '' is a service without a picture.
    const fresh = await post(cookie, body({ imageUrl: '' }))
    expect(fresh.status).toBe(201)
    expect(fresh.body.imageUrl).toBeNull()
    expect(row(fresh.body.id)!.imageUrl).toBeNull()
  })
})

describe('DELETE /api/services/:id', () => {
  test('refused with 409 while a session is booked on it', async () => {
    const { user, cookie } = await payingPractitioner()
    const client = await createUser()
    const service = insertService(user.id)
    insertBooking({
      clientId: client.id,
      practitionerId: user.id,
      serviceId: service.id,
      startsInHours: 24,
      status: 'pending',
    })
    const answer = await del(cookie, service.id)
    expect(answer.status).toBe(409)
    expect(answer.body).toEqual({ message: inEnglish(SERVICE_HAS_BOOKINGS) })
    expect(row(service.id)).toBeDefined()
  })

  test('deletes it with its open future slots; past and cancelled bookings stay; its image goes', async () => {
    const { user, cookie } = await payingPractitioner()
    const client = await createUser()
    const created = await post(
      cookie,
      body({ imageUrl: `data:image/png;base64,${Buffer.from(PNG).toString('base64')}` }),
    )
    const id = created.body.id as number
    const past = insertBooking({
      clientId: client.id,
      practitionerId: user.id,
      serviceId: id,
      startsInHours: -48,
      status: 'completed',
    })
    insertBooking({
      clientId: client.id,
      practitionerId: user.id,
      serviceId: id,
      startsInHours: 72,
      status: 'cancelled',
    })
    const open = insertSlot({ practitionerId: user.id, serviceId: id, startTime: new Date(Date.now() + 24 * HOUR) })
    const oldOpen = insertSlot({ practitionerId: user.id, serviceId: id, startTime: new Date(Date.now() - 24 * HOUR) })

    const answer = await del(cookie, id)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ message: 'Service deleted' })
    expect(row(id)).toBeUndefined()
    const slot = (slotId: number) => getDb().select().from(timeSlots).where(eq(timeSlots.id, slotId)).get()
    expect(slot(open.id)).toBeUndefined()
    expect(slot(oldOpen.id)).toMatchObject({ serviceId: null })
    expect(getDb().select().from(bookings).where(eq(bookings.id, past.id)).get()).toMatchObject({
      serviceId: null,
      serviceName: 'Breathwork session',
    })
    expect(((await serveImage(created.body.imageUrl)) as Response).status).toBe(404)
  })

  test('another owner’s id answers 404; signed out 401; a client 403', async () => {
    const owner = await payingPractitioner()
    const service = insertService(owner.user.id)
    const intruder = await payingPractitioner()
    expect((await del(intruder.cookie, service.id)).status).toBe(404)
    expect((await del(undefined, service.id)).status).toBe(401)
    const client = await createUser()
    expect((await del(await signIn(client.id), service.id)).status).toBe(403)
    expect(row(service.id)).toBeDefined()
  })
})

describe('the My Services screen', () => {
  test('signed out goes to /login and back; a client goes to their dashboard', async () => {
    expectRedirect(
      await settle(() => screen.loader(routeArgs(getRequest(PAGE)))),
      `/login?redirect=${encodeURIComponent(PAGE)}`,
    )
    const client = await createUser()
    const clientCookie = await signIn(client.id)
    const answer = await settle(() => screen.loader(routeArgs(getRequest(PAGE, { cookie: clientCookie }))))
    expect(answer).toBeInstanceOf(Response)
    expect((answer as Response).headers.get('Location')).not.toBe(PAGE)
  })

  test('the loader lists all own services and opens only the owner’s dialogs from the URL', async () => {
    const { user, cookie } = await payingPractitioner()
    const other = await createListedPractitioner()
    const mineToo = insertService(user.id, { isActive: false })
    const theirs = insertService(other.id)
    const load = (query: string) => screen.loader(routeArgs(getRequest(`${PAGE}${query}`, { cookie })))
    const plain = await load('')
    expect(plain).toMatchObject({ creating: false, editing: null, deleting: null, hasPaymentAccount: true })
    expect(plain.services.map((s) => s.id)).toEqual([mineToo.id])
    expect((await load('?new=1')).creating).toBe(true)
    expect((await load(`?edit=${mineToo.id}`)).editing).toMatchObject({ id: mineToo.id })
    expect((await load(`?edit=${theirs.id}`)).editing).toBeNull()
    expect((await load(`?delete=${theirs.id}`)).deleting).toBeNull()
  })

  test('creating with an image redirects with “Service created”; details are split by line, unticked boxes are false', async () => {
    const { user, cookie } = await payingPractitioner()
    const answer = await screenAction(cookie, formFields({ isActive: '', imageFile: png() }))
    const response = expectRedirect(answer, PAGE)
    expect(shownToast(await readToast(response))).toMatchObject({ type: 'success', title: 'Service created' })
    const created = getDb().select().from(services).where(eq(services.practitionerId, user.id)).get()!
    expect(created).toMatchObject({
      name: 'Sound Bath',
      priceCents: 2500,
      durationMinutes: 45,
      details: ['Lie down comfortably', 'Headphones recommended'],
      isActive: false,
      isFreeIntro: false,
      meetingLink: null,
      useOwnMeetingLink: false,
    })
    expect(created.imageUrl).toMatch(/^\/uploads\/images\/[0-9a-f-]{36}\.webp$/)
  })

  test('a resized copy is served as WebP at the asked width, cached on disk, for good', async () => {
    const { user, cookie } = await payingPractitioner()
    await screenAction(cookie, formFields({ imageFile: png() }))
    const url = getDb().select().from(services).where(eq(services.practitionerId, user.id)).get()!.imageUrl!
    const served = (await serveImage(`${url}?w=320`)) as Response
    expect(served.status).toBe(200)
    expect(served.headers.get('Content-Type')).toBe('image/webp')
    expect(served.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 160 })
    const copy = path.join(
      uploadsDir(),
      'images-w320',
      url
        .split('/')
        .pop()!
        .replace(/\.png$/, '.webp'),
    )
    expect(fs.existsSync(copy)).toBe(true)
    // Served again from the cached copy, same bytes.
    const again = (await serveImage(`${url}?w=320`)) as Response
    expect(Buffer.from(await again.arrayBuffer()).equals(fs.readFileSync(copy))).toBe(true)
    // Never enlarged past the original.
    const wide = await sharp(
      Buffer.from(await ((await serveImage(`${url}?w=1280`)) as Response).arrayBuffer()),
    ).metadata()
    expect(wide.width).toBe(800)
    // Only the listed widths exist.
    expect(((await serveImage(`${url}?w=500`)) as Response).status).toBe(400)
    expect(
      ((await serveImage('/uploads/images/00000000-0000-0000-0000-000000000000.png?w=320')) as Response).status,
    ).toBe(404)
  })

  test('text named .png, or a picture over 5MB, is refused with a message that says which and nothing is created', async () => {
    const { user, cookie } = await payingPractitioner()
    const text = new File([new TextEncoder().encode('plain text, not a picture')], 'x.png', { type: 'image/png' })
    const notImage = formReply(await screenAction(cookie, formFields({ imageFile: text })))
    expect(notImage.status).toBe(400)
    expect(notImage.result.error).toMatchObject({ imageFile: [NOT_REALLY_AN_IMAGE] })
    expect(shownToast(notImage.toast)).toEqual({
      type: 'error',
      title: 'Failed to create service',
      description: inEnglish(NOT_REALLY_AN_IMAGE),
    })

    const big = formReply(
      await screenAction(
        cookie,
        formFields({ imageFile: new File([Buffer.from(BIG_PNG)], 'big.png', { type: 'image/png' }) }),
      ),
    )
    expect(big.status).toBe(413)
    expect(big.result.error).toMatchObject({ imageFile: ['Image must be less than 5MB'] })
    expect(shownToast(big.toast)).toMatchObject({
      title: 'Failed to create service',
      description: 'Image must be less than 5MB',
    })
    expect(getDb().select().from(services).where(eq(services.practitionerId, user.id)).all()).toHaveLength(0)
  })

  test('a paid service without a payment account is refused on the price field with the spec’s toast', async () => {
    const { cookie } = await newPractitioner()
    const answer = formReply(await screenAction(cookie, formFields({ price: '25' })))
    expect(answer.status).toBe(400)
    expect(answer.result.error).toMatchObject({ price: [PAID_SERVICE_NEEDS_ACCOUNT] })
    expect(shownToast(answer.toast)).toEqual({
      type: 'error',
      title: 'Failed to create service',
      description: inEnglish(PAID_SERVICE_NEEDS_ACCOUNT),
    })
  })

  test('the own meeting link chosen without a link comes back on the link field; with one, it is kept', async () => {
    const { user, cookie } = await payingPractitioner()
    const refused = await screenAction(cookie, formFields({ useOwnMeetingLink: 'on', meetingLink: '' }))
    expect(formReply(refused).result.error).toMatchObject({ meetingLink: [MEETING_LINK_NEEDED] })
    const answer = await screenAction(
      cookie,
      formFields({ useOwnMeetingLink: 'on', meetingLink: 'https://meet.example.com/own', name: 'Own Room' }),
    )
    expectRedirect(answer, PAGE)
    expect(getDb().select().from(services).where(eq(services.name, 'Own Room')).get()).toMatchObject({
      practitionerId: user.id,
      useOwnMeetingLink: true,
      meetingLink: 'https://meet.example.com/own',
    })
  })

  test('invalid fields come back to the form with status 400', async () => {
    const { cookie } = await payingPractitioner()
    const answer = formReply(await screenAction(cookie, formFields({ price: '1.234', duration: '7' })))
    expect(answer.status).toBe(400)
    expect(shownErrors(answer.result.error)).toMatchObject({
      price: ['Price can have at most 2 decimal places'],
      duration: expect.arrayContaining(['Duration must be at least 15 minutes']),
    })
  })

  test('editing replaces the picture (the old file goes), and “remove” clears it', async () => {
    const { user, cookie } = await payingPractitioner()
    await screenAction(cookie, formFields({ imageFile: png() }))
    const service = getDb().select().from(services).where(eq(services.practitionerId, user.id)).get()!
    const first = service.imageUrl!
    const edit = (fields: FormFields) =>
      screenAction(
        cookie,
        formFields({ intent: 'update-service', serviceId: String(service.id), ...fields }),
        `?edit=${service.id}`,
      )

    expect(
      shownToast(
        await readToast(expectRedirect(await edit({ name: 'Deep Sound Bath', imageFile: png('new.png') }), PAGE)),
      ),
    ).toMatchObject({
      title: 'Service updated',
    })
    const second = row(service.id)!.imageUrl!
    expect(second).not.toBe(first)
    expect(row(service.id)!.name).toBe('Deep Sound Bath')
    expect(((await serveImage(first)) as Response).status).toBe(404)

    expectRedirect(await edit({ removeImage: 'on' }), PAGE)
    expect(row(service.id)!.imageUrl).toBeNull()
    expect(((await serveImage(second)) as Response).status).toBe(404)
  })

  test('editing someone else’s service is refused as not found', async () => {
    const owner = await payingPractitioner()
    const service = insertService(owner.user.id, { name: 'Theirs' })
    const { cookie } = await payingPractitioner()
    const answer = formReply(
      await screenAction(
        cookie,
        formFields({ intent: 'update-service', serviceId: String(service.id) }),
        `?edit=${service.id}`,
      ),
    )
    expect(answer.status).toBe(404)
    expect(shownToast(answer.toast)).toEqual({
      type: 'error',
      title: 'Failed to update service',
      description: 'Service not found',
    })
    expect(row(service.id)!.name).toBe('Theirs')
  })

  test('deleting redirects with “Service deleted”; with a booked session it says why it failed', async () => {
    const { user, cookie } = await payingPractitioner()
    const client = await createUser()
    const free = insertService(user.id)
    const booked = insertService(user.id)
    insertBooking({ clientId: client.id, practitionerId: user.id, serviceId: booked.id, startsInHours: 5 })
    const remove = (id: number) =>
      screenAction(cookie, { intent: 'delete-service', serviceId: String(id) }, `?delete=${id}`)

    expect(shownToast(await readToast(expectRedirect(await remove(free.id), PAGE)))).toMatchObject({
      type: 'success',
      title: 'Service deleted',
    })
    expect(row(free.id)).toBeUndefined()

    expect(shownToast(await readToast(expectRedirect(await remove(booked.id), PAGE)))).toEqual({
      type: 'error',
      title: 'Failed to delete service',
      description: inEnglish(SERVICE_HAS_BOOKINGS),
    })
    expect(row(booked.id)).toBeDefined()
  })
})
