import { createHash, randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { CONNECT_ACCOUNT_INTENT, ONBOARDING_LINK_INTENT } from '~/components/payments/payment-setup-card'
import { SEND_RECEIPT_INTENT } from '~/components/practice/earnings-receipts'
import { getDb } from '~/db/client.server'
import { bookings, passkeys, receipts, sessionConnectionEvents, waitlistEntries } from '~/db/schema'
import { payCheckoutSession } from '~/integrations/stripe-emulator/payments.server'
import { resetAllLimits } from '~/lib/rate-limit.server'
import { calendarFeedOf, resetCalendarFeed } from '~/models/accounts/calendar-feed.server'
import { getSession, noteSessionSeen, updateSessionData } from '~/models/accounts/session.server'
import { DELETE_LEAD_INTENT, DELETE_MESSAGE_INTENT, DELETE_USER_INTENT } from '~/models/admin/admin-links'
import { issuePaymentReceipt } from '~/models/billing/receipts.server'
import { createBooking } from '~/models/booking/booking.server'
import { startCheckout } from '~/models/booking/payments.server'
import { rescheduleBooking } from '~/models/booking/reschedule.server'
import { createForm } from '~/models/intake/intake-forms.server'
import { createContactMessage } from '~/models/marketplace/contact.server'
import { createLead } from '~/models/marketplace/lead.server'
import { sendMessage } from '~/models/messaging/message.server'
import { startPackageCheckout } from '~/models/packages/package-payments.server'
import { createPackage } from '~/models/packages/packages.server'
import { createConnectedAccount } from '~/models/practice/connect.server'
import { blockDates } from '~/models/practice/weekly-hours.server'
import { uploadDocument } from '~/models/records/documents.server'
import { createNote } from '~/models/records/notes.server'
import { createPatient } from '~/models/records/patients.server'
import { listSessions } from '~/models/security/devices.server'
import { RECENT_VERIFICATION_MS, SECURITY_INTENTS, SECURITY_PATH, VERIFY_PATH } from '~/models/security/security'
import { joinWaitlist } from '~/models/waitlist/entries.server'
import { offerFreedSlot } from '~/models/waitlist/offers.server'
import {
  createListedPractitioner,
  createUser,
  deliverRaisedEvents,
  insertBooking,
  insertCompletedSession,
  insertService,
  insertSlot,
  outbox,
  PASSWORD,
  readToast,
  signIn,
  totpCode,
  turnOnTestAuthenticator,
  userRow,
} from '../helpers'
import {
  remixApp,
  uploadProfilePicture,
  urlFor,
  type AppAnswer,
  type AppRoute,
  type RemixApp,
} from '../helpers/remix-app'

/**
 * The authorization matrix (issue 10, "Suites that keep it so"), generated from the route
 * table: every route whose path takes an id (a `$` segment) is called, for each method it
 * answers, as a visitor, two clients (A owns the records, B does not), two practitioners (A
 * owns, B does not) and an admin, through Remix's own request handler
 * (tests/helpers/remix-app.ts), so parent layouts and redirects behave as in production.
 *
 * Each route has an entry in MATRIX below: who may do what ('public', 'owner',
 * 'practitioner-owner', 'any-signed-in', 'capability', 'nobody', 'read-only'), how to make the
 * record its id points at, and what to send. A route file with a `$` segment and no entry fails
 * the first test, naming the file, so the matrix grows with the features.
 *
 * Asserted for every call: whoever may not gets no 2xx (404 for someone else's record, as the
 * app's convention is; 401 signed out on /api and a redirect to /login on screens; 403 or a
 * redirect to one's own dashboard for the wrong role), whoever may gets the success answer (so
 * the matrix cannot pass by refusing everyone), and nothing about the record (its owner's
 * email, the service's name) appears in any refusal. Reads are also sent the ways a browser's
 * JavaScript sends them: Remix's single fetch (`/path.data`) and its legacy data request
 * (`?_data=<route id>`), which runs that route's loader alone, without its parents' guards.
 *
 * OWN_RECORDS does the same for routes without an id that still reach a record (one named in
 * the form, or an answer made of the actor's own records).
 *
 * A class near the end, "a GET that writes", sends every route with a loader a GET marked as
 * started by another site and checks the database is as it was. The last, "what can take an
 * account from its owner", sends every request that asks for a recent verification from a
 * stale session (decision 042).
 */

type Actor = 'visitor' | 'clientA' | 'clientB' | 'practitionerA' | 'practitionerB' | 'admin'
const ACTORS: Actor[] = ['visitor', 'clientA', 'clientB', 'practitionerA', 'practitionerB', 'admin']

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
const WRITE_METHODS: Method[] = ['POST', 'PUT', 'PATCH', 'DELETE']

/** What one actor should get. */
type Outcome = 'ok' | 'login' | 'not-found' | 'forbidden' | 'refused' | 'method-not-allowed'

/**
 * Who may do it:
 * - public: everyone;
 * - owner: client A, whose record it is (others 404, signed out → login);
 * - practitioner-owner: practitioner A (practitioner B 404, clients and the admin 403 / their dashboard);
 * - admin: the admin only (everyone else signed in 403, signed out → login);
 * - any-signed-in: every account (signed out → login);
 * - capability: whoever holds the (random, unguessable) id, like Stripe's hosted pages; a forged id is 404;
 * - nobody: the address names nothing (404 for all);
 * - read-only: a write to a read endpoint (405 for all), or a read of a write endpoint.
 */
type Rule =
  'public' | 'owner' | 'practitioner-owner' | 'admin' | 'any-signed-in' | 'capability' | 'nobody' | 'read-only'

const DEFAULTS: Record<Rule, Record<Actor, Outcome>> = {
  public: { visitor: 'ok', clientA: 'ok', clientB: 'ok', practitionerA: 'ok', practitionerB: 'ok', admin: 'ok' },
  owner: {
    visitor: 'login',
    clientA: 'ok',
    clientB: 'not-found',
    practitionerA: 'not-found',
    practitionerB: 'not-found',
    admin: 'not-found',
  },
  'practitioner-owner': {
    visitor: 'login',
    clientA: 'forbidden',
    clientB: 'forbidden',
    practitionerA: 'ok',
    practitionerB: 'not-found',
    admin: 'forbidden',
  },
  admin: {
    visitor: 'login',
    clientA: 'forbidden',
    clientB: 'forbidden',
    practitionerA: 'forbidden',
    practitionerB: 'forbidden',
    admin: 'ok',
  },
  'any-signed-in': {
    visitor: 'login',
    clientA: 'ok',
    clientB: 'ok',
    practitionerA: 'ok',
    practitionerB: 'ok',
    admin: 'ok',
  },
  capability: { visitor: 'ok', clientA: 'ok', clientB: 'ok', practitionerA: 'ok', practitionerB: 'ok', admin: 'ok' },
  nobody: {
    visitor: 'not-found',
    clientA: 'not-found',
    clientB: 'not-found',
    practitionerA: 'not-found',
    practitionerB: 'not-found',
    admin: 'not-found',
  },
  'read-only': {
    visitor: 'method-not-allowed',
    clientA: 'method-not-allowed',
    clientB: 'method-not-allowed',
    practitionerA: 'method-not-allowed',
    practitionerB: 'method-not-allowed',
    admin: 'method-not-allowed',
  },
}

type Fixture = {
  /** The URL params naming the record. */
  params: Record<string, string>
  /** Strings only whoever may see the record should ever get back. */
  secrets: string[]
  /** Anything the request builder needs (per-actor slots, ids...). */
  extra?: Record<string, unknown>
}

type Body = { form: Record<string, string> } | { json: unknown } | { multipart: FormData }

type Case = {
  method: Method
  /** Tells apart two cases with one method (two forms on one page). */
  name?: string
  rule: Rule
  /** Makes the record the id points at (owned by client A or practitioner A), fresh for each case. */
  setup: () => Promise<Fixture> | Fixture
  body?: (fixture: Fixture, actor: Actor) => Body
  query?: string
  /** Where the rule's default does not fit one actor (e.g. messaging oneself is refused). */
  overrides?: Partial<Record<Actor, Outcome>>
  /** Only these actors are sent the real id (capability writes: each would pay again). */
  actors?: Actor[]
  /** What the success answer must look like, beyond "a 2xx or a redirect that is not to /login". */
  success?: (answer: Normalised, fixture: Fixture, actor: Actor) => void
}

/* ------------------------------------------------------------------------------------------ */

type User = { id: number; email: string; firstName: string; lastName: string }
const people = {} as Record<Exclude<Actor, 'visitor'>, User>
let app: RemixApp

const HOUR = 60 * 60_000
let unique = 0
const tag = (label: string) => `${label} ${process.pid}-${++unique}-${Math.random().toString(36).slice(2, 8)}`

/** A free, listed service of practitioner A with open slots, one per actor (and spares). */
function serviceOfA(overrides: Parameters<typeof insertService>[1] = {}) {
  const name = tag('Private Session')
  const service = insertService(people.practitionerA.id, { name, priceCents: 0, isFreeIntro: true, ...overrides })
  const slots = ACTORS.map((_, i) =>
    insertSlot({
      practitionerId: people.practitionerA.id,
      serviceId: service.id,
      startTime: new Date(Date.now() + (72 + i * 2 + unique * 20) * HOUR),
    }),
  )
  return { service, slots, name }
}

/** A booking of client A on practitioner A's service, created the way the app creates one. */
async function bookingOfA({ paid = false } = {}) {
  const { service, slots, name } = serviceOfA(paid ? { priceCents: 4500, isFreeIntro: false } : {})
  const client = { ...people.clientA, isPractitioner: false, isAdmin: false }
  const booking = await createBooking(client as never, { serviceId: service.id, timeSlotId: slots[0]!.id })
  return { booking, service, name, slots }
}

/**
 * Client A's paid session with practitioner A and its receipt, paid on the emulated Checkout
 * as a client pays (its confirmation email stores the receipt's file).
 */
async function receiptOfA() {
  const { booking, name } = await bookingOfA({ paid: true })
  const { url } = await startCheckout(people.clientA, booking.id, 'http://localhost')
  payCheckoutSession(url.split('/').pop()!, '4242424242424242')
  await deliverRaisedEvents()
  const receipt = getDb().select().from(receipts).where(eq(receipts.bookingId, booking.id)).get()!
  return { receipt, name, booking }
}

/** A package of five sessions of a paid service of practitioner A, on offer. */
function packageOfA() {
  const { service } = serviceOfA({ priceCents: 5000, isFreeIntro: false })
  const id = createPackage(people.practitionerA.id, {
    serviceId: service.id,
    sessions: 5,
    price: 200,
    expiresInMonths: 6,
    active: true,
  })
  return { id, service }
}

/** Client A's paid package of practitioner A, bought through the emulated Checkout: its holding's id. */
async function heldPackageOfA() {
  const { url, holdingId } = await startPackageCheckout(people.clientA, packageOfA().id, 'http://localhost')
  payCheckoutSession(url.split('/').pop()!, '4242424242424242')
  await deliverRaisedEvents()
  return holdingId
}

/**
 * Client A's booking, with another open time of its service for each actor to move it to
 * (`extra.slots`, by the actor's place in ACTORS), and the booking row's id.
 */
async function movableBookingOfA(): Promise<Fixture> {
  const { booking, name, slots } = await bookingOfA()
  return {
    params: { id: String(booking.id) },
    secrets: secretsOfA(name),
    extra: { slots: slots.map((s, i) => (i === 0 ? slots.at(-1)!.id : s.id)) },
  }
}

/** A session of client A with practitioner A that ended three hours ago (absences are marked and reported then). */
function pastSessionOfA(): Fixture {
  const { service, name } = serviceOfA()
  const booking = insertCompletedSession({
    clientId: people.clientA.id,
    practitionerId: people.practitionerA.id,
    serviceId: service.id,
    hoursAgo: 4,
  })
  return { params: { id: String(booking.id) }, secrets: secretsOfA(name) }
}

/** A past session of client A that practitioner A marked missed (the client may say they were there). */
function missedSessionOfA(): Fixture {
  const fixture = pastSessionOfA()
  getDb()
    .update(bookings)
    .set({ clientNoShowAt: new Date() })
    .where(eq(bookings.id, Number(fixture.params.id)))
    .run()
  return fixture
}

/** A confirmed session of client A with practitioner A starting in three minutes: its video room is open. */
function liveSessionOfA(): Fixture {
  const { service, name } = serviceOfA()
  const booking = insertBooking({
    clientId: people.clientA.id,
    practitionerId: people.practitionerA.id,
    serviceId: service.id,
    startsInHours: 0.05,
  })
  return { params: { id: String(booking.id) }, secrets: secretsOfA(name) }
}

/** A session of client A with practitioner A that started 3 minutes ago: its room is open and may be ended. */
function startedSessionOfA(): Fixture {
  const { service, name } = serviceOfA()
  const booking = insertBooking({
    clientId: people.clientA.id,
    practitionerId: people.practitionerA.id,
    serviceId: service.id,
    startsInHours: -0.05,
  })
  return { params: { id: String(booking.id) }, secrets: secretsOfA(name) }
}

/** An intake form of practitioner A, asked by a new service of theirs. */
function intakeFormOfA() {
  const { service, slots, name } = serviceOfA()
  const title = tag('Private intake')
  const form = createForm(people.practitionerA.id, {
    title,
    serviceIds: [service.id],
    firstSessionOnly: false,
    questions: [{ kind: 'short', label: 'What brings you here?', required: true }],
  })
  return { form, service, slots, name, title }
}

/** Client A's booking of a service whose intake form practitioner A asks. */
async function intakeBookingOfA(): Promise<Fixture> {
  const { service, slots, name, title } = intakeFormOfA()
  const client = { ...people.clientA, isPractitioner: false, isAdmin: false }
  const booking = await createBooking(client as never, { serviceId: service.id, timeSlotId: slots[0]!.id })
  return { params: { id: String(booking.id) }, secrets: [...secretsOfA(name), title] }
}

/** The open time an actor moves a booking to. */
const targetSlotOf = (fixture: Fixture, actor: Actor) =>
  String((fixture.extra!.slots as number[])[ACTORS.indexOf(actor)])

/** A move answered, and the booking is at the actor's time. */
function expectMovedTo(fixture: Fixture, actor: Actor) {
  const row = getDb()
    .select()
    .from(bookings)
    .where(eq(bookings.id, Number(fixture.params.id)))
    .get()
  expect(row?.timeSlotId).toBe(Number(targetSlotOf(fixture, actor)))
}

/** A cancel answered `cancelled` and the booking is. */
function expectCancelled(answer: Normalised, fixture: Fixture) {
  expect(answer.json).toMatchObject({ id: Number(fixture.params.id), status: 'cancelled' })
  const row = getDb()
    .select()
    .from(bookings)
    .where(eq(bookings.id, Number(fixture.params.id)))
    .get()
  expect(row?.status).toBe('cancelled')
}

const secretsOfA = (name: string) => [people.clientA.email, people.practitionerA.email, name]

/**
 * A question client A asked practitioner A, or (`answered`) practitioner A's answer to it, made
 * the way the app makes them. Its subject and text are what must not reach anyone else.
 */
function messageOfA({ answered = false } = {}): Fixture {
  resetAllLimits()
  const [subject, content] = [tag('Private subject'), tag('Private words about my health')]
  const question = sendMessage(people.clientA.id, { recipientId: people.practitionerA.id, subject, content })
  const message = answered
    ? sendMessage(people.practitionerA.id, {
        recipientId: people.clientA.id,
        subject: `Re: ${subject}`,
        content: `${content} (answered)`,
        isReplyTo: question.id,
      })
    : question
  return { params: { id: String(message.id) }, secrets: [...secretsOfA(subject), content] }
}

/**
 * A patient of practitioner A (with one private note, or the note itself when `note`), made the
 * way the app makes them. Their name, email and the note's words must not reach anyone else.
 */
function patientOfA({ note = false } = {}): Fixture {
  const [lastName, email, words] = [
    tag('Patient'),
    `${tag('patient').replace(/\W+/g, '-')}@example.com`,
    tag('Private words'),
  ]
  const patient = createPatient(people.practitionerA.id, { firstName: 'Pat', lastName, email, allergies: words })
  const made = createNote(people.practitionerA.id, patient.id, {
    title: tag('Private title'),
    content: words,
    noteType: 'assessment',
    isPrivate: true,
  })
  const id = note ? made.id : patient.id
  return { params: { id: String(id) }, secrets: [lastName, email, words, people.practitionerA.email] }
}

/** A document of a patient of practitioner A, uploaded the way the app takes them. */
async function documentOfA(): Promise<Fixture> {
  const patient = patientOfA()
  const [name, words] = [`${tag('scan').replace(/\W+/g, '-')}.pdf`, tag('Document words')]
  const form = new FormData()
  form.append('file', new File([`%PDF-1.4 ${words}`], name))
  const request = new Request('http://localhost/upload', { method: 'POST', body: form })
  const document = await uploadDocument(people.practitionerA.id, Number(patient.params.id), request)
  return { params: { id: String(document.id) }, secrets: [...patient.secrets, name, words] }
}

/** A blocked date of practitioner A, far ahead (blocks are dates only: nothing else to keep secret). */
function blockOfA() {
  return blockDates(people.practitionerA.id, { firstDate: '2099-07-01', lastDate: '2099-07-02' }).block.id
}

/** Client A on the waitlist of a new service of practitioner A (with no open time). */
function waitlistEntryOfA() {
  // Client A waits for this one alone: the cap on waiting entries and the joins' limit stay out of the way.
  resetAllLimits()
  getDb().delete(waitlistEntries).where(eq(waitlistEntries.clientId, people.clientA.id)).run()
  const name = tag('Waitlisted Session')
  const service = insertService(people.practitionerA.id, { name, priceCents: 0, isFreeIntro: true })
  const entry = joinWaitlist(people.clientA, { serviceId: service.id, windows: [] }, 'America/Toronto')
  return { service, entry, name }
}

/** A time of that service freed and offered to client A: the emailed link's token names the offer. */
function waitlistOfferOfA(): Fixture {
  const { service, name } = waitlistEntryOfA()
  const slot = insertSlot({
    practitionerId: people.practitionerA.id,
    serviceId: service.id,
    startTime: new Date(Date.now() + (96 + ++unique) * HOUR),
  })
  getDb().transaction((tx) => offerFreedSlot(tx, slot.id, new Date()), { behavior: 'immediate' })
  const email = outbox(people.clientA.email).findLast((row) => row.subject.startsWith('A time opened'))!
  const token = /\/waitlist\/offers\/([\w-]+)/.exec(email.text)![1]!
  return { params: { token }, secrets: secretsOfA(name) }
}

const pdfUpload = () => {
  const form = new FormData()
  form.append('file', new File(['%PDF-1.4 a short letter'], 'letter.pdf'))
  form.append('description', 'Referral letter')
  return { multipart: form }
}

/** A client account for the admin to suspend or delete; their name and email must not reach anyone else. */
async function accountForAdmin(): Promise<Fixture> {
  const lastName = tag('Managed').replace(/\W+/g, '')
  const user = await createUser({ firstName: 'Morgan', lastName })
  return { params: { id: String(user.id) }, secrets: [user.email, lastName] }
}

/** A contact-form message; who wrote it and what they wrote are for the admin only. */
function contactMessageForAdmin(): Fixture {
  const [subject, words] = [tag('Contact subject'), tag('Contact words')]
  const email = `${tag('writer').replace(/\W+/g, '-')}@example.com`
  const { id } = createContactMessage({ name: 'Robin Writer', email, subject, message: words })
  return { params: { id: String(id) }, secrets: [subject, words, email] }
}

/** An early-access lead; their email and phone are for the admin only. */
function leadForAdmin(): Fixture {
  const email = `${tag('lead').replace(/\W+/g, '-')}@example.com`
  const { id } = createLead({
    firstName: 'Lee',
    lastName: 'Lead',
    email,
    countryCode: '+1',
    phoneNumber: '416 555 0123',
    practiceType: 'yoga',
    yearsOfExperience: '3-5',
    userType: 'practitioner',
    source: 'launching_soon',
  })
  return { params: { id: String(id) }, secrets: [email] }
}

const body = {
  service: () => ({
    json: {
      name: tag('Renamed'),
      description: 'A session, renamed by its owner.',
      category: 'Meditation',
      price: 0,
      duration: 60,
      isFreeIntro: true,
    },
  }),
}

/**
 * The matrix: one entry per route file under app/routes with a `$` segment. Add one when you
 * add such a route (the first test names the file that lacks it).
 */
const MATRIX: Record<string, Case[]> = {
  'app/routes/_public.$.tsx': [
    { method: 'GET', rule: 'nobody', setup: () => ({ params: { '*': 'no/such/page' }, secrets: [] }) },
  ],
  'app/routes/api.$.ts': (['GET', ...WRITE_METHODS] as Method[]).map((method) => ({
    method,
    rule: 'nobody' as const,
    setup: () => ({ params: { '*': 'bookings/1/secrets' }, secrets: [] }),
  })),

  // A replica's request to the primary: nobody without INTERNAL_COMMAND_TOKEN (unset here) gets in.
  'app/routes/internal.commands.$name.ts': (['GET', ...WRITE_METHODS] as Method[]).map((method) => ({
    method,
    rule: 'nobody' as const,
    setup: () => ({ params: { name: 'documents.record' }, secrets: [] }),
  })),

  'app/routes/_public.practitioners.$id.tsx': [
    {
      method: 'GET',
      rule: 'public',
      setup: () => ({ params: { id: String(people.practitionerA.id) }, secrets: [people.practitionerA.email] }),
    },
    {
      method: 'POST',
      name: 'ask a question',
      rule: 'any-signed-in',
      setup: () => ({ params: { id: String(people.practitionerA.id) }, secrets: [people.practitionerA.email] }),
      body: () => ({ form: { intent: 'message', subject: 'A question', content: 'Do you offer evening sessions?' } }),
      // Writing to oneself is refused (400), not a success. Admins take no part in messaging, and
      // a practitioner writes only to people with a link to them (403): docs/decisions/018-messaging.md.
      overrides: { practitionerA: 'refused', practitionerB: 'refused', admin: 'refused' },
      success: (answer, fixture) => expect(answer.location).toBe(`/practitioners/${fixture.params.id}?sent=1`),
    },
    {
      method: 'POST',
      name: 'write a review',
      // Only a client with a completed session with practitioner A (client A) may review.
      rule: 'any-signed-in',
      overrides: { clientB: 'refused', practitionerA: 'refused', practitionerB: 'refused', admin: 'refused' },
      setup: () => {
        const { service } = serviceOfA()
        insertCompletedSession({
          clientId: people.clientA.id,
          practitionerId: people.practitionerA.id,
          serviceId: service.id,
        })
        return { params: { id: String(people.practitionerA.id) }, secrets: [people.practitionerA.email] }
      },
      body: () => ({ form: { intent: 'review', rating: '5', content: 'Very helpful session, thank you.' } }),
      success: (answer, fixture) => expect(answer.location).toBe(`/practitioners/${fixture.params.id}`),
    },
  ],

  'app/routes/_public.service-details.$id.tsx': [
    { method: 'GET', rule: 'public', setup: () => ({ params: { id: String(serviceOfA().service.id) }, secrets: [] }) },
  ],

  'app/routes/_public.services.$id.tsx': [
    { method: 'GET', rule: 'public', setup: () => ({ params: { id: String(serviceOfA().service.id) }, secrets: [] }) },
    {
      method: 'POST',
      name: 'book a slot',
      rule: 'any-signed-in',
      // A practitioner cannot book their own service (400).
      overrides: { practitionerA: 'refused' },
      setup: () => {
        const { service, slots } = serviceOfA()
        return { params: { id: String(service.id) }, secrets: [], extra: { slots: slots.map((s) => s.id) } }
      },
      body: (fixture, actor) => ({
        form: { timeSlotId: String((fixture.extra!.slots as number[])[ACTORS.indexOf(actor)]) },
      }),
      success: (answer) => expect(answer.location).toMatch(/^\/bookings\/\d+$/),
    },
  ],

  'app/routes/api.admin.users.$id.ts': [
    {
      method: 'PATCH',
      name: 'suspend',
      rule: 'admin',
      setup: accountForAdmin,
      body: () => ({ json: { suspended: true } }),
      success: (answer, fixture) =>
        expect(answer.json).toMatchObject({ id: Number(fixture.params.id), suspended: true }),
    },
    {
      method: 'DELETE',
      rule: 'admin',
      setup: accountForAdmin,
      success: (answer) => expect(answer.json).toMatchObject({ message: 'User Deleted', cancelledSessions: 0 }),
    },
  ],
  'app/routes/api.admin.contact-messages.$id._index.ts': [
    {
      method: 'DELETE',
      rule: 'admin',
      setup: contactMessageForAdmin,
      success: (answer) => expect(answer.json).toEqual({ message: 'Message Deleted' }),
    },
  ],
  'app/routes/api.admin.contact-messages.$id.read.ts': [
    {
      method: 'PATCH',
      rule: 'admin',
      setup: contactMessageForAdmin,
      success: (answer, fixture) => expect(answer.json).toMatchObject({ id: Number(fixture.params.id), isRead: true }),
    },
  ],
  'app/routes/api.admin.leads.$id.ts': [
    {
      method: 'DELETE',
      rule: 'admin',
      setup: leadForAdmin,
      success: (answer) => expect(answer.json).toEqual({ message: 'Lead Deleted' }),
    },
  ],

  'app/routes/api.bookings.$id._index.ts': [
    {
      method: 'GET',
      rule: 'owner',
      setup: async () => {
        const { booking, name } = await bookingOfA()
        return { params: { id: String(booking.id) }, secrets: secretsOfA(name) }
      },
      success: (answer, fixture) => expect(answer.json).toMatchObject({ id: Number(fixture.params.id) }),
    },
  ],

  'app/routes/api.bookings.$id.cancel.ts': [
    {
      method: 'PATCH',
      name: 'by its client',
      rule: 'owner',
      setup: async () => {
        const { booking, name } = await bookingOfA()
        return { params: { id: String(booking.id) }, secrets: secretsOfA(name) }
      },
      // Its practitioner may cancel it too, with a reason: without one, refused.
      overrides: { practitionerA: 'refused' },
      success: (answer, fixture) => expectCancelled(answer, fixture),
    },
    {
      method: 'PATCH',
      name: 'by its practitioner, with a reason',
      rule: 'owner',
      setup: async () => {
        const { booking, name } = await bookingOfA()
        return { params: { id: String(booking.id) }, secrets: secretsOfA(name) }
      },
      body: () => ({ json: { reason: 'I am unwell that day.' } }),
      overrides: { practitionerA: 'ok' },
      // Client A's own cancel is the case above (here it would cancel first, and only once).
      actors: ['visitor', 'clientB', 'practitionerA', 'practitionerB', 'admin'],
      success: (answer, fixture) => expectCancelled(answer, fixture),
    },
  ],

  'app/routes/api.bookings.$id.reschedule.ts': [
    {
      method: 'PATCH',
      rule: 'owner',
      setup: movableBookingOfA,
      body: (fixture, actor) => ({ json: { timeSlotId: Number(targetSlotOf(fixture, actor)) } }),
      // Its practitioner moves it too (the client is then asked to accept the new time).
      overrides: { practitionerA: 'ok' },
      success: (answer, fixture, actor) => {
        expect(answer.json).toMatchObject({ booking: { id: Number(fixture.params.id) } })
        expectMovedTo(fixture, actor)
      },
    },
  ],

  'app/routes/api.bookings.$id.accept-new-time.ts': [
    {
      method: 'PATCH',
      rule: 'owner',
      setup: async () => {
        const fixture = await movableBookingOfA()
        await rescheduleBooking(people.practitionerA, Number(fixture.params.id), Number(targetSlotOf(fixture, 'admin')))
        return fixture
      },
      success: (answer) => expect(answer.json).toMatchObject({ booking: { movedByPractitionerAt: null } }),
    },
  ],

  'app/routes/api.bookings.$id.no-show.ts': [
    {
      method: 'PATCH',
      // Its practitioner marks that the client did not attend; its client may not.
      rule: 'owner',
      setup: pastSessionOfA,
      overrides: { clientA: 'not-found', practitionerA: 'ok' },
      success: (answer, fixture) =>
        expect(answer.json).toMatchObject({
          booking: { id: Number(fixture.params.id), clientNoShowAt: expect.any(String) },
        }),
    },
  ],

  'app/routes/api.bookings.$id.no-show-report.ts': [
    {
      method: 'POST',
      // Its client reports that the practitioner did not attend.
      rule: 'owner',
      setup: pastSessionOfA,
      body: () => ({ json: { details: 'Nobody came.' } }),
      success: (answer) => expect(answer.status).toBe(201),
    },
    {
      method: 'POST',
      name: '"I was there" against a mark of absence (issue 42)',
      // Its client, marked absent, tells the admins they came.
      rule: 'owner',
      setup: missedSessionOfA,
      body: () => ({ json: { kind: 'client-attended', details: 'I was in the room.' } }),
      success: (answer) => expect(answer.status).toBe(201),
    },
  ],

  'app/routes/api.bookings.$id.intake.ts': [
    {
      method: 'GET',
      // Its client reads their draft or what they sent; its practitioner, the answers once sent.
      rule: 'owner',
      overrides: { practitionerA: 'ok' },
      setup: intakeBookingOfA,
      success: (answer) => expect(answer.json).toMatchObject({ form: { version: 1 } }),
    },
    {
      method: 'PUT',
      // Only its client writes answers.
      rule: 'owner',
      setup: intakeBookingOfA,
      body: () => ({ json: { answers: {}, submit: false } }),
      success: (answer) => expect(answer.json).toMatchObject({ state: 'draft' }),
    },
  ],

  'app/routes/api.intake-forms.$id.ts': [
    {
      method: 'GET',
      rule: 'practitioner-owner',
      setup: () => {
        const { form, title } = intakeFormOfA()
        return { params: { id: String(form.id) }, secrets: [title] }
      },
      success: (answer, fixture) => expect(answer.json).toMatchObject({ id: Number(fixture.params.id) }),
    },
    {
      method: 'PATCH',
      rule: 'practitioner-owner',
      setup: () => {
        const { form, title } = intakeFormOfA()
        return { params: { id: String(form.id) }, secrets: [title] }
      },
      body: () => ({ json: { title: 'Renamed by its owner' } }),
      success: (answer) => expect(answer.json).toMatchObject({ title: 'Renamed by its owner', version: 2 }),
    },
    {
      method: 'DELETE',
      rule: 'practitioner-owner',
      setup: () => {
        const { form, title } = intakeFormOfA()
        return { params: { id: String(form.id) }, secrets: [title] }
      },
    },
  ],

  'app/routes/api.messages.$id.ts': [
    {
      method: 'DELETE',
      // Its sender (client A) and its recipient (practitioner A) each delete their own copy.
      rule: 'owner',
      overrides: { practitionerA: 'ok' },
      setup: () => messageOfA(),
      success: (answer) => expect(answer.json).toEqual({ message: 'Message deleted' }),
    },
  ],

  'app/routes/api.messages.$id.read.ts': [
    {
      method: 'PATCH',
      // Only its recipient: client A, answered by practitioner A (who sent it: 404 like anyone else).
      rule: 'owner',
      setup: () => messageOfA({ answered: true }),
      success: (answer, fixture) => expect(answer.json).toMatchObject({ id: Number(fixture.params.id), isRead: true }),
    },
  ],

  'app/routes/api.patient-notes.$id.ts': [
    {
      method: 'PATCH',
      rule: 'practitioner-owner',
      setup: () => patientOfA({ note: true }),
      body: () => ({ json: { title: 'Renamed by its owner', noteType: 'followup' } }),
      success: (answer, fixture) =>
        expect(answer.json).toMatchObject({ id: Number(fixture.params.id), title: 'Renamed by its owner' }),
    },
    {
      method: 'DELETE',
      rule: 'practitioner-owner',
      setup: () => patientOfA({ note: true }),
      success: (answer) => expect(answer.json).toEqual({ message: 'Patient note deleted successfully' }),
    },
    // Only PATCH and DELETE: a GET is a 405 for everyone, never the note.
    { method: 'GET', rule: 'read-only', setup: () => patientOfA({ note: true }) },
  ],

  'app/routes/api.patient-profiles.$id._index.ts': [
    {
      method: 'PATCH',
      rule: 'practitioner-owner',
      setup: () => patientOfA(),
      body: () => ({ json: { firstName: 'Patricia', phone: '' } }),
      success: (answer, fixture) =>
        expect(answer.json).toMatchObject({ id: Number(fixture.params.id), firstName: 'Patricia', phone: null }),
    },
    {
      method: 'DELETE',
      rule: 'practitioner-owner',
      setup: () => patientOfA(),
      success: (answer) => expect(answer.json).toEqual({ message: 'Patient profile deleted successfully' }),
    },
    // Only PATCH and DELETE: a GET is a 405 for everyone, never the profile.
    { method: 'GET', rule: 'read-only', setup: () => patientOfA() },
  ],

  'app/routes/api.patient-profiles.$id.ai-consult.ts': [
    {
      method: 'POST',
      rule: 'practitioner-owner',
      setup: () => patientOfA(),
      body: () => ({ json: { question: 'What should I focus on in the next session?' } }),
      success: (answer) =>
        expect(answer.json).toMatchObject({
          question: 'What should I focus on in the next session?',
          response: expect.any(String),
          isDemo: true,
        }),
    },
    // Only POST: a GET is a 405 for everyone, never the consultations.
    { method: 'GET', rule: 'read-only', setup: () => patientOfA() },
  ],

  'app/routes/api.patient-profiles.$id.notes.ts': [
    {
      method: 'GET',
      rule: 'practitioner-owner',
      setup: () => patientOfA(),
      success: (answer, fixture) => {
        expect(answer.json).toHaveLength(1)
        expect(answer.text).toContain(fixture.secrets[2])
      },
    },
    {
      method: 'POST',
      rule: 'practitioner-owner',
      setup: () => patientOfA(),
      body: () => ({ json: { title: 'Follow-up', content: 'Feeling better this week.', noteType: 'followup' } }),
      success: (answer, fixture) =>
        expect(answer.json).toMatchObject({ patientProfileId: Number(fixture.params.id), noteType: 'followup' }),
    },
  ],

  'app/routes/api.patient-profiles.$id.documents.ts': [
    {
      method: 'GET',
      rule: 'practitioner-owner',
      setup: () => patientOfA(),
      success: (answer) => expect(answer.json).toEqual([]),
    },
    {
      method: 'POST',
      rule: 'practitioner-owner',
      setup: () => patientOfA(),
      body: pdfUpload,
      success: (answer, fixture) =>
        expect(answer.json).toMatchObject({ patientProfileId: Number(fixture.params.id), originalName: 'letter.pdf' }),
    },
  ],

  'app/routes/api.patient-documents.$id._index.ts': [
    {
      method: 'DELETE',
      rule: 'practitioner-owner',
      setup: documentOfA,
      success: (answer) => expect(answer.json).toEqual({ message: 'Document deleted successfully' }),
    },
    // Only DELETE: a GET is a 405 for everyone, never the document.
    { method: 'GET', rule: 'read-only', setup: documentOfA },
  ],

  'app/routes/api.patient-documents.$id.download.ts': [
    {
      method: 'GET',
      rule: 'practitioner-owner',
      setup: documentOfA,
      success: (answer, fixture) => expect(answer.text).toContain(fixture.secrets.at(-1)),
    },
    { method: 'POST', rule: 'read-only', setup: documentOfA },
  ],

  'app/routes/practitioner_.patient-charting.$id.export.tsx': [
    {
      method: 'GET',
      rule: 'practitioner-owner',
      setup: () => patientOfA(),
      // The practitioner's own export shows everything, private notes included (marked).
      success: (answer, fixture) => {
        expect(answer.text).toContain(fixture.secrets[0])
        expect(answer.text).toContain(fixture.secrets[2])
      },
    },
  ],

  'app/routes/api.practitioners.$id._index.ts': [
    {
      method: 'GET',
      rule: 'public',
      setup: () => ({ params: { id: String(people.practitionerA.id) }, secrets: [people.practitionerA.email] }),
    },
  ],
  'app/routes/api.practitioners.$id.services.ts': [
    {
      method: 'GET',
      rule: 'public',
      setup: () => {
        serviceOfA()
        return { params: { id: String(people.practitionerA.id) }, secrets: [people.practitionerA.email] }
      },
    },
  ],

  'app/routes/api.practitioners.$id.packages.ts': [
    {
      method: 'GET',
      rule: 'public',
      setup: () => {
        packageOfA()
        return { params: { id: String(people.practitionerA.id) }, secrets: [people.practitionerA.email] }
      },
      success: (answer) =>
        expect(answer.json).toEqual(expect.arrayContaining([expect.objectContaining({ sessions: 5 })])),
    },
  ],
  'app/routes/api.packages.$id._index.ts': [
    {
      method: 'PATCH',
      rule: 'practitioner-owner',
      setup: () => ({ params: { id: String(packageOfA().id) }, secrets: [people.practitionerA.email] }),
      body: () => ({ json: { active: false } }),
      success: (answer) => expect(answer.json).toMatchObject({ active: false }),
    },
    {
      method: 'DELETE',
      rule: 'practitioner-owner',
      setup: () => ({ params: { id: String(packageOfA().id) }, secrets: [people.practitionerA.email] }),
      success: (answer) => expect(answer.json).toMatchObject({ message: 'Package deleted' }),
    },
  ],
  'app/routes/api.packages.$id.purchase.ts': [
    {
      method: 'POST',
      // Anyone signed in may buy a package on offer; its own practitioner may not (400).
      rule: 'any-signed-in',
      overrides: { practitionerA: 'refused' },
      setup: () => ({ params: { id: String(packageOfA().id) }, secrets: [people.practitionerA.email] }),
      success: (answer) => expect((answer.json as { url: string }).url).toMatch(/\/dev\/checkout\/cs_/),
    },
  ],
  'app/routes/packages.$id.buy.ts': [
    {
      method: 'POST',
      rule: 'any-signed-in',
      setup: () => ({ params: { id: String(packageOfA().id) }, secrets: [people.practitionerA.email] }),
      body: () => ({ form: { returnTo: '/services' } }),
      // Its own practitioner is sent back to the page with the reason in a toast.
      success: (answer, _fixture, actor) =>
        expect(answer.location).toMatch(actor === 'practitionerA' ? /^\/services$/ : /\/dev\/checkout\/cs_/),
    },
    { method: 'GET', rule: 'nobody', setup: () => ({ params: { id: String(packageOfA().id) }, secrets: [] }) },
  ],
  'app/routes/api.package-holdings.$id.refund.ts': [
    {
      method: 'POST',
      rule: 'practitioner-owner',
      setup: async () => ({ params: { id: String(await heldPackageOfA()) }, secrets: [people.clientA.email] }),
      success: (answer) => expect(answer.json).toMatchObject({ sessionsRefunded: 5 }),
    },
  ],

  'app/routes/api.services.$id.ts': [
    { method: 'GET', rule: 'public', setup: () => ({ params: { id: String(serviceOfA().service.id) }, secrets: [] }) },
    {
      method: 'PATCH',
      rule: 'practitioner-owner',
      setup: () => {
        const { service, name } = serviceOfA({ isActive: false })
        return { params: { id: String(service.id) }, secrets: [name, people.practitionerA.email] }
      },
      body: body.service,
      success: (answer, fixture) => expect(answer.json).toMatchObject({ id: Number(fixture.params.id) }),
    },
    {
      method: 'DELETE',
      rule: 'practitioner-owner',
      setup: () => {
        const { service, name } = serviceOfA({ isActive: false })
        return { params: { id: String(service.id) }, secrets: [name, people.practitionerA.email] }
      },
      success: (answer) => expect(answer.json).toMatchObject({ message: 'Service deleted' }),
    },
  ],

  'app/routes/api.availability.blocked-dates.$id.ts': [
    {
      method: 'DELETE',
      rule: 'practitioner-owner',
      setup: () => ({ params: { id: String(blockOfA()) }, secrets: [people.practitionerA.email] }),
      success: (answer) => expect(answer.json).toMatchObject({ message: 'Dates unblocked' }),
    },
    // Only DELETE: a GET is a 405 for everyone, never the block.
    {
      method: 'GET',
      rule: 'read-only',
      setup: () => ({ params: { id: String(blockOfA()) }, secrets: [people.practitionerA.email] }),
    },
  ],

  'app/routes/api.waitlist.$id.ts': [
    {
      method: 'DELETE',
      rule: 'owner',
      setup: () => {
        const { entry, name } = waitlistEntryOfA()
        return { params: { id: String(entry.id) }, secrets: secretsOfA(name) }
      },
      success: (answer) => expect(answer.json).toMatchObject({ message: 'You have left the waitlist.' }),
    },
    // Only DELETE: a GET is a 405 for everyone, never the entry.
    {
      method: 'GET',
      rule: 'read-only',
      setup: () => ({ params: { id: String(waitlistEntryOfA().entry.id) }, secrets: [] }),
    },
  ],

  'app/routes/_client.waitlist.offers.$token.tsx': [
    {
      method: 'GET',
      rule: 'owner',
      setup: waitlistOfferOfA,
      success: (answer) => expect(answer.text).toContain('Book This Time'),
    },
    {
      method: 'POST',
      name: 'take the offered time',
      rule: 'owner',
      setup: waitlistOfferOfA,
      body: () => ({ form: { intent: 'claim' } }),
      success: (answer) => expect(answer.location).toMatch(/^\/bookings\/\d+$/),
    },
  ],

  'app/routes/_client.waitlists.join.$serviceId.tsx': [
    {
      method: 'GET',
      rule: 'any-signed-in',
      setup: () => ({ params: { serviceId: String(serviceOfA().service.id) }, secrets: [people.practitionerA.email] }),
    },
    {
      method: 'POST',
      name: 'join the waitlist',
      rule: 'any-signed-in',
      // A practitioner cannot wait for their own service (400).
      overrides: { practitionerA: 'refused' },
      setup: () => ({ params: { serviceId: String(serviceOfA().service.id) }, secrets: [people.practitionerA.email] }),
      body: () => ({ form: {} }),
      success: (answer) => expect(answer.location).toBe('/waitlists'),
    },
  ],

  'app/routes/practitioner.waitlists.$serviceId.tsx': [
    {
      method: 'GET',
      rule: 'practitioner-owner',
      setup: () => {
        const { service, name } = waitlistEntryOfA()
        return { params: { serviceId: String(service.id) }, secrets: [name, people.clientA.email] }
      },
      success: (answer) => expect(answer.text).toContain('"total":1'),
    },
    {
      method: 'POST',
      name: 'remove someone',
      rule: 'practitioner-owner',
      setup: () => {
        const { service, entry, name } = waitlistEntryOfA()
        return {
          params: { serviceId: String(service.id) },
          secrets: [name, people.clientA.email],
          extra: { entry: entry.id },
        }
      },
      body: (fixture) => ({ form: { intent: 'remove', entryId: String(fixture.extra!.entry) } }),
      success: (answer, fixture) => expect(answer.location).toBe(`/practitioner/waitlists/${fixture.params.serviceId}`),
    },
  ],

  'app/routes/api.time-slots.$id.ts': [
    {
      method: 'DELETE',
      rule: 'practitioner-owner',
      setup: () => {
        const { slots } = serviceOfA()
        return { params: { id: String(slots[0]!.id) }, secrets: [people.practitionerA.email] }
      },
      success: (answer) => expect(answer.json).toMatchObject({ deleted: 1 }),
    },
    // Only DELETE: a GET is a 405 for everyone, never the slot.
    {
      method: 'GET',
      rule: 'read-only',
      setup: () => ({ params: { id: String(serviceOfA().slots[0]!.id) }, secrets: [people.practitionerA.email] }),
    },
  ],

  'app/routes/api.time-slots.$serviceId.$date.ts': [
    {
      method: 'GET',
      rule: 'public',
      setup: () => {
        const { service, slots } = serviceOfA()
        const day = slots[0]!.startTime.toISOString().slice(0, 10)
        return { params: { serviceId: String(service.id), date: day }, secrets: [] }
      },
    },
  ],

  'app/routes/_client.bookings.$id.tsx': [
    {
      method: 'GET',
      rule: 'owner',
      setup: async () => {
        const { booking, name } = await bookingOfA()
        // The confirmation page names the service and the practitioner: the practitioner too gets a 404.
        return { params: { id: String(booking.id) }, secrets: secretsOfA(name) }
      },
      success: (answer, fixture) => expect(answer.text).toContain(`/bookings/${fixture.params.id}/calendar.ics`),
    },
    {
      method: 'POST',
      name: 'accept the new time',
      rule: 'owner',
      setup: async () => {
        const fixture = await movableBookingOfA()
        await rescheduleBooking(people.practitionerA, Number(fixture.params.id), Number(targetSlotOf(fixture, 'admin')))
        return fixture
      },
      body: () => ({ form: { intent: 'accept-move' } }),
      success: (answer, fixture) => {
        expect(answer.location).toBe(`/bookings/${fixture.params.id}`)
        expect(
          getDb()
            .select()
            .from(bookings)
            .where(eq(bookings.id, Number(fixture.params.id)))
            .get()?.movedByPractitionerAt,
        ).toBeNull()
      },
    },
    {
      method: 'POST',
      name: 'report that the practitioner did not attend',
      rule: 'owner',
      setup: pastSessionOfA,
      body: () => ({ form: { intent: 'report-no-show', details: 'Nobody came.' } }),
      success: (answer, fixture) => expect(answer.location).toBe(`/bookings/${fixture.params.id}`),
    },
  ],

  'app/routes/_client.bookings.$id_.reschedule.tsx': [
    {
      method: 'GET',
      // The client's own page; the practitioner has theirs (below), so here they get the 404 too.
      rule: 'owner',
      setup: movableBookingOfA,
      success: (answer) => expect(answer.text).toContain('"closed":null'),
    },
    {
      method: 'POST',
      rule: 'owner',
      setup: movableBookingOfA,
      body: (fixture, actor) => ({ form: { timeSlotId: targetSlotOf(fixture, actor) } }),
      success: (answer, fixture, actor) => {
        expect(answer.location).toBe(`/bookings/${fixture.params.id}`)
        expectMovedTo(fixture, actor)
      },
    },
  ],

  'app/routes/practitioner.bookings.$id.reschedule.tsx': [
    {
      method: 'GET',
      rule: 'practitioner-owner',
      setup: movableBookingOfA,
      success: (answer) => expect(answer.text).toContain('"closed":null'),
    },
    {
      method: 'POST',
      rule: 'practitioner-owner',
      setup: movableBookingOfA,
      body: (fixture, actor) => ({ form: { timeSlotId: targetSlotOf(fixture, actor) } }),
      success: (answer, fixture, actor) => {
        expect(answer.location).toBe('/practitioner/dashboard')
        expectMovedTo(fixture, actor)
      },
    },
  ],

  'app/routes/sessions.$id.tsx': [
    {
      method: 'GET',
      // The room is its client's and its practitioner's; anyone else gets the same 404.
      rule: 'owner',
      overrides: { practitionerA: 'ok' },
      setup: liveSessionOfA,
      success: (answer) => expect(answer.text).toContain('"state":"open"'),
    },
  ],

  'app/routes/sessions.$id.signal.ts': [
    {
      method: 'GET',
      // Who is there (JSON without `Accept: text/event-stream`); signed out, the API's 401.
      rule: 'owner',
      overrides: { visitor: 'refused', practitionerA: 'ok' },
      setup: liveSessionOfA,
      success: (answer) => expect(answer.json).toMatchObject({ you: { present: false }, other: { present: false } }),
    },
    {
      method: 'POST',
      // End session: the practitioner only (the client 403), from the booked start.
      rule: 'owner',
      overrides: { visitor: 'refused', clientA: 'forbidden', practitionerA: 'ok' },
      setup: startedSessionOfA,
      body: () => ({ json: { type: 'end', peerId: 'matrix-peer-0001' } }),
      success: (answer, fixture) => {
        expect(answer.status).toBe(204)
        const row = getDb()
          .select()
          .from(bookings)
          .where(eq(bookings.id, Number(fixture.params.id)))
          .get()
        expect(row?.sessionEndedAt).toBeInstanceOf(Date)
        expect(row?.status).toBe('completed')
      },
    },
  ],

  'app/routes/sessions.$id.connection-events.ts': [
    {
      method: 'POST',
      // How the call went, as the room's page reports it: its client and its practitioner.
      rule: 'owner',
      overrides: { visitor: 'refused', practitionerA: 'ok' },
      setup: liveSessionOfA,
      body: () => ({ json: { events: [{ kind: 'first_media', agoMs: 0, valueMs: 900, relay: false }] } }),
      success: (answer, fixture) => {
        expect(answer.status).toBe(204)
        const rows = getDb()
          .select()
          .from(sessionConnectionEvents)
          .where(eq(sessionConnectionEvents.bookingId, Number(fixture.params.id)))
          .all()
        expect(rows.at(-1)).toMatchObject({ kind: 'first_media', valueMs: 900, relay: false })
      },
    },
    // Only POST: a GET is a 405 for everyone.
    { method: 'GET', rule: 'read-only', setup: liveSessionOfA },
  ],

  'app/routes/_client.bookings.$id_.intake.tsx': [
    {
      method: 'GET',
      // The client's own form; the practitioner reads sent answers in the chart, not here.
      rule: 'owner',
      setup: intakeBookingOfA,
      success: (answer) => expect(answer.text).toContain('"state":"waiting"'),
    },
    {
      method: 'POST',
      rule: 'owner',
      setup: intakeBookingOfA,
      body: () => ({ form: { intent: 'save-draft' } }),
      success: (answer, fixture) => expect(answer.location).toBe(`/bookings/${fixture.params.id}/intake`),
    },
  ],

  'app/routes/practitioner.intake-forms.$id.tsx': [
    {
      method: 'GET',
      rule: 'practitioner-owner',
      setup: () => {
        const { form, title } = intakeFormOfA()
        return { params: { id: String(form.id) }, secrets: [title] }
      },
      success: (answer) => expect(answer.text).toContain('"version":1'),
    },
    {
      method: 'POST',
      rule: 'practitioner-owner',
      setup: () => {
        const { form, title } = intakeFormOfA()
        return { params: { id: String(form.id) }, secrets: [title] }
      },
      body: () => ({ form: { intent: 'delete-form' } }),
      success: (answer) => expect(answer.location).toBe('/practitioner/intake-forms'),
    },
  ],

  'app/routes/calendar.$feed.ts': [
    {
      method: 'GET',
      rule: 'capability',
      setup: async () => {
        const { name } = await bookingOfA()
        resetCalendarFeed(people.clientA.id)
        const feed = calendarFeedOf(people.clientA.id, 'http://localhost')!
        // The address is the capability; the feed names the session, never an email address.
        return { params: { feed: feed.https.split('/').pop()! }, secrets: [name] }
      },
      success: (answer) => {
        expect(answer.headers.get('Content-Type')).toMatch(/^text\/calendar/)
        expect(answer.text).toContain('BEGIN:VEVENT')
        expect(answer.text).not.toContain(people.clientA.email)
      },
    },
  ],
  'app/routes/bookings.$id.calendar[.ics].ts': [
    {
      method: 'GET',
      rule: 'owner',
      setup: async () => {
        const { booking, name } = await bookingOfA()
        // The invitation names the service: that is what must not reach anyone else.
        return { params: { id: String(booking.id) }, secrets: secretsOfA(name) }
      },
      success: (answer) => {
        expect(answer.headers.get('Content-Type')).toMatch(/^text\/calendar/)
        expect(answer.text).toContain('BEGIN:VCALENDAR')
      },
    },
  ],

  // A receipt is its client's and its practitioner's (docs/decisions/049-receipts.md): both get
  // the file, everyone else 404. A year's file is the client's receipts of that year: anyone
  // else, the practitioner included, paid none that year (404).
  'app/routes/receipts.$id[.pdf].ts': [
    {
      method: 'GET',
      rule: 'owner',
      overrides: { practitionerA: 'ok' },
      setup: async () => {
        const { receipt, name } = await receiptOfA()
        return { params: { id: String(receipt.id) }, secrets: secretsOfA(name) }
      },
      success: (answer) => {
        expect(answer.headers.get('Content-Type')).toBe('application/pdf')
        expect(answer.headers.get('Cache-Control')).toBe('private, no-store')
        expect(answer.text.startsWith('%PDF-')).toBe(true)
      },
    },
  ],
  'app/routes/receipts.year.$year[.pdf].ts': [
    {
      method: 'GET',
      rule: 'owner',
      setup: async () => {
        const { receipt, name } = await receiptOfA()
        const year = String((receipt.snapshot as { issuedOn: string }).issuedOn).slice(-4)
        return { params: { year }, secrets: secretsOfA(name) }
      },
      success: (answer) => {
        expect(answer.headers.get('Content-Type')).toBe('application/pdf')
        expect(answer.text.startsWith('%PDF-')).toBe(true)
      },
    },
  ],

  'app/routes/dev.checkout.$id.tsx': [
    {
      method: 'GET',
      rule: 'capability',
      setup: async () => {
        const { booking } = await bookingOfA({ paid: true })
        const { url } = await startCheckout(people.clientA, booking.id, 'http://localhost')
        return { params: { id: url.split('/').pop()! }, secrets: [people.clientA.email] }
      },
    },
    {
      method: 'POST',
      rule: 'capability',
      actors: ['clientA'],
      setup: async () => {
        const { booking } = await bookingOfA({ paid: true })
        const { url } = await startCheckout(people.clientA, booking.id, 'http://localhost')
        return {
          params: { id: url.split('/').pop()! },
          secrets: [people.clientA.email],
          extra: { bookingId: booking.id },
        }
      },
      body: () => ({ form: { cardNumber: '4242424242424242' } }),
      success: (answer, fixture) => {
        expect(answer.location).toMatch(/\/payment-success\?session_id=/)
        const row = getDb()
          .select()
          .from(bookings)
          .where(eq(bookings.id, fixture.extra!.bookingId as number))
          .get()
        expect(row?.isPaid).toBe(true)
      },
    },
  ],

  'app/routes/dev.onboarding.$linkId.tsx': [
    {
      method: 'GET',
      rule: 'capability',
      setup: async () => {
        const newcomer = await createUser({ isPractitioner: true })
        const { url } = await createConnectedAccount(newcomer, 'http://localhost')
        return { params: { linkId: url.split('/').pop()! }, secrets: [] }
      },
    },
    {
      method: 'POST',
      rule: 'capability',
      actors: ['practitionerA'],
      setup: async () => {
        const newcomer = await createUser({ isPractitioner: true })
        const { url } = await createConnectedAccount(newcomer, 'http://localhost')
        return { params: { linkId: url.split('/').pop()! }, secrets: [] }
      },
      success: (answer) => expect(answer.location).toMatch(/\/practitioner\/settings\?onboarding=return/),
    },
  ],

  'app/routes/uploads.images.$name.ts': [
    {
      method: 'GET',
      rule: 'public',
      setup: async () => ({ params: { name: await uploadedPictureOfA() }, secrets: [] }),
      success: (answer) => expect(answer.headers.get('Content-Type')).toMatch(/^image\//),
    },
  ],
}

/**
 * Routes without an id that still reach someone's records, checked like MATRIX's entries (same
 * rules, same refusals, nothing of the record in a refusal): the record is named in the form (a
 * receipt to send again: another practitioner's is 404) or the answer is made of the actor's
 * own records only (a statement: another practitioner gets theirs, without practitioner A's).
 */
const OWN_RECORDS: Record<string, Case[]> = {
  'app/routes/api.packages.mine.ts': [
    {
      method: 'GET',
      rule: 'any-signed-in',
      setup: async () => ({ params: {}, secrets: [], extra: { holdingId: await heldPackageOfA() } }),
      // Each person gets their own packages: client A's holds the one bought, nobody else's does.
      success: (answer, fixture, actor) => {
        const ids = (answer.json as { id: number }[]).map((p) => p.id)
        if (actor === 'clientA') expect(ids).toContain(fixture.extra!.holdingId)
        else expect(ids).not.toContain(fixture.extra!.holdingId)
      },
    },
  ],
  'app/routes/practitioner.services_.packages/route.tsx': [
    {
      method: 'POST',
      name: 'refund unused sessions',
      rule: 'practitioner-owner',
      setup: async () => ({
        params: {},
        secrets: [people.clientA.email],
        extra: { holdingId: await heldPackageOfA() },
      }),
      body: (fixture) => ({ form: { intent: 'refund-package', holdingId: String(fixture.extra!.holdingId) } }),
      success: (answer) => expect(answer.location).toBe('/practitioner/services/packages'),
    },
  ],
  'app/routes/practitioner.earnings.tsx': [
    {
      method: 'POST',
      name: 'send a receipt again',
      rule: 'practitioner-owner',
      setup: issuedReceiptOfA,
      body: (fixture) => ({ form: { intent: SEND_RECEIPT_INTENT, receiptId: fixture.extra!.receiptId as string } }),
      success: (answer) => expect(answer.location).toBe('/practitioner/earnings'),
    },
  ],
  'app/routes/practitioner.earnings.statement[.csv].ts': [
    {
      method: 'GET',
      rule: 'practitioner-owner',
      setup: issuedReceiptOfA,
      query: 'year=' + new Date().getUTCFullYear(),
      // Practitioner B gets a statement too: their own, without practitioner A's lines.
      overrides: { practitionerB: 'ok' },
      success: (answer, fixture, actor) => {
        expect(answer.text).toMatch(/^\ufeff?Date,Receipt,Type,Service,Fee,Tax,Platform fee,Refund,Net\r\n/)
        const name = fixture.secrets.at(-1)!
        if (actor === 'practitionerA') expect(answer.text).toContain(name)
        else expect(answer.text).not.toContain(name)
      },
    },
  ],
}

/** A receipt practitioner A issued to client A for a paid session (its service's name is the secret). */
function issuedReceiptOfA(): Fixture {
  const { service, name } = serviceOfA()
  const booking = insertBooking({
    clientId: people.clientA.id,
    practitionerId: people.practitionerA.id,
    serviceId: service.id,
    startsInHours: 48,
  })
  getDb().update(bookings).set({ serviceName: name }).where(eq(bookings.id, booking.id)).run()
  // Issued mid-year, so it is in this year's statement on any practitioner's clock.
  const issuedAt = new Date(Date.UTC(new Date().getUTCFullYear(), 5, 15))
  const receiptId = issuePaymentReceipt(getDb(), booking.id, { brand: 'visa', last4: '4242' }, issuedAt)!
  return { params: {}, secrets: secretsOfA(name), extra: { receiptId: String(receiptId) } }
}

/** Practitioner A's profile picture, uploaded through the profile screen as a browser would. */
async function uploadedPictureOfA() {
  return uploadProfilePicture(app, people.practitionerA, await signIn(people.practitionerA.id))
}

/* ------------------------------------------------------------------------------------------ */
/* Sending and reading answers.                                                                */
/* ------------------------------------------------------------------------------------------ */

/** An answer with Remix's data-request redirects (204 + X-Remix-Redirect, 202 single fetch) read as redirects. */
type Normalised = AppAnswer & { location: string | null; redirect: boolean }

function normalise(answer: AppAnswer): Normalised {
  const remixRedirect = answer.headers.get('X-Remix-Redirect')
  if (answer.status === 204 && remixRedirect) return { ...answer, status: 302, location: remixRedirect, redirect: true }
  if (answer.status === 202 && answer.headers.get('X-Remix-Response') && answer.text.includes('SingleFetchRedirect')) {
    return { ...answer, status: 302, location: answer.headers.get('Location'), redirect: true }
  }
  const location = answer.headers.get('Location')
  return { ...answer, location, redirect: answer.status >= 300 && answer.status < 400 }
}

type Variant = 'document' | 'single fetch' | '_data'

function requestUrl(route: AppRoute, fixture: Fixture, testCase: Case, variant: Variant, params = fixture.params) {
  let url = urlFor(route.pattern, params)
  if (variant === 'single fetch') url = `${url}.data`
  const query = new URLSearchParams(testCase.query ?? '')
  if (variant === '_data') query.set('_data', route.id)
  const search = query.toString()
  return search ? `${url}?${search}` : url
}

async function call(
  route: AppRoute,
  testCase: Case,
  fixture: Fixture,
  actor: Actor,
  variant: Variant,
  params?: Record<string, string>,
) {
  resetAllLimits()
  const headers = new Headers()
  if (actor !== 'visitor') headers.set('Cookie', await signIn(people[actor].id))
  let payload: BodyInit | undefined
  const sent = testCase.body?.(fixture, actor)
  if (sent && 'json' in sent) {
    headers.set('Content-Type', 'application/json')
    payload = JSON.stringify(sent.json)
  } else if (sent && 'form' in sent) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded')
    payload = new URLSearchParams(sent.form).toString()
  } else if (sent && 'multipart' in sent) {
    payload = sent.multipart
  }
  const url = requestUrl(route, fixture, testCase, variant, params)
  const request = new Request(url, {
    method: testCase.method,
    headers,
    body: testCase.method === 'GET' ? undefined : payload,
  })
  return { url, answer: normalise(await app.http(request)) }
}

const DASHBOARDS = ['/client-dashboard', '/practitioner/dashboard', '/admin/dashboard', '/']

function isApi(route: AppRoute) {
  return route.pattern.startsWith('/api/')
}

/** Checks one answer against what the actor should get; answers a description of what is wrong, or null. */
function mismatch(route: AppRoute, testCase: Case, expected: Outcome, answer: Normalised): string | null {
  const { status, location } = answer
  const is2xx = status >= 200 && status < 300
  const toLogin = answer.redirect && (location ?? '').startsWith('/login')
  switch (expected) {
    case 'ok': {
      const okRedirect = testCase.method !== 'GET' && !isApi(route) && answer.redirect && !toLogin
      return is2xx || okRedirect ? null : 'expected the success answer'
    }
    case 'login':
      if (isApi(route)) return status === 401 ? null : 'expected 401 (signed out)'
      return toLogin ? null : 'expected a redirect to /login'
    case 'not-found':
      return status === 404 ? null : 'expected 404 (another owner’s record is not found)'
    case 'forbidden':
      if (isApi(route)) return status === 403 ? null : 'expected 403 (wrong role)'
      return status === 403 || (answer.redirect && DASHBOARDS.includes(location ?? ''))
        ? null
        : 'expected 403 or a redirect to the actor’s own dashboard'
    case 'refused':
      return status >= 400 && status < 500 ? null : 'expected a 4xx refusal'
    case 'method-not-allowed':
      return status === 405 ? null : 'expected 405'
  }
}

function legacyMismatch(expected: Outcome, answer: Normalised): string | null {
  if (answer.status >= 500) return 'a 5xx'
  if (expected !== 'ok' && answer.status >= 200 && answer.status < 300) return 'a 2xx for someone who may not'
  return null
}

function leaked(answer: Normalised, secrets: string[]) {
  const visible = `${answer.text}\n${answer.location ?? ''}`
  return secrets.filter((secret) => secret && visible.includes(secret))
}

/* ------------------------------------------------------------------------------------------ */

beforeAll(async () => {
  app = await remixApp()
  people.clientA = await createUser({ firstName: 'Alice', lastName: 'Owner' })
  people.clientB = await createUser({ firstName: 'Bob', lastName: 'Stranger' })
  people.practitionerA = await createListedPractitioner({ firstName: 'Priya', lastName: 'Owner' })
  people.practitionerB = await createListedPractitioner({ firstName: 'Pablo', lastName: 'Stranger' })
  people.admin = await createUser({ isAdmin: true, firstName: 'Ada', lastName: 'Admin' })
}, 60_000)

afterAll(async () => {
  await app.close()
})

const table = await remixApp()
const routesWithIds = table.routes
  .filter((route) => route.params.length > 0)
  .sort((a, b) => a.file.localeCompare(b.file))

describe('the matrix covers every route that takes an id', () => {
  test.each(routesWithIds.map((route) => [route.file, route]))('%s has an entry', (file, route) => {
    const cases = MATRIX[file as string]
    expect(cases, `add an entry for ${file} to MATRIX in tests/integration/authorization-matrix.test.ts`).toBeDefined()
    const { module } = route as AppRoute
    expect(cases!.length, `${file}: add at least one case`).toBeGreaterThan(0)
    // An /api route's other methods are checked without an entry (405 for everyone, below).
    if (isApi(route as AppRoute)) return
    if (module.loader) {
      expect(
        cases!.some((c) => c.method === 'GET'),
        `${file} has a loader: add a GET case`,
      ).toBe(true)
    }
    if (module.action) {
      expect(
        cases!.some((c) => c.method !== 'GET'),
        `${file} has an action: add a case for its write`,
      ).toBe(true)
    }
  })

  test('no entry names a route that does not exist', () => {
    const files = new Set(routesWithIds.map((route) => route.file))
    expect(Object.keys(MATRIX).filter((file) => !files.has(file))).toEqual([])
  })

  test('every case lets someone succeed, unless it names nothing or is the wrong method', () => {
    for (const [file, cases] of Object.entries(MATRIX)) {
      for (const c of cases) {
        if (c.rule === 'nobody' || c.rule === 'read-only') continue
        const outcomes = ACTORS.filter((a) => !c.actors || c.actors.includes(a)).map(
          (a) => c.overrides?.[a] ?? DEFAULTS[c.rule][a],
        )
        expect(outcomes, `${file} ${c.method} ${c.name ?? ''}`).toContain('ok')
      }
    }
  })
})

type Row = [string, string, AppRoute, Case]
const rows: Row[] = routesWithIds.flatMap((route) =>
  (MATRIX[route.file] ?? []).map((c): Row => [route.file, `${c.method}${c.name ? ` (${c.name})` : ''}`, route, c]),
)

/**
 * /api routes answer only their own methods: every method their entry does not list is 405 for
 * everyone, on the entry's own record (made from the route table, so nobody lists them).
 */
const extraMethodRows: Row[] = routesWithIds
  .filter((route) => isApi(route) && MATRIX[route.file] && route.file !== 'app/routes/api.$.ts')
  .flatMap((route) => {
    const listed = new Set(MATRIX[route.file]!.map((c) => c.method))
    const setup = MATRIX[route.file]![0]!.setup
    const answered = [...(route.module.loader ? ['GET' as const] : []), ...(route.module.action ? WRITE_METHODS : [])]
    return answered
      .filter((m) => !listed.has(m))
      .map((method): Row => [route.file, `${method} (not answered)`, route, { method, rule: 'read-only', setup }])
  })

/** OWN_RECORDS's rows, on the routes they name. */
const ownRecordRows: Row[] = Object.entries(OWN_RECORDS).flatMap(([file, cases]) => {
  const route = table.routes.find((r) => r.file === file)
  return route ? cases.map((c): Row => [file, `${c.method}${c.name ? ` (${c.name})` : ''}`, route, c]) : []
})

describe('who may do what with each record', () => {
  test('OWN_RECORDS names only routes that exist, without an id', () => {
    const files = new Set(table.routes.filter((route) => route.params.length === 0).map((route) => route.file))
    expect(Object.keys(OWN_RECORDS).filter((file) => !files.has(file))).toEqual([])
  })

  test.each([...rows, ...extraMethodRows, ...ownRecordRows])('%s %s', async (file, _name, route, testCase) => {
    const fixture = await testCase.setup()
    const failures: string[] = []
    const expected = (actor: Actor) => testCase.overrides?.[actor] ?? DEFAULTS[testCase.rule][actor]
    const actors = ACTORS.filter((a) => !testCase.actors || testCase.actors.includes(a))
    // Whoever may not goes first, so the owner's success comes last (a cancel or delete can only happen once).
    const order = [...actors.filter((a) => expected(a) !== 'ok'), ...actors.filter((a) => expected(a) === 'ok')]

    const variants: Variant[] =
      testCase.method === 'GET'
        ? route.isResource
          ? ['document', '_data']
          : ['document', 'single fetch', '_data']
        : ['document']

    for (const actor of order) {
      for (const variant of variants) {
        const { url, answer } = await call(route, testCase, fixture, actor, variant)
        const where = `${testCase.method} ${url} as ${actor}${variant === 'document' ? '' : ` (${variant})`} → ${answer.status}${answer.location ? ` ${answer.location}` : ''}`
        // The legacy data request may be refused outright by the server (nothing of ours sends
        // it): there only "no 2xx for whoever may not, and never a 5xx" is asked.
        const wrong =
          variant === '_data'
            ? legacyMismatch(expected(actor), answer)
            : mismatch(route, testCase, expected(actor), answer)
        if (wrong) failures.push(`${where}: ${wrong}; body ${answer.text.slice(0, 200)}`)
        if (expected(actor) !== 'ok') {
          // One's own email on one's own page (the signed-in header) is not a leak.
          const own = actor === 'visitor' ? '' : people[actor].email
          const leaks = leaked(
            answer,
            fixture.secrets.filter((secret) => secret !== own),
          )
          if (leaks.length) failures.push(`${where}: the refusal shows ${leaks.join(', ')}`)
        } else if (!wrong && variant === 'document' && testCase.success) {
          try {
            testCase.success(answer, fixture, actor)
          } catch (error) {
            failures.push(`${where}: not the success answer: ${(error as Error).message}`)
          }
        }
      }
    }

    // A capability URL is only as good as its id: a forged one (same shape) finds nothing.
    if (testCase.rule === 'capability') {
      const forged = Object.fromEntries(
        // The last 8 hex digits of the id (before a file extension, as in a calendar's `.ics`).
        Object.entries(fixture.params).map(([k, v]) => [k, v.replace(/[0-9a-f]{8}(?=(\.[a-z]+)?$)/i, '00000000')]),
      )
      expect(forged).not.toEqual(fixture.params)
      for (const actor of ACTORS) {
        const { url, answer } = await call(route, testCase, fixture, actor, 'document', forged)
        if (answer.status !== 404)
          failures.push(`${testCase.method} ${url} as ${actor} → ${answer.status}: a forged id must be 404`)
      }
      for (const value of Object.values(fixture.params)) {
        // At least 96 random bits (Stripe's ids carry more): not enumerable.
        expect(
          value
            .replace(/^[a-z]+_(emu_)?/, '')
            .replace(/^\d+-/, '')
            .replace(/\.[a-z]+$/, '').length,
          `${file}: the id ${value} is too short to be a secret`,
        ).toBeGreaterThanOrEqual(24)
      }
    }

    expect(failures, `${file} ${testCase.method}:\n${failures.join('\n')}`).toEqual([])
  })
})

/**
 * Lists without an id answer each person their own records: the receipts a client paid and a
 * practitioner issued (GET /api/receipts, and the client's Receipts screen, which lists what
 * the person paid), never anyone else's; signed out, 401 or the login page.
 */
describe('lists without an id: each person their own only', () => {
  test('GET /api/receipts and /receipts', async () => {
    const { receipt } = await receiptOfA()
    const failures: string[] = []
    const listedIds = (answer: AppAnswer, path: string) => {
      if (path.startsWith('/api/')) return (answer.json as { id: number }[]).map((r) => r.id)
      const data = (answer.json as { loaderData: Record<string, { receipts: { id: number }[] }> }).loaderData
      return data['routes/_client.receipts']!.receipts.map((r) => r.id)
    }
    const sees: Record<string, Actor[]> = {
      '/api/receipts': ['clientA', 'practitionerA'],
      '/receipts': ['clientA'],
    }
    for (const [path, owners] of Object.entries(sees)) {
      for (const actor of ACTORS) {
        const headers: Record<string, string> = actor === 'visitor' ? {} : { Cookie: await signIn(people[actor].id) }
        const answer = normalise(await app.http(new Request(`http://localhost${path}`, { headers })))
        const where = `GET ${path} as ${actor} → ${answer.status}`
        if (actor === 'visitor') {
          const refused = path.startsWith('/api/')
            ? answer.status === 401
            : answer.redirect && (answer.location ?? '').startsWith('/login')
          if (!refused) failures.push(`${where}: expected to be asked to sign in`)
          continue
        }
        if (answer.status !== 200) {
          failures.push(`${where}: expected 200`)
          continue
        }
        const ids = listedIds(answer, path)
        if (ids.includes(receipt.id) !== owners.includes(actor)) {
          failures.push(`${where}: lists ${ids.join(', ') || 'nothing'}`)
        }
        // Nobody sees a receipt that is not theirs, whatever else the file made.
        const own = getDb()
          .select({ id: receipts.id })
          .from(receipts)
          .where(
            path.startsWith('/api/') && actor.startsWith('practitioner')
              ? eq(receipts.practitionerId, people[actor].id)
              : eq(receipts.clientId, people[actor].id),
          )
          .all()
          .map((r) => r.id)
        const foreign = ids.filter((id) => !own.includes(id))
        if (foreign.length) failures.push(`${where}: lists another person's ${foreign.join(', ')}`)
      }
    }
    expect(failures, failures.join('\n')).toEqual([])
  })

  test('GET /api/waitlist and /waitlists', async () => {
    const { entry, name } = waitlistEntryOfA()
    const failures: string[] = []
    for (const path of ['/api/waitlist', '/waitlists']) {
      for (const actor of ACTORS) {
        const headers: Record<string, string> = actor === 'visitor' ? {} : { Cookie: await signIn(people[actor].id) }
        const answer = normalise(await app.http(new Request(`http://localhost${path}`, { headers })))
        const where = `GET ${path} as ${actor} → ${answer.status}`
        if (actor === 'visitor') {
          const refused = path.startsWith('/api/')
            ? answer.status === 401
            : answer.redirect && (answer.location ?? '').startsWith('/login')
          if (!refused) failures.push(`${where}: expected to be asked to sign in`)
          continue
        }
        if (answer.status !== 200) failures.push(`${where}: expected 200`)
        // Client A's own entry, and nobody else's line: others never see it.
        else if (answer.text.includes(name) !== (actor === 'clientA')) failures.push(`${where}: the entry ${entry.id}`)
      }
    }
    expect(failures, failures.join('\n')).toEqual([])
  })
})

/**
 * Pages without an id are guarded by their layout (the practitioner, admin and client areas).
 * Remix runs a layout's loader for a page request and for single fetch, but its legacy data
 * request (`?_data=<page id>`) runs the page's loader alone: each page must hold by itself. Made
 * from the route table: every layout whose loader turns an actor away, every page under it.
 */
describe('a guarded area holds for every page in it, however it is asked', () => {
  const layouts = table.routes.filter(
    (route) => route.id !== 'root' && route.module.loader && table.routes.some((child) => child.parentId === route.id),
  )
  const descendants = (layout: AppRoute) =>
    table.routes.filter((route) => {
      for (let r: AppRoute | undefined = route; r; r = table.routes.find((p) => p.id === r!.parentId)) {
        if (r.parentId === layout.id) return route.module.loader && route.params.length === 0
      }
      return false
    })
  const pairs = layouts.flatMap((layout) => descendants(layout).map((page) => [page.file, layout, page] as const))

  test('the route table has guarded areas to check', () => {
    expect(pairs.length).toBeGreaterThan(5)
  })

  test.each(pairs)('%s', async (_file, layout, page) => {
    const failures: string[] = []
    const pageUrl = urlFor(page.pattern, {})
    for (const actor of ACTORS) {
      const cookie = actor === 'visitor' ? undefined : await signIn(people[actor].id)
      const request = new Request(pageUrl, { headers: cookie ? { Cookie: cookie } : {} })
      // Who the layout turns away (its loader, called the way Remix calls it for this page).
      let turnedAway = false
      try {
        const answer = await layout.module.loader!({ request, params: {}, context: {} })
        turnedAway = answer instanceof Response && answer.status >= 300
      } catch (thrown) {
        turnedAway = thrown instanceof Response
      }
      if (!turnedAway) continue
      for (const variant of ['document', 'single fetch', '_data'] as const) {
        if (page.isResource && variant === 'single fetch') continue
        let url = pageUrl
        if (variant === 'single fetch') url = url === 'http://localhost/' ? `${url}_root.data` : `${url}.data`
        if (variant === '_data') url = `${url}?_data=${encodeURIComponent(page.id)}`
        const answer = normalise(await app.http(new Request(url, { headers: cookie ? { Cookie: cookie } : {} })))
        if (answer.status >= 200 && answer.status < 300) {
          failures.push(
            `GET ${url} as ${actor} (turned away by ${layout.file}) → ${answer.status}: ${answer.text.slice(0, 200)}`,
          )
        }
      }
    }
    expect(failures, failures.join('\n')).toEqual([])
  })
})

/* ------------------------------------------------------------------------------------------ */
/* A GET that writes.                                                                          */
/* ------------------------------------------------------------------------------------------ */

/**
 * Another site can send a signed-in person to any of our addresses with their cookie (it is
 * `SameSite=Lax`: a link, a redirect, `window.open`). Such a GET may show the page, never write
 * for the person (docs/decisions/032-no-get-writes-from-other-sites.md). Made from the route
 * table: every route with a loader is sent a GET marked `Sec-Fetch-Site: cross-site`, as each
 * actor, as a page load (`Sec-Fetch-Mode: navigate`) and, for pages, as single fetch, and the
 * database must be as it was, table by table. Routes with an id use their MATRIX entry's
 * record; READS below adds the addresses whose query makes a loader do more (a conversation
 * to open, a chart to show, a return from the payment provider).
 *
 * Left out: the patient access trail (`patient_audit_log`), which records that a chart or a
 * document was served to its practitioner, whoever started the request (see the decision).
 */
const TRAIL_TABLES = new Set(['patient_audit_log'])

/** Each table's rows, hashed (the trail left out): what a GET must leave as it was. */
function tableHashes() {
  const sqlite = getDb().$client
  const tables = sqlite
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
    .pluck()
    .all() as string[]
  return new Map(
    tables
      .filter((table) => !TRAIL_TABLES.has(table))
      .map((table) => {
        const hash = createHash('sha1')
        for (const row of sqlite.prepare(`SELECT * FROM "${table}"`).raw().iterate()) hash.update(JSON.stringify(row))
        return [table, hash.digest('base64')] as const
      }),
  )
}

/**
 * The rows the app's connection has inserted, changed or deleted since it opened (SQLite's
 * `total_changes()`, which counts what triggers do too). Hashing every table after each of
 * the class's ~1,700 requests cost most of this file's time; while this count stands still,
 * no table can have changed, so the tables are hashed again only after a request that wrote
 * something (the hashes then say which table, and whether it really changed).
 */
function writesSoFar() {
  const sqlite = getDb().$client
  return { sqlite, count: sqlite.prepare('SELECT total_changes()').pluck().get() as number }
}

function changedTables(before: Map<string, string>, after: Map<string, string>) {
  const tables = new Set([...before.keys(), ...after.keys()])
  return [...tables].filter((table) => before.get(table) !== after.get(table))
}

/** Whom a person's inbox opens a conversation with: practitioner A for clients, client A for practitioners. */
const counterpart = (actor: Actor) =>
  actor === 'practitionerA' || actor === 'practitionerB' ? people.clientA.id : people.practitionerA.id

type Read = {
  name: string
  /** Makes what the address names, fresh for the row; answers the values the query uses. */
  setup?: () => Promise<Record<string, string>> | Record<string, string>
  query: (values: Record<string, string>, actor: Actor) => string
  /**
   * Tables this read may change, and why that is no write for the person: only for a copy of
   * someone else's state that the request brings up to date.
   */
  mirrors?: { tables: string[]; why: string }
}

/** Addresses of routes without an id whose query makes their loader do more than the bare page. */
const READS: Record<string, Read[]> = {
  'app/routes/_client.client-inbox.tsx': [
    {
      name: 'a conversation with unread messages both ways',
      setup: () => messageOfA({ answered: true }).params,
      query: (_values, actor) => `with=${counterpart(actor)}`,
    },
  ],
  'app/routes/practitioner.inbox.tsx': [
    {
      name: 'a conversation with unread messages both ways',
      setup: () => messageOfA({ answered: true }).params,
      query: (_values, actor) => `with=${counterpart(actor)}`,
    },
  ],
  'app/routes/practitioner.patient-charting/route.tsx': ['profile', 'notes', 'docs', 'ai'].map((tab) => ({
    name: `a patient's ${tab} tab`,
    setup: () => patientOfA().params,
    query: ({ id }) => `patient=${id}&tab=${tab}`,
  })),
  'app/routes/practitioner.settings.tsx': [
    {
      name: 'back from onboarding',
      query: () => 'onboarding=return',
      // Stripe sends the practitioner back from its own site, so this GET is always cross-site.
      // It copies the account's state from Stripe, as the account.updated webhook does, and
      // writes only a change: nothing the person decides (and the relisting trigger follows).
      mirrors: {
        tables: ['users', 'catalogue_version', 'private_version'],
        why: 'the Stripe account, read from Stripe',
      },
    },
    { name: 'an expired onboarding link', query: () => 'onboarding=refresh' },
  ],
  'app/routes/_client.client-dashboard.tsx': [
    { name: 'back from paying', query: () => 'payment=success' },
    {
      name: 'the cancel confirmation',
      setup: async () => ({ id: String((await bookingOfA()).booking.id) }),
      query: ({ id }) => `cancel=${id}&cancelled=1`,
    },
  ],
  'app/routes/_public.checkout.tsx': [
    {
      name: 'a booking waiting for payment',
      setup: async () => ({ id: String((await bookingOfA({ paid: true })).booking.id) }),
      query: ({ id }) => `bookingId=${id}`,
    },
  ],
  'app/routes/_public.payment-success.tsx': [
    {
      name: 'back from the payment page',
      setup: async () => {
        const { booking } = await bookingOfA({ paid: true })
        const { url } = await startCheckout(people.clientA, booking.id, 'http://localhost')
        return { session: url.split('/').pop()! }
      },
      query: ({ session }) => `session_id=${session}`,
    },
  ],
  'app/routes/_public.reset-password.tsx': [{ name: 'a reset link', query: () => 'token=not-a-real-token' }],
  'app/routes/admin.dashboard/route.tsx': [
    { name: 'the messages tab', setup: () => contactMessageForAdmin().params, query: () => 'tab=messages' },
    { name: 'the leads tab', setup: () => leadForAdmin().params, query: () => 'tab=leads' },
    {
      name: 'a removal preview',
      setup: async () => (await accountForAdmin()).params,
      query: ({ id }) => `deleteUser=${id}`,
    },
  ],
}

type ReadRow = [string, string, AppRoute, Read]

const loaderRoutes = table.routes
  .filter((route) => route.module.loader && route.id !== 'root')
  .sort((a, b) => a.file.localeCompare(b.file))
const seenPatterns = new Set<string>()
const readRows: ReadRow[] = loaderRoutes.flatMap((route): ReadRow[] => {
  if (route.params.length > 0) {
    // The record of the route's own GET case (its MATRIX entry, required above).
    return (MATRIX[route.file] ?? [])
      .filter((c) => c.method === 'GET')
      .map((c): ReadRow => [
        route.file,
        c.name ?? 'its record',
        route,
        {
          name: c.name ?? 'its record',
          setup: async () => (await c.setup()).params,
          query: () => c.query ?? '',
        },
      ])
  }
  // A pathless layout answers at its first page's address: one row per address.
  if (seenPatterns.has(route.pattern) && !READS[route.file]) return []
  seenPatterns.add(route.pattern)
  const reads = [{ name: 'the page', query: () => '' }, ...(READS[route.file] ?? [])]
  return reads.map((read): ReadRow => [route.file, read.name, route, read])
})

describe('a GET that writes: none another site starts changes anything', () => {
  // The rows book paid sessions for client A, who may hold only a few unpaid at once: each
  // row's are let go once it is checked, so the next can book again.
  afterEach(() => {
    getDb()
      .update(bookings)
      .set({ status: 'cancelled' })
      .where(and(eq(bookings.clientId, people.clientA.id), eq(bookings.status, 'pending')))
      .run()
  })

  test('READS names only routes that exist', () => {
    const files = new Set(loaderRoutes.map((route) => route.file))
    expect(Object.keys(READS).filter((file) => !files.has(file))).toEqual([])
  })

  test.each(readRows)('%s (%s)', async (_file, _name, route, read) => {
    const cookies = new Map<Actor, string>()
    for (const actor of ACTORS) if (actor !== 'visitor') cookies.set(actor, await signIn(people[actor].id))
    const values = (await read.setup?.()) ?? {}
    const params = route.params.length > 0 ? values : {}
    const variants: Variant[] = route.isResource ? ['document'] : ['document', 'single fetch']
    const failures: string[] = []
    let hashedAt = writesSoFar()
    let before = tableHashes()
    for (const actor of ACTORS) {
      for (const variant of variants) {
        resetAllLimits()
        let url = urlFor(route.pattern, params)
        if (variant === 'single fetch') url = url === 'http://localhost/' ? `${url}_root.data` : `${url}.data`
        const query = read.query(values, actor)
        if (query) url = `${url}?${query}`
        const headers = new Headers({
          'Sec-Fetch-Site': 'cross-site',
          'Sec-Fetch-Mode': variant === 'document' ? 'navigate' : 'cors',
          'Sec-Fetch-Dest': variant === 'document' ? 'document' : 'empty',
        })
        const cookie = cookies.get(actor)
        if (cookie) headers.set('Cookie', cookie)
        const answer = await app.http(new Request(url, { headers }))
        const now = writesSoFar()
        // Nothing written on this connection (the app's only one) since the last hashes: the same tables.
        if (now.sqlite === hashedAt.sqlite && now.count === hashedAt.count) continue
        hashedAt = now
        const after = tableHashes()
        const changed = changedTables(before, after).filter((table) => !read.mirrors?.tables.includes(table))
        if (changed.length) {
          failures.push(`GET ${url} as ${actor} (${variant}) → ${answer.status}: changed ${changed.join(', ')}`)
        }
        before = after
      }
    }
    expect(failures, failures.join('\n')).toEqual([])
  })
})

/* ------------------------------------------------------------------------------------------ */
/* What can take an account from its owner asks for a recent verification.                     */
/* ------------------------------------------------------------------------------------------ */

/**
 * A stolen cookie must not be enough to lock the owner out or to carry off what matters most
 * (issue 41, decision 042): turning two-factor on or off, new recovery codes, signing other
 * sessions out, adding or removing a passkey, a new email, payouts, a record's export, a
 * document, an admin's deletions each ask for a password or code given within
 * RECENT_VERIFICATION_MS. Made from the sources: every route module under app/routes that calls
 * the guard (itself, or through a module of its folder) needs rows in RECENT, one per guarded
 * request, so the class grows with the features.
 *
 * Each row is sent from a session signed in longer ago than that: a screen answers a redirect
 * to /account/verify and back to where it was, an /api or JSON route 403 `verificationRequired`,
 * and the database is as it was. After the password is given again at /account/verify, the same
 * request succeeds (and a write writes), so the class cannot pass by refusing everyone.
 */
const GUARDS = /\b(requireRecentVerification|requireApiRecentVerification|isRecentlyVerified)\(/

type Staged = { userId: number; id: string }
type Sent = { method?: Method; path: string; form?: Record<string, string>; json?: unknown; headers?: HeadersInit }

type Guarded = {
  file: string
  name: string
  /**
   * How a stale session is turned back: 'screen', a redirect to verify and back; 'api', 403
   * `verificationRequired`; 'link', the page answers but its guarded links go to verify (the
   * requests behind them are rows of their own).
   */
  guard: 'screen' | 'api' | 'link'
  /** Who signs in (an account of its own when the request changes the account) and the record it names. */
  setup: () => Promise<Staged> | Staged
  /** What the person did while the session was fresh, before the request (a setup started). */
  before?: (cookie: string) => Promise<unknown>
  send: (staged: Staged, cookie: string) => Sent | Promise<Sent>
  /** Where verifying sends a screen back, when not to the request's own address. */
  back?: string
  /**
   * What the success must show beyond a 2xx (or a redirect not to verify) with no error toast
   * and, for a write, a change in the database.
   */
  success?: (answer: Normalised, staged: Staged) => void
  /** A write that keeps nothing here (a link asked of the payment provider). */
  keepsNothing?: true
}

/** An account of the row's own (optionally with an authenticator app, as admins have). */
const ownAccount =
  (overrides: Parameters<typeof createUser>[0] = {}, { twoFactor = false } = {}) =>
  async (): Promise<Staged> => {
    const user = await createUser(overrides)
    if (twoFactor) turnOnTestAuthenticator(user.id)
    return { userId: user.id, id: '' }
  }

/** An account of its own signed in on another browser too; `id` is that session's handle. */
async function signedInTwice(): Promise<Staged> {
  const { userId } = await ownAccount()()
  await signIn(userId)
  return { userId, id: listSessions(userId, undefined)[0]!.handle }
}

const as = (userId: () => number, record: () => Fixture | Promise<Fixture>) => async (): Promise<Staged> => ({
  userId: userId(),
  id: (await record()).params.id!,
})

const sessionOf = (cookie: string) => getSession(new Request('http://localhost/', { headers: { Cookie: cookie } }))

/** The session's last password or code given longer ago than RECENT_VERIFICATION_MS. */
async function makeStale(cookie: string) {
  const { id } = await sessionOf(cookie)
  updateSessionData(id, { verifiedAt: Date.now() - RECENT_VERIFICATION_MS - 60_000 })
  // Its "last seen" is written now, not by the request below, which must write nothing.
  await noteSessionSeen(id)
}

/** A practitioner of the row's own whose payout account exists (its onboarding not finished). */
async function connectedPractitioner(): Promise<Staged> {
  const user = await createUser({ isPractitioner: true })
  await createConnectedAccount(user, 'http://localhost')
  return { userId: user.id, id: '' }
}

/** The payment emulator's onboarding page (tests run without Stripe). */
const PROVIDER_LINK = /\/dev\/onboarding\/acctlink_/

const newEmail = () => `${tag('moved').replace(/\W+/g, '-')}@example.com`
const TWO_FACTOR_PATH = `${SECURITY_PATH}/two-factor`

const RECENT: Guarded[] = [
  // The security page: each form can lock the owner out in a stolen cookie's hands.
  ...[SECURITY_INTENTS.disableTwoFactor, SECURITY_INTENTS.newRecoveryCodes].map((intent): Guarded => ({
    file: 'app/routes/_public.account.security.tsx',
    name: intent,
    guard: 'screen',
    setup: ownAccount({}, { twoFactor: true }),
    send: async () => ({ path: SECURITY_PATH, form: { intent, code: await totpCode() } }),
  })),
  {
    file: 'app/routes/_public.account.security.tsx',
    name: SECURITY_INTENTS.signOutSession,
    guard: 'screen',
    setup: signedInTwice,
    send: ({ id }) => ({ path: SECURITY_PATH, form: { intent: SECURITY_INTENTS.signOutSession, session: id } }),
  },
  {
    file: 'app/routes/_public.account.security.tsx',
    name: SECURITY_INTENTS.signOutOthers,
    guard: 'screen',
    setup: signedInTwice,
    send: () => ({ path: SECURITY_PATH, form: { intent: SECURITY_INTENTS.signOutOthers } }),
    success: (_answer, { userId }) => expect(listSessions(userId, undefined)).toHaveLength(1),
  },
  // Turning two-factor on: the page that shows a secret, a new secret, and the first code.
  {
    file: 'app/routes/_public.account.security_.two-factor.tsx',
    name: 'the setup page while it is off',
    guard: 'screen',
    setup: ownAccount(),
    send: () => ({ path: TWO_FACTOR_PATH }),
    success: (answer) => expect(answer.text).toContain('"qrSvg":"<svg'),
  },
  {
    file: 'app/routes/_public.account.security_.two-factor.tsx',
    name: 'start',
    guard: 'screen',
    setup: ownAccount(),
    send: () => ({ path: TWO_FACTOR_PATH, form: { intent: 'start' } }),
  },
  {
    file: 'app/routes/_public.account.security_.two-factor.tsx',
    name: 'confirm',
    guard: 'screen',
    setup: ownAccount(),
    before: (cookie) =>
      app.http(
        new Request(`http://localhost${TWO_FACTOR_PATH}`, {
          method: 'POST',
          headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'intent=start',
        }),
      ),
    send: async (_staged, cookie) => {
      const secret = (await sessionOf(cookie)).get('totpSetup')!.secret
      return { path: TWO_FACTOR_PATH, form: { code: await totpCode(secret) } }
    },
    success: (_answer, { userId }) => expect(userRow(userId)?.totpEnabledAt).toBeInstanceOf(Date),
  },
  // Passkeys: the options that start adding one (JSON), and removing one (a form).
  {
    file: 'app/routes/account.security.passkeys.ts',
    name: 'registration options',
    guard: 'api',
    setup: ownAccount(),
    send: () => ({ path: '/account/security/passkeys', json: { intent: 'registration-options' } }),
    success: (answer) => expect(answer.json).toMatchObject({ challenge: expect.any(String) }),
  },
  {
    file: 'app/routes/account.security.passkeys.ts',
    name: 'remove',
    guard: 'screen',
    setup: async () => {
      const { userId } = await ownAccount()()
      const id = randomBytes(16).toString('base64url')
      getDb()
        .insert(passkeys)
        .values({ id, userId, name: 'Laptop', publicKey: randomBytes(77) })
        .run()
      return { userId, id }
    },
    send: ({ id }) => ({ path: '/account/security/passkeys', form: { intent: 'remove', passkeyId: id } }),
    // A resource route: the person comes back to the security page, not to it.
    back: SECURITY_PATH,
  },
  // A new email: the account's way back in (a reset link goes there).
  {
    file: 'app/routes/_client.customer-settings.tsx',
    name: 'a new email',
    guard: 'screen',
    setup: ownAccount(),
    send: () => ({
      path: '/customer-settings',
      form: { intent: 'update-account', firstName: 'Test', lastName: 'Person', email: newEmail() },
    }),
  },
  {
    file: 'app/routes/api.auth.update-account.ts',
    name: 'a new email',
    guard: 'api',
    setup: ownAccount(),
    send: () => ({
      method: 'PATCH',
      path: '/api/auth/update-account',
      json: { firstName: 'Test', lastName: 'Person', email: newEmail() },
    }),
  },
  // Payouts: where the practitioner's money goes.
  {
    file: 'app/routes/practitioner.settings.tsx',
    name: CONNECT_ACCOUNT_INTENT,
    guard: 'screen',
    setup: ownAccount({ isPractitioner: true }),
    send: () => ({ path: '/practitioner/settings', form: { intent: CONNECT_ACCOUNT_INTENT } }),
  },
  ...[
    { name: ONBOARDING_LINK_INTENT, path: '/practitioner/settings', form: { intent: ONBOARDING_LINK_INTENT } },
    { name: 'an expired onboarding link', path: '/practitioner/settings?onboarding=refresh' },
  ].map(({ name, ...sent }): Guarded => ({
    file: 'app/routes/practitioner.settings.tsx',
    name,
    guard: 'screen',
    setup: connectedPractitioner,
    send: () => sent,
    keepsNothing: true,
    success: (answer) => expect(answer.location).toMatch(PROVIDER_LINK),
  })),
  {
    file: 'app/routes/api.stripe.connect-account.ts',
    name: 'POST',
    guard: 'api',
    setup: ownAccount({ isPractitioner: true }),
    send: () => ({ path: '/api/stripe/connect-account', method: 'POST' }),
  },
  {
    file: 'app/routes/api.stripe.onboarding-link.ts',
    name: 'POST',
    guard: 'api',
    setup: connectedPractitioner,
    send: () => ({ path: '/api/stripe/onboarding-link', method: 'POST' }),
    keepsNothing: true,
    success: (answer) => expect(answer.json).toMatchObject({ url: expect.stringMatching(PROVIDER_LINK) }),
  },
  // A patient's whole record, and their documents.
  {
    file: 'app/routes/practitioner_.patient-charting.$id.export.tsx',
    name: 'GET',
    guard: 'screen',
    setup: as(() => people.practitionerA.id, patientOfA),
    send: ({ id }) => ({ path: `/practitioner/patient-charting/${id}/export` }),
  },
  {
    file: 'app/routes/api.patient-documents.$id.download.ts',
    name: 'GET',
    guard: 'api',
    setup: as(() => people.practitionerA.id, documentOfA),
    send: ({ id }) => ({ path: `/api/patient-documents/${id}/download` }),
  },
  {
    file: 'app/routes/api.patient-documents.$id.download.ts',
    name: 'a download link opened as a page',
    guard: 'screen',
    setup: as(() => people.practitionerA.id, documentOfA),
    send: ({ id }) => ({ path: `/api/patient-documents/${id}/download`, headers: { 'Sec-Fetch-Mode': 'navigate' } }),
  },
  {
    file: 'app/routes/practitioner.patient-charting/route.tsx',
    name: "the documents tab's download links",
    guard: 'link',
    setup: as(() => people.practitionerA.id, patientOfA),
    send: ({ id }) => ({ path: `/practitioner/patient-charting?patient=${id}&tab=docs` }),
  },
  // An admin's deletions, on the dashboard and through the API.
  ...(
    [
      [DELETE_USER_INTENT, 'userId', accountForAdmin],
      [DELETE_MESSAGE_INTENT, 'messageId', contactMessageForAdmin],
      [DELETE_LEAD_INTENT, 'leadId', leadForAdmin],
    ] as const
  ).map(([intent, field, record]): Guarded => ({
    file: 'app/routes/admin.dashboard/route.tsx',
    name: intent,
    guard: 'screen',
    setup: as(() => people.admin.id, record),
    send: ({ id }) => ({ path: '/admin/dashboard', form: { intent, [field]: id } }),
  })),
  ...(
    [
      ['app/routes/api.admin.users.$id.ts', '/api/admin/users', accountForAdmin],
      ['app/routes/api.admin.contact-messages.$id._index.ts', '/api/admin/contact-messages', contactMessageForAdmin],
      ['app/routes/api.admin.leads.$id.ts', '/api/admin/leads', leadForAdmin],
    ] as const
  ).map(([file, base, record]): Guarded => ({
    file,
    name: 'DELETE',
    guard: 'api',
    setup: as(() => people.admin.id, record),
    send: ({ id }) => ({ method: 'DELETE', path: `${base}/${id}` }),
  })),
]

/** Each route file that asks for a recent verification, read from its source (a folder route with its folder's modules). */
function routesThatGuard() {
  const found = new Set<string>()
  for (const entry of readdirSync(APP_ROUTES, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(entry) || /\.test\.tsx?$/.test(entry)) continue
    // Comments left out: a guard commented out no longer counts.
    const source = readFileSync(path.join(APP_ROUTES, entry), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
    if (!GUARDS.test(source)) continue
    const [folder, inFolder] = entry.split(path.sep)
    const file = inFolder
      ? table.routes.find((route) => route.file.startsWith(`app/routes/${folder}/`))?.file
      : `app/routes/${entry}`
    found.add(file ?? `app/routes/${entry} (a module of no route)`)
  }
  return found
}
const APP_ROUTES = path.resolve(import.meta.dirname, '../../app/routes')

async function sendAs(cookie: string, sent: Sent) {
  resetAllLimits()
  const headers = new Headers(sent.headers)
  headers.set('Cookie', cookie)
  let body: string | undefined
  if (sent.json) {
    headers.set('Content-Type', 'application/json')
    body = JSON.stringify(sent.json)
  } else if (sent.form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded')
    body = new URLSearchParams(sent.form).toString()
  }
  const method = sent.method ?? (body ? 'POST' : 'GET')
  const answer = normalise(await app.http(new Request(`http://localhost${sent.path}`, { method, headers, body })))
  return { method, answer, where: `${method} ${sent.path} → ${answer.status} ${answer.location ?? ''}` }
}

describe('what can take an account from its owner asks for a recent verification', () => {
  test('every route that asks for it has rows in RECENT', () => {
    const rows = new Set(RECENT.map((row) => row.file))
    const missing = [...routesThatGuard()].filter((file) => !rows.has(file))
    expect(missing, 'add rows to RECENT in tests/integration/authorization-matrix.test.ts').toEqual([])
  })

  test('every row names a route that still asks for it', () => {
    const guarding = routesThatGuard()
    expect([...new Set(RECENT.map((row) => row.file))].filter((file) => !guarding.has(file))).toEqual([])
  })

  test.each(RECENT.map((row) => [row.file, row.name, row] as const))('%s (%s)', async (_file, _name, row) => {
    const staged = await row.setup()
    const cookie = await signIn(staged.userId)
    await row.before?.(cookie)
    await makeStale(cookie)

    // Stale: turned back, and nothing done.
    const before = tableHashes()
    const sent = await row.send(staged, cookie)
    const stale = await sendAs(cookie, sent)
    expect(changedTables(before, tableHashes()), `${stale.where}: a stale session changed`).toEqual([])
    const verify = new URL(stale.answer.location ?? '/', 'http://localhost')
    let back = '/'
    if (row.guard === 'screen') {
      expect(stale.answer.redirect && verify.pathname === VERIFY_PATH, `${stale.where}: not sent to verify`).toBe(true)
      back = verify.searchParams.get('redirectTo') ?? ''
      expect(back, `${stale.where}: not sent back where it was`).toBe(row.back ?? sent.path)
    } else if (row.guard === 'api') {
      expect(stale.answer.status, stale.where).toBe(403)
      expect(stale.answer.json, stale.where).toMatchObject({ verificationRequired: true })
    } else {
      expect(stale.answer.status, stale.where).toBe(200)
      expect(stale.answer.text, `${stale.where}: no way to verify`).toContain(`${VERIFY_PATH}?redirectTo=`)
    }

    // The password again, and the person is back where they were.
    resetAllLimits()
    const verified = normalise(
      await app.http(
        new Request(`http://localhost${VERIFY_PATH}`, {
          method: 'POST',
          headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ password: PASSWORD, redirectTo: back }).toString(),
        }),
      ),
    )
    expect(verified.location, 'verifying again sends the person back').toBe(back)

    // Fresh: the same request succeeds, and a write writes.
    const beforeFresh = tableHashes()
    const fresh = await sendAs(cookie, await row.send(staged, cookie))
    const went = fresh.answer.redirect ? new URL(fresh.answer.location ?? '/', 'http://localhost').pathname : null
    const ok =
      (fresh.answer.status >= 200 && fresh.answer.status < 300) || (went && ![VERIFY_PATH, '/login'].includes(went))
    expect(ok, `${fresh.where}: ${fresh.answer.text.slice(0, 200)}`).toBeTruthy()
    expect((await readToast(fresh.answer.headers.getSetCookie()))?.type, fresh.where).not.toBe('error')
    if (row.guard === 'link') expect(fresh.answer.text).not.toContain(`${VERIFY_PATH}?redirectTo=`)
    if (fresh.method !== 'GET' && !row.keepsNothing) {
      expect(changedTables(beforeFresh, tableHashes()), `${fresh.where}: nothing was done`).not.toEqual([])
    }
    row.success?.(fresh.answer, staged)
  })
})
