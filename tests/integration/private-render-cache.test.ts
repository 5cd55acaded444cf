import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { messages } from '~/db/schema'
import { payCheckoutSession } from '~/integrations/stripe-emulator/payments.server'
import { destroyUserSession } from '~/models/accounts/auth.server'
import { revokeUserSessions, updateSessionData } from '~/models/accounts/session.server'
import { setLanguage, setTimeZone } from '~/models/accounts/user.server'
import { cancelBooking, createBooking } from '~/models/booking/booking.server'
import { startCheckout } from '~/models/booking/payments.server'
import { createReview } from '~/models/marketplace/review.server'
import { markConversationRead, sendMessage } from '~/models/messaging/message.server'
import { ProfileSchema } from '~/models/practice/profile'
import { updatePractitionerProfile } from '~/models/practice/profile.server'
import { createSlotFromApi } from '~/models/practice/slots.server'
import { createNote } from '~/models/records/notes.server'
import { createPatient, updatePatient } from '~/models/records/patients.server'
import * as clientLayout from '~/routes/_client'
import * as clientDashboard from '~/routes/_client.client-dashboard'
import * as clientInbox from '~/routes/_client.client-inbox'
import * as publicLayout from '~/routes/_public'
import * as practitionerList from '~/routes/_public.practitioners._index'
import * as serviceList from '~/routes/_public.services._index'
import * as practitionerLayout from '~/routes/practitioner'
import * as practitionerCalendar from '~/routes/practitioner.calendar'
import * as practitionerDashboard from '~/routes/practitioner.dashboard'
import * as practitionerInbox from '~/routes/practitioner.inbox'
import * as patientCharting from '~/routes/practitioner.patient-charting/route'
import {
  createListedPractitioner,
  createUser,
  deliverRaisedEvents,
  expireSessions,
  frontDoorBuild,
  insertBooking,
  insertCompletedSession,
  insertService,
  insertSlot,
  ORIGIN,
  rawRequest,
  sessionRows,
  signIn,
  startFrontDoor,
  type FrontDoor,
} from '../helpers'
import { marker } from '../helpers/ai'

/**
 * The per-person render cache (server/private-render-cache.js, decision 054) in front of the real
 * pages a signed-in person lives in: a page is answered from memory only to the session it was
 * rendered for, while that session's row is unchanged and valid, within its minute, and until any
 * write a signed-in page can show (drizzle/0027_private_version.sql).
 */

const MINUTE = 60_000
const HOUR = 60 * MINUTE
let door: FrontDoor
/** The cache's clock, standing still unless a test moves it: a test's pages fall in one minute. */
let clock = 0

beforeAll(async () => {
  const build = await frontDoorBuild([
    { id: 'routes/_public', module: publicLayout },
    { id: 'routes/_public.services._index', parentId: 'routes/_public', path: 'services', module: serviceList },
    {
      id: 'routes/_public.practitioners._index',
      parentId: 'routes/_public',
      path: 'practitioners',
      module: practitionerList,
    },
    { id: 'routes/_client', module: clientLayout },
    {
      id: 'routes/_client.client-dashboard',
      parentId: 'routes/_client',
      path: 'client-dashboard',
      module: clientDashboard,
    },
    { id: 'routes/_client.client-inbox', parentId: 'routes/_client', path: 'client-inbox', module: clientInbox },
    { id: 'routes/practitioner', path: 'practitioner', module: practitionerLayout },
    {
      id: 'routes/practitioner.dashboard',
      parentId: 'routes/practitioner',
      path: 'dashboard',
      module: practitionerDashboard,
    },
    {
      id: 'routes/practitioner.calendar',
      parentId: 'routes/practitioner',
      path: 'calendar',
      module: practitionerCalendar,
    },
    {
      id: 'routes/practitioner.patient-charting',
      parentId: 'routes/practitioner',
      path: 'patient-charting',
      module: patientCharting,
    },
    { id: 'routes/practitioner.inbox', parentId: 'routes/practitioner', path: 'inbox', module: practitionerInbox },
  ])
  door = await startFrontDoor(build, { privateRenderCache: { now: () => clock } })
})

afterAll(() => door.close())

