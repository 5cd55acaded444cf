import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { messages, patientProfiles, services } from '~/db/schema'
import { DIRECTION_CONTROL_TEXT, MULTI_LINE_TEXT, ONE_LINE_TEXT } from '~/lib/plain-text'
import { resetAllLimits } from '~/lib/rate-limit.server'
import { DETAIL_LINES_TEXT } from '~/models/practice/service-form'
import * as profileScreen from '~/routes/_public.practitioners.$id'
import * as signupScreen from '~/routes/_public.signup'
import * as messagesApi from '~/routes/api.messages'
import * as patientsApi from '~/routes/api.patient-profiles._index'
import * as servicesApi from '~/routes/api.services._index'
import * as signupApi from '~/routes/api.signup'
import * as chartScreen from '~/routes/practitioner.patient-charting/route'
import * as servicesScreen from '~/routes/practitioner.services'
import {
  callApi,
  createListedPractitioner,
  createUser,
  formReply,
  formRequest,
  jsonRequest,
  routeArgs,
  settle,
  signIn,
  uniqueEmail,
  userRowByEmail,
  type FormFields,
} from '../helpers'
import { inEnglish } from '../helpers/i18n'

/**
 * One-line fields refuse control characters, line and paragraph separators and lone
 * surrogates, through a screen's form and its /api twin alike (app/lib/plain-text.ts): 400, the
 * clear message, nothing stored. Multi-line fields keep their line breaks.
 */

/** Each class of character a one-line field refuses, in the middle of an otherwise valid value. */
const REFUSED: [string, string][] = [
  ['CR LF (a forged log line)', '\r\n[payments] refund succeeded'],
  ['LF', '\n'],
  ['CR', '\r'],
  ['NUL', '\u0000'],
  ['tab', '\t'],
  ['VT', '\u000b'],
  ['FF', '\u000c'],
  ['ESC', '\u001b[31m'],
  ['DEL', '\u007f'],
  ['NEL (C1)', '\u0085'],
  ['U+2028', '\u2028'],
  ['U+2029', '\u2029'],
]
/**
 * The direction controls (issue 41) are refused with their own message, one-line and multi-line
 * fields alike; tests/integration/direction-controls.test.ts takes them through every other text
 * another person reads (intake answers, reports, reviews, notes…).
 */
const DIRECTION_CONTROLS = ['\u202e', '\u202a', '\u2067', '\u2069']
/** Lone surrogates only arrive as JSON escapes (a form's UTF-8 cannot carry one). */
const LONE_SURROGATES: [string, string][] = [
  ['a lone high surrogate', '\\ud800'],
  ['a lone low surrogate', '\\udc00'],
]

const jsonWith = (body: Record<string, unknown>, field: string, escaped: string) =>
  JSON.stringify(body).replace(`"${field}":"`, `"${field}":"X${escaped}`)

beforeEach(resetAllLimits)

