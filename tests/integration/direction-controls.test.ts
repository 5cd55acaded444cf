import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { DIRECTION_CONTROL_TEXT } from '~/lib/plain-text'
import { resetAllLimits } from '~/lib/rate-limit.server'
import { createBooking } from '~/models/booking/booking.server'
import { createForm } from '~/models/intake/intake-forms.server'
import { createPatient } from '~/models/records/patients.server'
import * as bookingPage from '~/routes/_client.bookings.$id'
import * as intakePage from '~/routes/_client.bookings.$id_.intake'
import * as cancelApi from '~/routes/api.bookings.$id.cancel'
import * as intakeApi from '~/routes/api.bookings.$id.intake'
import * as reportApi from '~/routes/api.bookings.$id.no-show-report'
import * as rescheduleApi from '~/routes/api.bookings.$id.reschedule'
import * as contactApi from '~/routes/api.contact'
import * as formsApi from '~/routes/api.intake-forms._index'
import * as messagesApi from '~/routes/api.messages'
import * as notesApi from '~/routes/api.patient-profiles.$id.notes'
import * as profileApi from '~/routes/api.practitioners.profile'
import * as reviewsApi from '~/routes/api.reviews'
import * as servicesApi from '~/routes/api.services._index'
import * as signupApi from '~/routes/api.signup'
import {
  callApi,
  createListedPractitioner,
  createUser,
  formReply,
  formRequest,
  insertBooking,
  insertService,
  insertSlot,
  jsonRequest,
  routeArgs,
  signIn,
  uniqueEmail,
} from '../helpers'
import { inEnglish } from '../helpers/i18n'

/**
 * The Unicode direction controls (U+202A–U+202E, U+2066–U+2069; issue 41) make a text read
 * otherwise than it is stored: "none" in an intake answer can show as "enon" in the chart. Every
 * text another person reads refuses them (app/lib/plain-text.ts), multi-line texts included,
 * through the screens and their /api twins: 400, the clear message, stored nowhere.
 */

const CONTROLS: [string, string][] = [
  ['U+202E (right-to-left override)', '\u202e'],
  ['U+202A (left-to-right embedding)', '\u202a'],
  ['U+2066 (left-to-right isolate)', '\u2066'],
  ['U+2069 (pop directional isolate)', '\u2069'],
]

let run = 0
/** A marker to look for in the database, with the control inside it. */
function marked(char: string) {
  run += 1
  const marker = `bidi${run}x`
  return { marker, text: `Allergies: ${marker}${char}enon, fine` }
}

/** Every text column of every table where `marker` is stored. */
function storedAnywhere(marker: string) {
  const sqlite = getDb().$client
  const tables = sqlite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all()
  return (tables as { name: string }[]).flatMap(({ name }) =>
    (sqlite.pragma(`table_info("${name}")`) as { name: string; type: string }[])
      .filter((column) => /TEXT|CHAR|CLOB|JSON|^$/i.test(column.type))
      .filter(
        (column) =>
          sqlite
            .prepare(`SELECT 1 FROM "${name}" WHERE instr(CAST("${column.name}" AS TEXT), ?) > 0 LIMIT 1`)
            .get(marker) !== undefined,
      )
      .map((column) => `${name}.${column.name}`),
  )
}

const HOUR = 60 * 60_000
let practitioner: { id: number; cookie: string }
let client: Awaited<ReturnType<typeof createUser>> & { cookie: string }
let serviceId: number

beforeAll(async () => {
  const made = await createListedPractitioner({ firstName: 'Bidi', lastName: 'Practitioner' })
  practitioner = { id: made.id, cookie: await signIn(made.id) }
  const person = await createUser({ firstName: 'Bidi', lastName: 'Client' })
  client = { ...person, cookie: await signIn(person.id) }
  serviceId = insertService(practitioner.id, { name: 'Bidi Talk', priceCents: 0, isFreeIntro: true }).id
})
beforeEach(resetAllLimits)