/** Each test starts a second into the next minute. */
beforeEach(() => {
  clock = (Math.floor(Date.now() / MINUTE) + 1) * MINUTE + 1000
})

/** Messages to the person not yet read. */
function unreadCount(userId: number) {
  return getDb()
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.recipientId, userId), eq(messages.isRead, false)))
    .all().length
}

function get(path: string, cookie: string) {
  return rawRequest(door.port, { path, headers: { cookie } })
}

/** Asked twice: the second answer comes from memory. */
async function kept(path: string, cookie: string) {
  await get(path, cookie)
  const answer = await get(path, cookie)
  expect(answer.status).toBe(200)
  expect(answer.headers['x-render-cache']).toBe('hit')
  expect(answer.headers['cache-control']).toBe('private, no-store')
  return answer
}

/** The next answer is rendered again. */
async function fresh(path: string, cookie: string) {
  const answer = await get(path, cookie)
  expect(answer.status).toBe(200)
  expect(answer.headers['x-render-cache']).toBe('miss')
  return answer
}

/** A client and a practitioner who have met: a completed session, a booking to come, an open slot, a message each way. */
async function pair() {
  const practitioner = await createListedPractitioner({ firstName: marker('Prac') })
  const service = insertService(practitioner.id, { name: marker('Flow'), priceCents: 0 })
  const client = await createUser({ firstName: marker('Cli'), timeZone: 'America/Toronto' })
  insertCompletedSession({ clientId: client.id, practitionerId: practitioner.id, serviceId: service.id })
  insertBooking({
    clientId: client.id,
    practitionerId: practitioner.id,
    serviceId: service.id,
    startsInHours: 72,
  })
  sendMessage(client.id, { recipientId: practitioner.id, subject: 'Hello', content: 'Looking forward to it.' })
  return {
    practitioner,
    service,
    client,
    clientCookie: await signIn(client.id),
    practitionerCookie: await signIn(practitioner.id),
  }
}

const CLIENT_PAGES = ['/services', '/practitioners', '/client-dashboard', '/client-inbox']
const PRACTITIONER_PAGES = [
  '/practitioner/dashboard',
  '/practitioner/calendar',
  '/practitioner/patient-charting',
  '/practitioner/inbox',
]