describe('signup names and phone', () => {
  const fields = (overrides: Record<string, string>) => ({
    email: uniqueEmail('ctl'),
    password: 'secret-pass',
    confirmPassword: 'secret-pass',
    firstName: 'Maya',
    lastName: 'Chen',
    phoneNumber: '416-555-0199',
    isPractitioner: '',
    agreeToTerms: 'on',
    redirectTo: '',
    website: '',
    ...overrides,
  })
  const apiBody = (overrides: Record<string, unknown> = {}) => ({
    email: uniqueEmail('ctl-api'),
    password: 'secret-pass',
    firstName: 'Maya',
    lastName: 'Chen',
    phoneNumber: '416-555-0199',
    isPractitioner: false,
    country: '',
    ...overrides,
  })
  const screen = (form: Record<string, string>) =>
    signupScreen.action(routeArgs(formRequest('/signup', form, { ip: '203.0.113.77' })))
  const api = (body: unknown) =>
    callApi(signupApi.action, jsonRequest('/api/signup', 'POST', body, { ip: '203.0.113.78' }))

  test.each(REFUSED)('the screen refuses %s in a name', async (_name, chars) => {
    const form = fields({ firstName: `Ma${chars}ya`, lastName: `Ch${chars}en` })
    const answer = formReply(await screen(form))
    expect(answer.status).toBe(400)
    expect(answer.result.error).toMatchObject({ firstName: [ONE_LINE_TEXT], lastName: [ONE_LINE_TEXT] })
    expect(userRowByEmail(form.email)).toBeUndefined()
  })

  test.each(REFUSED)('the API refuses %s in a name', async (_name, chars) => {
    const body = apiBody({ lastName: `Ch${chars}en` })
    expect(await api(body)).toMatchObject({ status: 400, body: { message: inEnglish(ONE_LINE_TEXT) } })
    expect(userRowByEmail(body.email)).toBeUndefined()
  })

  test.each(LONE_SURROGATES)('the API refuses %s in a name', async (_name, escaped) => {
    const body = apiBody()
    expect(await api(jsonWith(body, 'firstName', escaped))).toMatchObject({
      status: 400,
      body: { message: inEnglish(ONE_LINE_TEXT) },
    })
    expect(userRowByEmail(body.email)).toBeUndefined()
  })

  test.each(DIRECTION_CONTROLS)('the screen refuses the direction control %j in a name', async (char) => {
    const form = fields({ firstName: `Ma${char}ya` })
    const answer = formReply(await screen(form))
    expect(answer.status).toBe(400)
    expect(answer.result.error).toMatchObject({ firstName: [DIRECTION_CONTROL_TEXT] })
    expect(userRowByEmail(form.email)).toBeUndefined()
  })

  test("a phone number with a line break gets the spec's phone message", async () => {
    const body = apiBody({ phoneNumber: '416-555\n-0199' })
    expect(await api(body)).toMatchObject({ status: 400, body: { message: 'Please enter a valid phone number' } })
    expect(userRowByEmail(body.email)).toBeUndefined()
  })

  test('an email with a header after it is refused', async () => {
    const email = uniqueEmail('ctl-mail')
    const answer = await api(apiBody({ email: `${email}\r\nBcc: everyone@example.com` }))
    expect(answer).toMatchObject({ status: 400, body: { message: 'Please enter a valid email address' } })
  })

  test('accents, other scripts and emoji are names like any other', async () => {
    const body = apiBody({ firstName: 'Zoë 山田', lastName: 'Núñez 😀' })
    expect((await api(body)).status).toBe(201)
    expect(userRowByEmail(body.email)).toMatchObject({ firstName: 'Zoë 山田', lastName: 'Núñez 😀' })
  })
})

describe('a message subject', () => {
  let practitionerId: number
  let cookie: string
  let senderId: number

  beforeEach(async () => {
    const practitioner = await createListedPractitioner({ firstName: 'Maya', lastName: 'Chen' })
    const client = await createUser({ firstName: 'Eli', lastName: 'Ng' })
    practitionerId = practitioner.id
    senderId = client.id
    cookie = await signIn(client.id)
  })

  const sent = () => getDb().select().from(messages).where(eq(messages.senderId, senderId)).all()
  const content = 'Do you offer evening sessions?'
  const screen = (form: Record<string, string>) =>
    settle(() =>
      profileScreen.action(
        routeArgs(formRequest(`/practitioners/${practitionerId}`, { intent: 'message', ...form }, { cookie }), {
          id: String(practitionerId),
        }),
      ),
    )
  const api = (body: unknown) => callApi(messagesApi.action, jsonRequest('/api/messages', 'POST', body, { cookie }))

  test.each(REFUSED)('the profile card refuses %s', async (_name, chars) => {
    const answer = formReply(await screen({ subject: `Evening${chars}sessions`, content }))
    expect(answer.status).toBe(400)
    expect(answer.result.error).toMatchObject({ subject: [ONE_LINE_TEXT] })
    expect(sent()).toEqual([])
  })

  test.each(REFUSED)('POST /api/messages refuses %s', async (_name, chars) => {
    const answer = await api({ recipientId: practitionerId, subject: `Evening${chars}sessions`, content })
    expect(answer).toMatchObject({ status: 400, body: { message: inEnglish(ONE_LINE_TEXT) } })
    expect(sent()).toEqual([])
  })

  test.each(LONE_SURROGATES)('POST /api/messages refuses %s', async (_name, escaped) => {
    const body = { recipientId: practitionerId, subject: 'Evening sessions', content }
    expect(await api(jsonWith(body, 'subject', escaped))).toMatchObject({
      status: 400,
      body: { message: inEnglish(ONE_LINE_TEXT) },
    })
    expect(sent()).toEqual([])
  })

  test.each(DIRECTION_CONTROLS)(
    'the profile card refuses the direction control %j in the subject and the content',
    async (char) => {
      const subject = formReply(await screen({ subject: `Evening${char}sessions`, content }))
      expect(subject.result.error).toMatchObject({ subject: [DIRECTION_CONTROL_TEXT] })
      const body = formReply(await screen({ subject: 'Evening', content: `Hello\n${char}${content}` }))
      expect(body.result.error).toMatchObject({ content: [DIRECTION_CONTROL_TEXT] })
      expect(sent()).toEqual([])
    },
  )

  test('the content keeps its line breaks and tabs, and refuses NUL and lone surrogates', async () => {
    const multiLine = 'Hello,\r\n\r\nDo you offer\tevening sessions?\nThanks'
    const ok = await api({ recipientId: practitionerId, subject: 'Évening séssions 🌙', content: multiLine })
    expect(ok.status).toBe(201)
    expect(sent()).toMatchObject([{ subject: 'Évening séssions 🌙', content: multiLine }])

    const nul = await api({ recipientId: practitionerId, subject: 'Again', content: `Hello\u0000${content}` })
    expect(nul).toMatchObject({ status: 400, body: { message: inEnglish(MULTI_LINE_TEXT) } })
    const lone = jsonWith({ recipientId: practitionerId, subject: 'Again', content }, 'content', '\\udfff')
    expect(await api(lone)).toMatchObject({ status: 400, body: { message: inEnglish(MULTI_LINE_TEXT) } })
    expect(sent()).toHaveLength(1)
  })
})