describe('intake answers', () => {
  let bookingId: number
  let shortId: string
  let paragraphId: string

  beforeAll(async () => {
    const form = createForm(practitioner.id, {
      title: 'Before we meet',
      serviceIds: [serviceId],
      firstSessionOnly: false,
      questions: [
        { kind: 'short', label: 'Any allergies?', required: false },
        { kind: 'paragraph', label: 'What brings you here?', required: false },
      ],
    })
    ;[shortId, paragraphId] = form.questions.map((q) => q.id) as [string, string]
    const slot = insertSlot({ practitionerId: practitioner.id, serviceId, startTime: new Date(Date.now() + 72 * HOUR) })
    bookingId = (await createBooking(client, { serviceId, timeSlotId: slot.id })).id
  })

  const put = (body: unknown) =>
    callApi(
      intakeApi.action,
      jsonRequest(`/api/bookings/${bookingId}/intake`, 'PUT', body, { cookie: client.cookie }),
      { id: String(bookingId) },
    )

  test.each(CONTROLS)('PUT /api/bookings/:id/intake refuses %s in a short and a paragraph answer', async (_n, char) => {
    for (const question of [shortId, paragraphId]) {
      const { marker, text } = marked(char)
      expect(await put({ answers: { [question]: text }, submit: false })).toMatchObject({
        status: 400,
        body: { message: inEnglish(DIRECTION_CONTROL_TEXT) },
      })
      expect(storedAnywhere(marker)).toEqual([])
    }
  })

  test.each(CONTROLS)('the intake screen refuses %s on the question it is in', async (_n, char) => {
    const { marker, text } = marked(char)
    const answer = await intakePage.action(
      routeArgs(
        formRequest(
          `/bookings/${bookingId}/intake`,
          { intent: 'save-draft', [paragraphId]: `${text}\nMore` },
          {
            cookie: client.cookie,
          },
        ),
        { id: String(bookingId) },
      ),
    )
    expect(formReply(answer).result.error).toMatchObject({ [paragraphId]: [DIRECTION_CONTROL_TEXT] })
    expect(storedAnywhere(marker)).toEqual([])
  })

  test('direction marks in right-to-left answers are kept', async () => {
    const hebrew = 'שרה\u200f (Sarah), 42'
    expect(await put({ answers: { [shortId]: hebrew }, submit: false })).toMatchObject({ status: 200 })
    expect(storedAnywhere('שרה\u200f')).not.toEqual([])
  })
})

describe("a report of the practitioner's absence", () => {
  let bookingId: number
  beforeAll(() => {
    bookingId = insertBooking({ clientId: client.id, practitionerId: practitioner.id, serviceId, startsInHours: -2 }).id
  })

  test.each(CONTROLS)('POST /api/bookings/:id/no-show-report and the booking page refuse %s', async (_n, char) => {
    const api = marked(char)
    const request = jsonRequest(
      `/api/bookings/${bookingId}/no-show-report`,
      'POST',
      { details: api.text },
      {
        cookie: client.cookie,
      },
    )
    expect(await callApi(reportApi.action, request, { id: String(bookingId) })).toMatchObject({
      status: 400,
      body: { message: inEnglish(DIRECTION_CONTROL_TEXT) },
    })
    const screen = marked(char)
    const answer = await bookingPage.action(
      routeArgs(
        formRequest(
          `/bookings/${bookingId}`,
          { intent: 'report-no-show', details: screen.text },
          {
            cookie: client.cookie,
          },
        ),
        { id: String(bookingId) },
      ),
    )
    expect(formReply(answer).result.error).toMatchObject({ details: [DIRECTION_CONTROL_TEXT] })
    expect([...storedAnywhere(api.marker), ...storedAnywhere(screen.marker)]).toEqual([])
  })
})