describe('whom a kept page is answered to', () => {
  test('each of the eight pages is kept, for its own session only', async () => {
    const { client, practitioner, clientCookie, practitionerCookie } = await pair()
    const otherClient = await createUser({ firstName: marker('Other') })
    const otherClientCookie = await signIn(otherClient.id)
    const otherPractitioner = await createListedPractitioner({ firstName: marker('OtherPrac') })
    const otherPractitionerCookie = await signIn(otherPractitioner.id)
    for (const [pages, person, cookie, other, otherCookie] of [
      [CLIENT_PAGES, client, clientCookie, otherClient, otherClientCookie],
      [PRACTITIONER_PAGES, practitioner, practitionerCookie, otherPractitioner, otherPractitionerCookie],
    ] as const) {
      for (const path of pages) {
        expect((await kept(path, cookie)).body).toContain(person.firstName)
        // The same address, another person: rendered for them, never the first one's page.
        const theirs = await fresh(path, otherCookie)
        expect(theirs.body).toContain(other.firstName)
        expect(theirs.body).not.toContain(person.firstName)
      }
    }
    // The same person signed in elsewhere: another session, its own pages.
    expect((await fresh('/client-dashboard', await signIn(client.id))).body).toContain(client.firstName)
  })

  test('a session signed out, revoked, expired or forged is never answered from memory', async () => {
    const { client } = await pair()
    for (const end of ['forged', 'signed out', 'revoked', 'expired'] as const) {
      const cookie = await signIn(client.id)
      await kept('/client-dashboard', cookie)
      let sent = cookie
      if (end === 'forged') sent = cookie.slice(0, -1) + (cookie.endsWith('A') ? 'B' : 'A')
      if (end === 'signed out') await destroyUserSession(new Request(ORIGIN, { headers: { cookie } }))
      if (end === 'revoked') revokeUserSessions(client.id)
      if (end === 'expired') expireSessions(client.id)
      const answer = await get('/client-dashboard', sent)
      expect(answer.headers['x-render-cache']).toBeUndefined()
      expect(answer.status).toBe(302)
      expect(answer.body).not.toContain(client.firstName)
    }
  })

  test("a change of the session's own state (a second factor given, a step pending) renders again", async () => {
    const { client, clientCookie } = await pair()
    await kept('/client-dashboard', clientCookie)
    const sid = sessionRows(client.id).at(-1)!.sid
    updateSessionData(sid, { verifiedAt: Date.now() + 1 })
    await fresh('/client-dashboard', clientCookie)
  })

  test('a toast, another cookie or another zone is not answered from memory; a chart that opens a patient is never kept', async () => {
    const { practitioner, clientCookie, practitionerCookie } = await pair()
    await kept('/client-dashboard', clientCookie)
    for (const extra of ['toast-session=abc', 'something=else']) {
      const answer = await get('/client-dashboard', `${clientCookie}; ${extra}`)
      expect(answer.headers['x-render-cache']).toBeUndefined()
    }
    // The zone and the language chosen are part of the key.
    await fresh('/client-dashboard', `${clientCookie}; tz=Europe/Paris`)
    await fresh('/client-dashboard', `${clientCookie}; lng=fr`)
    // Opening a patient writes the access trail: rendered every time.
    const patient = createPatient(practitioner.id, { firstName: 'Jamie', lastName: marker('Chart') })
    for (let i = 0; i < 2; i += 1) {
      const answer = await get(`/practitioner/patient-charting?patient=${patient.id}`, practitionerCookie)
      expect(answer.status).toBe(200)
      expect(answer.headers['x-render-cache']).toBeUndefined()
    }
  })

  test('a kept page is true until the end of the minute it was rendered in', async () => {
    const { practitionerCookie } = await pair()
    await kept('/practitioner/calendar', practitionerCookie)
    clock += 59_000 - 1
    expect((await get('/practitioner/calendar', practitionerCookie)).headers['x-render-cache']).toBe('hit')
    clock += 1
    await fresh('/practitioner/calendar', practitionerCookie)
    // The same person's requests at once, in a new minute: one renders, the others wait for it.
    clock += MINUTE
    const answers = await Promise.all([1, 2, 3].map(() => get('/practitioner/calendar', practitionerCookie)))
    expect(answers.map((a) => a.headers['x-render-cache']).sort()).toEqual(['hit', 'hit', 'miss'])
    expect(new Set(answers.map((a) => a.body)).size).toBe(1)
  })
})