describe('a service name', () => {
  let cookie: string
  let practitionerId: number

  beforeEach(async () => {
    const practitioner = await createListedPractitioner()
    practitionerId = practitioner.id
    cookie = await signIn(practitioner.id)
  })

  const stored = () => getDb().select().from(services).where(eq(services.practitionerId, practitionerId)).all()
  const before = () => stored().length
  const form = (overrides: FormFields): FormFields => ({
    intent: 'create-service',
    name: 'Sound Bath',
    description: 'Relax with singing bowls.\nBring a blanket.',
    category: 'Meditation',
    price: '0',
    duration: '45',
    details: '',
    meetingLink: '',
    isActive: 'on',
    ...overrides,
  })
  const body = (overrides: Record<string, unknown> = {}) => ({
    name: 'Sound Bath',
    description: 'Relax with singing bowls.',
    category: 'Meditation',
    price: 0,
    duration: 45,
    ...overrides,
  })
  const screen = (fields: FormFields) =>
    settle(() => servicesScreen.action(routeArgs(formRequest('/practitioner/services?new=1', fields, { cookie }))))
  const api = (data: unknown) => callApi(servicesApi.action, jsonRequest('/api/services', 'POST', data, { cookie }))

  test.each(REFUSED)('the My Services dialog refuses %s', async (_name, chars) => {
    const count = before()
    const answer = formReply(await screen(form({ name: `Sound${chars}Bath` })))
    expect(answer.status).toBe(400)
    expect(answer.result.error).toMatchObject({ name: [ONE_LINE_TEXT] })
    expect(stored()).toHaveLength(count)
  })

  test.each(REFUSED)('POST /api/services refuses %s', async (_name, chars) => {
    const count = before()
    expect(await api(body({ name: `Sound${chars}Bath` }))).toMatchObject({
      status: 400,
      body: { message: inEnglish(ONE_LINE_TEXT) },
    })
    expect(stored()).toHaveLength(count)
  })

  test.each(LONE_SURROGATES)('POST /api/services refuses %s', async (_name, escaped) => {
    const count = before()
    expect(await api(jsonWith(body(), 'name', escaped))).toMatchObject({
      status: 400,
      body: { message: inEnglish(ONE_LINE_TEXT) },
    })
    expect(stored()).toHaveLength(count)
  })

  test.each(DIRECTION_CONTROLS)('the My Services dialog refuses the direction control %j', async (char) => {
    const count = before()
    const name = formReply(await screen(form({ name: `Sound${char}Bath` })))
    expect(name.result.error).toMatchObject({ name: [DIRECTION_CONTROL_TEXT] })
    const description = formReply(await screen(form({ description: `Relax.\n${char}Bring a blanket.` })))
    expect(description.result.error).toMatchObject({ description: [DIRECTION_CONTROL_TEXT] })
    const details = formReply(await screen(form({ details: `Bring a mat\nWarm${char}socks` })))
    expect(details.result.error).toMatchObject({ details: [DETAIL_LINES_TEXT] })
    expect(stored()).toHaveLength(count)
  })

  test("the dialog's details box: a line each, and a tab in one is told on the box itself", async () => {
    const count = before()
    const answer = formReply(await screen(form({ details: 'Bring a mat\nWarm\tsocks' })))
    expect(answer.status).toBe(400)
    expect(answer.result.error).toMatchObject({ details: [DETAIL_LINES_TEXT] })
    expect(stored()).toHaveLength(count)
  })

  test('a detail line and a meeting link are one line each; the description keeps its lines', async () => {
    const count = before()
    expect(await api(body({ details: ['Bring a mat\u0000'] }))).toMatchObject({
      status: 400,
      body: { message: inEnglish(ONE_LINE_TEXT) },
    })
    expect(await api(body({ meetingLink: 'https://meet.example.com/a\nb' }))).toMatchObject({
      status: 400,
      body: { message: inEnglish(ONE_LINE_TEXT) },
    })
    expect(stored()).toHaveLength(count)
    const created = await api(body({ description: 'Line one\nLine two\r\n\tIndented' }))
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ description: 'Line one\nLine two\r\n\tIndented' })
  })
})