describe('every other text another person reads, through its /api route', () => {
  const ids = { patient: 0, booking: 0 }
  beforeAll(() => {
    ids.patient = createPatient(practitioner.id, { firstName: 'Bidi', lastName: 'Patient' }).id
    ids.booking = insertBooking({
      clientId: client.id,
      practitionerId: practitioner.id,
      serviceId,
      startsInHours: 96,
    }).id
    // A session behind them, so that the review is otherwise one the client may write.
    const past = { clientId: client.id, practitionerId: practitioner.id, serviceId, startsInHours: -30 }
    insertBooking({ ...past, status: 'completed' })
  })

  type Surface = {
    route: { action: (args: never) => unknown }
    method: string
    path: () => string
    params?: () => Record<string, string>
    as: 'client' | 'practitioner' | null
    body: (text: string) => Record<string, unknown>
  }
  const surfaces: Record<string, Surface> = {
    'a name at signup': {
      route: signupApi,
      method: 'POST',
      path: () => '/api/signup',
      as: null,
      body: (text) => ({
        email: uniqueEmail('bidi'),
        password: 'secret-pass',
        firstName: text,
        lastName: 'Chen',
        phoneNumber: '416-555-0199',
        isPractitioner: false,
      }),
    },
    'a message': {
      route: messagesApi,
      method: 'POST',
      path: () => '/api/messages',
      as: 'client',
      body: (text) => ({ recipientId: practitioner.id, subject: 'Hello', content: text }),
    },
    'a review': {
      route: reviewsApi,
      method: 'POST',
      path: () => '/api/reviews',
      as: 'client',
      body: (text) => ({ practitionerId: practitioner.id, rating: 5, content: text }),
    },
    "a practitioner's cancellation reason": {
      route: cancelApi,
      method: 'PATCH',
      path: () => `/api/bookings/${ids.booking}/cancel`,
      params: () => ({ id: String(ids.booking) }),
      as: 'practitioner',
      body: (text) => ({ reason: text }),
    },
    "a practitioner's message with a new time": {
      route: rescheduleApi,
      method: 'PATCH',
      path: () => `/api/bookings/${ids.booking}/reschedule`,
      params: () => ({ id: String(ids.booking) }),
      as: 'practitioner',
      body: (text) => ({ timeSlotId: 1, message: text }),
    },
    "a chart's note": {
      route: notesApi,
      method: 'POST',
      path: () => `/api/patient-profiles/${ids.patient}/notes`,
      params: () => ({ id: String(ids.patient) }),
      as: 'practitioner',
      body: (text) => ({ title: 'Visit', content: text }),
    },
    'an intake question': {
      route: formsApi,
      method: 'POST',
      path: () => '/api/intake-forms',
      as: 'practitioner',
      body: (text) => ({ title: 'Bidi form', questions: [{ kind: 'paragraph', label: text, required: false }] }),
    },
    "a service's description": {
      route: servicesApi,
      method: 'POST',
      path: () => '/api/services',
      as: 'practitioner',
      body: (text) => ({ name: 'Sound Bath', description: text, category: 'Meditation', price: 0, duration: 45 }),
    },
    "a practitioner's bio": {
      route: profileApi,
      method: 'PATCH',
      path: () => '/api/practitioners/profile',
      as: 'practitioner',
      body: (text) => ({ firstName: 'Bidi', lastName: 'Practitioner', bio: text }),
    },
    'a contact message': {
      route: contactApi,
      method: 'POST',
      path: () => '/api/contact',
      as: null,
      body: (text) => ({ name: 'Maya', email: uniqueEmail('bidi-contact'), subject: 'A question', message: text }),
    },
  }

  test.each(Object.entries(surfaces))('%s refuses each direction control, stored nowhere', async (_name, surface) => {
    const cookie = surface.as === null ? undefined : { client, practitioner }[surface.as].cookie
    for (const [, char] of CONTROLS) {
      const { marker, text } = marked(char)
      const request = jsonRequest(surface.path(), surface.method, surface.body(text), { cookie, ip: '203.0.113.90' })
      const answer = await callApi(surface.route.action as never, request, surface.params?.())
      expect(answer).toMatchObject({ status: 400, body: { message: inEnglish(DIRECTION_CONTROL_TEXT) } })
      expect(storedAnywhere(marker)).toEqual([])
    }
  })
})