describe('a kept page is rendered again right after any write it shows', () => {
  test('a booking, then its cancellation', async () => {
    const { practitioner, service, client, clientCookie, practitionerCookie } = await pair()
    const slot = insertSlot({
      practitionerId: practitioner.id,
      serviceId: service.id,
      startTime: new Date(Date.now() + 96 * HOUR),
    })
    await kept('/client-dashboard', clientCookie)
    await kept('/practitioner/dashboard', practitionerCookie)
    const { id } = await createBooking(client as never, { serviceId: service.id, timeSlotId: slot.id })
    await fresh('/client-dashboard', clientCookie)
    await fresh('/practitioner/dashboard', practitionerCookie)
    await kept('/client-dashboard', clientCookie)
    await kept('/practitioner/calendar', practitionerCookie)
    await cancelBooking(client as never, id)
    await fresh('/client-dashboard', clientCookie)
    await fresh('/practitioner/calendar', practitionerCookie)
  })

  test('a message from the other party, and its read receipt', async () => {
    const { practitioner, client, clientCookie, practitionerCookie } = await pair()
    await kept('/client-inbox', clientCookie)
    await kept('/practitioner/inbox', practitionerCookie)
    const words = marker('See you Tuesday')
    sendMessage(practitioner.id, { recipientId: client.id, subject: words, content: 'Bring comfortable clothes.' })
    expect((await fresh('/client-inbox', clientCookie)).body).toContain(words)
    await fresh('/practitioner/inbox', practitionerCookie)
    await kept('/practitioner/inbox', practitionerCookie)
    markConversationRead(client.id, practitioner.id)
    await fresh('/practitioner/inbox', practitionerCookie)
  })

  test('a conversation opened from another site is not the page opened from ours, which marks it read', async () => {
    const { practitioner, client, clientCookie } = await pair()
    sendMessage(practitioner.id, { recipientId: client.id, subject: 'Unread', content: 'Please read this soon.' })
    const path = `/client-inbox?with=${practitioner.id}`
    const fromElsewhere = { cookie: clientCookie, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' }
    for (let i = 0; i < 2; i += 1) await rawRequest(door.port, { path, headers: fromElsewhere })
    expect((await rawRequest(door.port, { path, headers: fromElsewhere })).headers['x-render-cache']).toBe('hit')
    expect(unreadCount(client.id)).toBe(1)
    const fromUs = await rawRequest(door.port, {
      path,
      headers: { cookie: clientCookie, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' },
    })
    expect(fromUs.headers['x-render-cache']).toBe('miss')
    expect(unreadCount(client.id)).toBe(0)
  })

  test('a slot added to the calendar', async () => {
    const { practitioner, service, practitionerCookie } = await pair()
    await kept('/practitioner/calendar', practitionerCookie)
    const start = new Date(Date.now() + 24 * HOUR)
    createSlotFromApi(
      practitioner.id,
      { serviceId: service.id, startTime: start.toISOString(), endTime: new Date(+start + HOUR).toISOString() },
      'America/Toronto',
    )
    await fresh('/practitioner/calendar', practitionerCookie)
  })

  test("a chart's profile or note changed", async () => {
    const { practitioner, practitionerCookie } = await pair()
    const patient = createPatient(practitioner.id, { firstName: 'Jamie', lastName: marker('Before') })
    await kept('/practitioner/patient-charting', practitionerCookie)
    const lastName = marker('After')
    updatePatient(practitioner.id, patient.id, { lastName })
    expect((await fresh('/practitioner/patient-charting', practitionerCookie)).body).toContain(lastName)
    await kept('/practitioner/patient-charting', practitionerCookie)
    createNote(practitioner.id, patient.id, {
      title: 'Follow-up',
      content: 'Better.',
      noteType: 'general',
      isPrivate: true,
    })
    await fresh('/practitioner/patient-charting', practitionerCookie)
  })

  test('a payment', async () => {
    const practitioner = await createListedPractitioner()
    const service = insertService(practitioner.id, { priceCents: 8000 })
    const client = await createUser({ timeZone: 'America/Toronto' })
    const cookie = await signIn(client.id)
    const slot = insertSlot({
      practitionerId: practitioner.id,
      serviceId: service.id,
      startTime: new Date(Date.now() + 50 * HOUR),
    })
    const { id } = await createBooking(client as never, { serviceId: service.id, timeSlotId: slot.id })
    const { url } = await startCheckout(client as never, id, ORIGIN)
    await kept('/client-dashboard', cookie)
    payCheckoutSession(url.split('/').pop()!, '5555 5555 5555 4444')
    await deliverRaisedEvents()
    await fresh('/client-dashboard', cookie)
  })

  test('a review', async () => {
    const { practitioner, client, practitionerCookie, clientCookie } = await pair()
    await kept('/practitioner/dashboard', practitionerCookie)
    await kept('/practitioners', clientCookie)
    createReview(
      { id: client.id, isPractitioner: false, isAdmin: false },
      { practitionerId: practitioner.id, rating: 5, content: 'Kind.' },
    )
    await fresh('/practitioner/dashboard', practitionerCookie)
    await fresh('/practitioners', clientCookie)
  })

  test("the person's language, zone or profile", async () => {
    const { client, practitioner, clientCookie, practitionerCookie } = await pair()
    await kept('/services', clientCookie)
    setLanguage(client.id, 'fr')
    expect((await fresh('/services', clientCookie)).body).toContain('<html lang="fr')
    await kept('/client-dashboard', clientCookie)
    setTimeZone(client.id, 'Asia/Tokyo')
    await fresh('/client-dashboard', clientCookie)
    await kept('/practitioner/dashboard', practitionerCookie)
    await updatePractitionerProfile(
      practitioner.id,
      ProfileSchema.parse({
        firstName: practitioner.firstName,
        lastName: 'Person',
        title: marker('Coach'),
        bio: 'Helping people breathe better, one session at a time.',
        specialties: ['Breathwork'],
      }),
    )
    await fresh('/practitioner/dashboard', practitionerCookie)
  })
})