describe('a patient name', () => {
  let cookie: string
  let practitionerId: number

  beforeEach(async () => {
    const practitioner = await createUser({ isPractitioner: true, firstName: 'Mara', lastName: 'Chart' })
    practitionerId = practitioner.id
    cookie = await signIn(practitioner.id)
  })

  const stored = () =>
    getDb().select().from(patientProfiles).where(eq(patientProfiles.practitionerId, practitionerId)).all()
  const screen = (fields: FormFields) =>
    settle(() => chartScreen.action(routeArgs(formRequest('/practitioner/patient-charting?new=1', fields, { cookie }))))
  const api = (data: unknown) =>
    callApi(patientsApi.action, jsonRequest('/api/patient-profiles', 'POST', data, { cookie }))

  test.each(REFUSED)('Add Patient refuses %s', async (_name, chars) => {
    const answer = formReply(
      await screen({ intent: 'create-patient', firstName: `Ada${chars}`.padEnd(8, 'x'), lastName: 'Lovelace' }),
    )
    expect(answer.status).toBe(400)
    expect(answer.result.error).toMatchObject({ firstName: [ONE_LINE_TEXT] })
    expect(stored()).toEqual([])
  })

  test.each(REFUSED)('POST /api/patient-profiles refuses %s', async (_name, chars) => {
    expect(await api({ firstName: 'Ada', lastName: `Love${chars}lace` })).toMatchObject({
      status: 400,
      body: { message: inEnglish(ONE_LINE_TEXT) },
    })
    expect(stored()).toEqual([])
  })

  test.each(LONE_SURROGATES)('POST /api/patient-profiles refuses %s', async (_name, escaped) => {
    expect(await api(jsonWith({ firstName: 'Ada', lastName: 'Lovelace' }, 'lastName', escaped))).toMatchObject({
      status: 400,
      body: { message: inEnglish(ONE_LINE_TEXT) },
    })
    expect(stored()).toEqual([])
  })

  test.each(DIRECTION_CONTROLS)('Add Patient and its API refuse the direction control %j', async (char) => {
    const answer = formReply(await screen({ intent: 'create-patient', firstName: `Ada${char}x`, lastName: 'Lovelace' }))
    expect(answer.result.error).toMatchObject({ firstName: [DIRECTION_CONTROL_TEXT] })
    expect(await api({ firstName: 'Ada', lastName: 'Lovelace', medicalHistory: `Asthma\n${char}none` })).toMatchObject({
      status: 400,
      body: { message: inEnglish(DIRECTION_CONTROL_TEXT) },
    })
    expect(stored()).toEqual([])
  })

  test('one-line profile fields refuse, long ones keep their lines', async () => {
    for (const field of ['phone', 'address', 'emergencyContact', 'gender']) {
      expect(await api({ firstName: 'Ada', lastName: 'Lovelace', [field]: 'a\nb' })).toMatchObject({
        status: 400,
        body: { message: inEnglish(ONE_LINE_TEXT) },
      })
    }
    expect(stored()).toEqual([])
    const created = await api({ firstName: 'Ada', lastName: 'Lovelace', medicalHistory: 'Asthma\nSince 1990' })
    expect(created.status).toBe(201)
    expect(stored()).toMatchObject([{ firstName: 'Ada', medicalHistory: 'Asthma\nSince 1990' }])
  })
})
