import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import {
  bookings,
  intakeForms,
  intakeFormVersions,
  intakeResponses,
  patientAuditLog,
  patientProfiles,
  users,
} from '~/db/schema'
import { ONE_LINE_TEXT } from '~/lib/plain-text'
import { deleteAccount } from '~/models/accounts/user.server'
import { createBooking } from '~/models/booking/booking.server'
import { getClientSessions } from '~/models/booking/client-sessions.server'
import {
  ALREADY_SENT,
  ANSWER_REQUIRED,
  CONSENT_REQUIRED,
  consentMismatch,
  FORM_NOT_FOUND,
  FORM_TOO_LONG,
  MAX_FORMS,
  NOT_YOUR_SERVICE,
  TITLE_TAKEN,
  TOO_MANY_FORMS,
  type IntakeFormInput,
} from '~/models/intake/intake-form'
import { createForm, deleteForm, getOwnForm, updateForm } from '~/models/intake/intake-forms.server'
import {
  getClientIntake,
  getPractitionerIntake,
  listPatientIntake,
  markIntakeReminded,
  NO_INTAKE,
  REMINDED_RECENTLY,
  saveIntake,
} from '~/models/intake/intake-responses.server'
import { getDashboard } from '~/models/practice/dashboard.server'
import { consultationContext } from '~/models/records/ai-consult.server'
import * as intakePage from '~/routes/_client.bookings.$id_.intake'
import * as intakeApi from '~/routes/api.bookings.$id.intake'
import * as formApi from '~/routes/api.intake-forms.$id'
import * as formsApi from '~/routes/api.intake-forms._index'
import * as formPage from '~/routes/practitioner.intake-forms.$id'
import * as formsPage from '~/routes/practitioner.intake-forms._index'
import { requestContext } from '../../server/request-context.js'
import {
  callApi,
  createListedPractitioner,
  createUser,
  expectRedirect,
  formReply,
  formRequest,
  getRequest,
  insertService,
  insertSlot,
  jsonRequest,
  outbox,
  PASSWORD,
  readToast,
  refusal,
  routeArgs,
  signIn,
} from '../helpers'
import { inEnglish, inFrench } from '../helpers/i18n'

/**
 * Intake forms and consent (issue 32; docs/decisions/041-intake-forms.md): the practitioner's
 * versioned forms, the client's draft and sending, the answers joining the chart (made from the
 * client's account when there is none) with the access trail, the export's and the AI's record,
 * reminders, first-session-only forms, and what a client's account deletion leaves.
 */

const HOUR = 60 * 60_000
let practitioner: Awaited<ReturnType<typeof createListedPractitioner>> & { cookie: string }
let serviceId: number

const FORM: IntakeFormInput = {
  title: 'Before we meet',
  serviceIds: [],
  firstSessionOnly: false,
  questions: [
    { kind: 'short', label: 'What brings you here?', required: true },
    { kind: 'single', label: 'How do you sleep?', required: true, options: ['Well', 'Badly'] },
    { kind: 'multiple', label: 'What helps you?', required: false, options: ['Walks', 'Music'] },
    { kind: 'yesno', label: 'Do you take medication?', required: false },
    { kind: 'consent', label: 'I agree that sessions are not medical advice.', required: true },
  ],
}

beforeAll(async () => {
  const made = await createListedPractitioner({ firstName: 'Ines', lastName: 'Intake' })
  practitioner = { ...made, cookie: await signIn(made.id) }
  serviceId = insertService(practitioner.id, { name: 'First Talk', priceCents: 0, isFreeIntro: true }).id
})

let hours = 48
async function bookedClient(service = serviceId) {
  const client = await createUser({ firstName: 'Casey', lastName: `Client${hours}` })
  const slot = insertSlot({
    practitionerId: practitioner.id,
    serviceId: service,
    startTime: new Date(Date.now() + hours++ * HOUR),
  })
  const { id } = await createBooking(client, { serviceId: service, timeSlotId: slot.id })
  return { client: { ...client, cookie: await signIn(client.id) }, bookingId: id }
}

function answersFor(form: ReturnType<typeof getOwnForm>, client: { firstName: string; lastName: string }) {
  const [why, sleep, helps, meds, consent] = form.questions
  return {
    [why!.id]: 'Stress at work',
    [sleep!.id]: 'Badly',
    [helps!.id]: ['Walks'],
    [meds!.id]: 'no',
    [consent!.id]: `${client.firstName} ${client.lastName}`,
  }
}

describe('the practitioner’s forms', () => {
  test('versioned: an edit makes the next version; answers keep the exact text of the one they answered', async () => {
    const form = createForm(practitioner.id, { ...FORM, serviceIds: [serviceId] })
    expect(form).toMatchObject({ version: 1, serviceIds: [serviceId], title: 'Before we meet' })
    expect(form.questions.every((q) => /^[a-z0-9]{4,24}$/.test(q.id))).toBe(true)
    expect(form.questions.at(-1)).toMatchObject({ kind: 'consent', required: true })

    const { client, bookingId } = await bookedClient()
    saveIntake(client, bookingId, answersFor(form, client), true)

    const edited = updateForm(practitioner.id, form.id, {
      questions: form.questions.map((q) => (q.kind === 'consent' ? { ...q, label: 'A new consent.' } : q)),
    })
    expect(edited.version).toBe(2)
    expect(updateForm(practitioner.id, form.id, { firstSessionOnly: false }).version).toBe(2)
    const sent = getClientIntake(client, bookingId)
    expect(sent).toMatchObject({ version: 1, state: 'sent' })
    expect(sent.questions.at(-1)!.label).toBe('I agree that sessions are not medical advice.')
    // A new booking answers the new version.
    const next = await bookedClient()
    expect(getClientIntake(next.client, next.bookingId)).toMatchObject({ version: 2, state: 'waiting' })
    deleteForm(practitioner.id, form.id)
  })

  test('one-line texts stay one line: a control character in an option or the title is refused, nothing stored', async () => {
    const api = (body: unknown) =>
      callApi(formsApi.action, jsonRequest('/api/intake-forms', 'POST', body, { cookie: practitioner.cookie }))
    const refusedOption = await api({
      ...FORM,
      questions: [{ kind: 'single', label: 'Pick', options: ['A\u0007b', 'C'] }],
    })
    expect(refusedOption).toMatchObject({ status: 400, body: { message: inEnglish(ONE_LINE_TEXT) } })
    expect((await api({ ...FORM, title: 'Intake\u0000form' })).status).toBe(400)
  })

  test('only their own: another practitioner’s form is not found, and their services cannot be chosen', async () => {
    const other = await createListedPractitioner()
    const otherService = insertService(other.id, { name: 'Not Yours' }).id
    await expect(
      refusal(() => createForm(practitioner.id, { ...FORM, serviceIds: [otherService] })),
    ).resolves.toMatchObject({
      status: 400,
      message: NOT_YOUR_SERVICE,
    })
    const form = createForm(practitioner.id, FORM)
    await expect(refusal(() => getOwnForm(other.id, form.id))).resolves.toMatchObject({
      status: 404,
      message: FORM_NOT_FOUND,
    })
    await expect(refusal(() => updateForm(other.id, form.id, { title: 'Mine now' }))).resolves.toMatchObject({
      status: 404,
    })
    await expect(refusal(() => deleteForm(other.id, form.id))).resolves.toMatchObject({ status: 404 })
    const api = await callApi(formsApi.loader, getRequest('/api/intake-forms', { cookie: await signIn(other.id) }))
    expect(api.body.map((f: { id: number }) => f.id)).not.toContain(form.id)
    deleteForm(practitioner.id, form.id)
  })
})

describe('titles (issue 42)', () => {
  test('two live forms are never titled alike, case and spaces aside: created or renamed, by the model, the API and the screen', async () => {
    const own = await createListedPractitioner()
    const cookie = await signIn(own.id)
    const first = createForm(own.id, { ...FORM, title: 'Before we meet' })
    for (const title of ['Before we meet', '  before WE   meet ']) {
      await expect(refusal(() => createForm(own.id, { ...FORM, title }))).resolves.toMatchObject({
        status: 409,
        message: TITLE_TAKEN,
      })
    }
    const api = await callApi(
      formsApi.action,
      jsonRequest('/api/intake-forms', 'POST', { ...FORM, title: 'BEFORE we meet' }, { cookie }),
    )
    expect(api).toMatchObject({ status: 409, body: { message: inEnglish(TITLE_TAKEN) } })
    const screen = await formPage.action(
      routeArgs(
        formRequest(
          '/practitioner/intake-forms/new',
          { intent: 'save-form', title: 'before we meet', 'questions[0].kind': 'short', 'questions[0].label': 'Why?' },
          { cookie },
        ),
        { id: 'new' },
      ),
    )
    expect(formReply(screen).status).toBe(409)
    expect(formReply(screen).result.error).toMatchObject({ title: [TITLE_TAKEN] })

    // Renaming another form to it is refused too; a form keeps its own title, in any case.
    const second = createForm(own.id, { ...FORM, title: 'After we meet' })
    await expect(refusal(() => updateForm(own.id, second.id, { title: 'Before We Meet' }))).resolves.toMatchObject({
      status: 409,
      message: TITLE_TAKEN,
    })
    const patched = await callApi(
      formApi.action,
      jsonRequest(`/api/intake-forms/${second.id}`, 'PATCH', { title: 'before we meet' }, { cookie }),
      { id: String(second.id) },
    )
    expect(patched).toMatchObject({ status: 409, body: { message: inEnglish(TITLE_TAKEN) } })
    expect(getOwnForm(own.id, second.id).title).toBe('After we meet')
    expect(updateForm(own.id, first.id, { title: 'Before We Meet' }).title).toBe('Before We Meet')
    // Another practitioner's titles are theirs; a removed form's title is free again.
    const theirs = createForm(practitioner.id, { ...FORM, title: 'After we meet' })
    expect(theirs.title).toBe('After we meet')
    deleteForm(practitioner.id, theirs.id)
    deleteForm(own.id, second.id)
    expect(createForm(own.id, { ...FORM, title: 'After we meet' }).version).toBe(1)
  })

  test('a new form is offered a title none of theirs has: "Intake form", then "Intake form 2"', async () => {
    const own = await createListedPractitioner()
    const cookie = await signIn(own.id)
    const newPage = () =>
      formPage.loader(routeArgs(getRequest('/practitioner/intake-forms/new', { cookie }), { id: 'new' }))
    expect(await newPage()).toMatchObject({ newTitle: 'Intake form' })
    createForm(own.id, { ...FORM, title: 'intake FORM' })
    expect(await newPage()).toMatchObject({ newTitle: 'Intake form 2' })
  })
})

describe('what one practitioner can store (issue 41)', () => {
  const versionsOf = (formId: number) =>
    getDb()
      .select({ version: intakeFormVersions.version })
      .from(intakeFormVersions)
      .where(eq(intakeFormVersions.formId, formId))
      .all()
      .map((row) => row.version)

  test('at most 50 live forms: the next is refused with the message by the API and the screen; removing one makes room', async () => {
    const many = await createListedPractitioner()
    const cookie = await signIn(many.id)
    const small = { ...FORM, questions: [{ kind: 'short' as const, label: 'Why?', required: false }] }
    const made = Array.from({ length: MAX_FORMS }, (_, i) => createForm(many.id, { ...small, title: `Form ${i}` }))
    const api = await callApi(formsApi.action, jsonRequest('/api/intake-forms', 'POST', small, { cookie }))
    expect(api).toMatchObject({ status: 409, body: { message: inEnglish(TOO_MANY_FORMS) } })
    const screen = await formPage.action(
      routeArgs(
        formRequest(
          '/practitioner/intake-forms/new',
          { intent: 'save-form', title: 'One more', 'questions[0].kind': 'short', 'questions[0].label': 'Why?' },
          { cookie },
        ),
        { id: 'new' },
      ),
    )
    expect(formReply(screen).result.error).toMatchObject({ '': [TOO_MANY_FORMS] })
    const list = await formsPage.loader(routeArgs(getRequest('/practitioner/intake-forms', { cookie })))
    expect(list).toMatchObject({ full: true, page: 1, pageCount: 1 })
    expect(list.forms).toHaveLength(MAX_FORMS)

    // A form nobody answered goes entirely when removed, so adding and removing leaves nothing behind.
    deleteForm(many.id, made[0]!.id)
    expect(getDb().select().from(intakeForms).where(eq(intakeForms.id, made[0]!.id)).get()).toBeUndefined()
    expect(versionsOf(made[0]!.id)).toEqual([])
    expect(createForm(many.id, small).version).toBe(1)
  })

  test('GET /api/intake-forms is paged like every list: 50 a page, with the paging headers', async () => {
    const many = await createListedPractitioner()
    const cookie = await signIn(many.id)
    for (let i = 0; i < MAX_FORMS; i++) createForm(many.id, { ...FORM, title: `Form ${i}` })
    // Forms kept from before the bound can exceed it: they are paged, never answered at once.
    getDb().transaction((tx) => {
      for (let i = 0; i < 3; i++) {
        const form = tx
          .insert(intakeForms)
          .values({ practitionerId: many.id, title: `Old ${i}` })
          .returning()
          .get()
        const version = tx
          .insert(intakeFormVersions)
          .values({ formId: form.id, version: 1, title: `Old ${i}`, questions: [] })
          .returning()
          .get()
        tx.update(intakeForms).set({ currentVersionId: version.id }).where(eq(intakeForms.id, form.id)).run()
      }
    })
    const page = (query: string) => callApi(formsApi.loader, getRequest(`/api/intake-forms${query}`, { cookie }))
    const first = await page('')
    expect(first.body).toHaveLength(50)
    expect(
      Object.fromEntries(
        ['x-total-count', 'x-page', 'x-page-count', 'x-page-size'].map((h) => [h, first.headers.get(h)]),
      ),
    ).toEqual({
      'x-total-count': '53',
      'x-page': '1',
      'x-page-count': '2',
      'x-page-size': '50',
    })
    const second = await page('?page=2')
    expect(second.body).toHaveLength(3)
    expect(second.headers.get('x-page')).toBe('2')
    expect((await page('?page=0')).status).toBe(400)
    const screen = await formsPage.loader(routeArgs(getRequest('/practitioner/intake-forms?page=2', { cookie })))
    expect(screen).toMatchObject({ page: 2, pageCount: 2 })
    expect(screen.forms).toHaveLength(3)
  })

  test('a form’s text is bounded as a whole: 40 questions of 2000 characters are refused', async () => {
    const long = { kind: 'paragraph', label: 'x'.repeat(2000), required: false }
    const answer = await callApi(
      formsApi.action,
      jsonRequest(
        '/api/intake-forms',
        'POST',
        { ...FORM, questions: Array(40).fill(long) },
        { cookie: practitioner.cookie },
      ),
    )
    expect(answer).toMatchObject({ status: 400, body: { message: inEnglish(FORM_TOO_LONG) } })
  })

  test('versions no answer refers to are pruned: 60 edits keep the current one and the one a draft pins', async () => {
    const form = createForm(practitioner.id, { ...FORM, serviceIds: [serviceId] })
    const { client, bookingId } = await bookedClient()
    saveIntake(client, bookingId, {}, false)
    for (let i = 1; i <= 60; i++) updateForm(practitioner.id, form.id, { title: `Edit ${i}` })
    expect(getOwnForm(practitioner.id, form.id)).toMatchObject({ version: 61, title: 'Edit 60' })
    expect(versionsOf(form.id).sort((a, b) => a - b)).toEqual([1, 61])
    expect(getClientIntake(client, bookingId)).toMatchObject({ version: 1, title: 'Before we meet', state: 'draft' })

    // Removed: the answered version stays with its draft, the rest goes.
    deleteForm(practitioner.id, form.id)
    expect(versionsOf(form.id)).toEqual([1])
    expect(getDb().select().from(intakeForms).where(eq(intakeForms.id, form.id)).get()?.deletedAt).toBeInstanceOf(Date)
  })
})

describe('the client answers', () => {
  test('a draft keeps what was typed; sending needs the required answers and the consent signed with their name', async () => {
    const form = createForm(practitioner.id, { ...FORM, serviceIds: [serviceId] })
    const { client, bookingId } = await bookedClient()
    const [why, sleep, , , consent] = form.questions
    expect(getClientSessions(client).upcoming.find((s) => s.id === bookingId)?.intake).toBe('waiting')
    expect(outbox(client.email).at(-1)!.text).toContain(`/bookings/${bookingId}/intake`)

    saveIntake(client, bookingId, { [why!.id]: 'Stress' }, false)
    expect(getClientIntake(client, bookingId)).toMatchObject({ state: 'draft', answers: { [why!.id]: 'Stress' } })
    // The practitioner does not see a draft.
    expect(getPractitionerIntake(practitioner, bookingId)).toMatchObject({ state: 'waiting', answers: {} })

    await expect(refusal(() => saveIntake(client, bookingId, { [why!.id]: 'Stress' }, true))).resolves.toMatchObject({
      status: 400,
      message: ANSWER_REQUIRED,
    })
    const wrongName = { ...answersFor(form, client), [consent!.id]: 'Someone Else' }
    await expect(refusal(() => saveIntake(client, bookingId, wrongName, true))).resolves.toMatchObject({
      message: consentMismatch(`${client.firstName} ${client.lastName}`),
    })
    expect(getClientIntake(client, bookingId).state).toBe('draft')

    const sent = saveIntake(client, bookingId, answersFor(form, client), true)
    expect(sent).toMatchObject({ state: 'sent', consent: { name: `${client.firstName} ${client.lastName}` } })
    await expect(refusal(() => saveIntake(client, bookingId, answersFor(form, client), true))).resolves.toMatchObject({
      status: 409,
      message: ALREADY_SENT,
    })
    expect(getPractitionerIntake(practitioner, bookingId)).toMatchObject({
      state: 'sent',
      answers: { [sleep!.id]: 'Badly' },
    })
    deleteForm(practitioner.id, form.id)
  })

  test('the screen: save a draft, review (refused answers said on their questions), send, then read-only', async () => {
    const form = createForm(practitioner.id, { ...FORM, serviceIds: [serviceId] })
    const { client, bookingId } = await bookedClient()
    const [why, sleep, helps, meds, consent] = form.questions
    const post = (fields: Record<string, string>) =>
      intakePage.action(
        routeArgs(formRequest(`/bookings/${bookingId}/intake`, fields, { cookie: client.cookie }), {
          id: String(bookingId),
        }),
      )
    const draft = await post({ intent: 'save-draft', [why!.id]: 'Tired' })
    const saved = await readToast(expectRedirect(draft, `/bookings/${bookingId}/intake`))
    expect(inEnglish(saved!.title)).toBe('Draft saved')

    const incomplete = await post({ intent: 'review', [why!.id]: 'Tired', [consent!.id]: 'Nobody' })
    expect(formReply(incomplete).result.error).toMatchObject({
      [sleep!.id]: [ANSWER_REQUIRED],
      [consent!.id]: [consentMismatch(`${client.firstName} ${client.lastName}`)],
    })
    // An empty signature asks for the name, on the screen as in the browser (issue 42).
    const unsigned = await post({ intent: 'review', [why!.id]: 'Tired', [consent!.id]: '' })
    expect(formReply(unsigned).result.error).toMatchObject({ [consent!.id]: [CONSENT_REQUIRED] })
    expect(inEnglish(CONSENT_REQUIRED)).toBe('Type your full name to agree')
    const name = `${client.firstName} ${client.lastName}`
    const reviewed = await post({
      intent: 'review',
      [why!.id]: 'Tired',
      [sleep!.id]: 'Well',
      [helps!.id]: 'Music',
      [meds!.id]: 'yes',
      [consent!.id]: name,
    })
    expectRedirect(reviewed, `/bookings/${bookingId}/intake?review=1`)
    const summary = await intakePage.loader(
      routeArgs(getRequest(`/bookings/${bookingId}/intake?review=1`, { cookie: client.cookie }), {
        id: String(bookingId),
      }),
    )
    expect(summary).toMatchObject({ reviewing: true, intake: { answers: { [helps!.id]: ['Music'] } } })
    const sent = await post({ intent: 'send' })
    const sentToast = await readToast(expectRedirect(sent, `/bookings/${bookingId}/intake`))
    expect(inEnglish(sentToast!.title)).toBe('Intake form sent')
    expect(getClientIntake(client, bookingId).state).toBe('sent')
    deleteForm(practitioner.id, form.id)
  })

  test('only the booking’s client writes, and a booking without a form has none', async () => {
    const form = createForm(practitioner.id, { ...FORM, serviceIds: [serviceId] })
    const { client, bookingId } = await bookedClient()
    const put = (cookie: string, body: unknown) =>
      callApi(intakeApi.action, jsonRequest(`/api/bookings/${bookingId}/intake`, 'PUT', body, { cookie }), {
        id: String(bookingId),
      })
    expect((await put(practitioner.cookie, { answers: {} })).status).toBe(404)
    expect((await put(await signIn((await createUser()).id), { answers: {} })).status).toBe(404)
    const answered = await put(client.cookie, { answers: answersFor(form, client), submit: true })
    expect(answered).toMatchObject({ status: 200, body: { state: 'sent', form: { version: 1 } } })
    const read = await callApi(
      intakeApi.loader,
      getRequest(`/api/bookings/${bookingId}/intake`, { cookie: practitioner.cookie }),
      {
        id: String(bookingId),
      },
    )
    expect(read.body).toMatchObject({ state: 'sent', form: { title: 'Before we meet' } })

    const plain = insertService(practitioner.id, { name: 'No Form', priceCents: 0, isFreeIntro: true }).id
    const none = await bookedClient(plain)
    await expect(refusal(() => getClientIntake(none.client, none.bookingId))).resolves.toMatchObject({
      status: 404,
      message: NO_INTAKE,
    })
    deleteForm(practitioner.id, form.id)
  })
})

describe('into the chart', () => {
  test('sent answers join the chart made from the client’s account, with a trail row; export and AI read them', async () => {
    const form = createForm(practitioner.id, { ...FORM, serviceIds: [serviceId] })
    const { client, bookingId } = await bookedClient()
    saveIntake(client, bookingId, answersFor(form, client), true)
    const patient = getDb().select().from(patientProfiles).where(eq(patientProfiles.email, client.email)).get()!
    expect(patient).toMatchObject({ practitionerId: practitioner.id, firstName: 'Casey', lastName: client.lastName })
    expect(listPatientIntake(practitioner.id, patient.id)).toMatchObject([{ title: 'Before we meet', version: 1 }])
    const trail = getDb().select().from(patientAuditLog).where(eq(patientAuditLog.patientProfileId, patient.id)).all()
    expect(trail.map((row) => row.action)).toEqual(['create', 'intake_received'])
    const context = consultationContext(practitioner.id, patient.id)
    expect(context).toContain('Q: How do you sleep?')
    expect(context).toContain('A: Badly')
    // The consent says it was given; its signature (a name) is not sent.
    expect(context).toContain('A: agreed')
    expect(context).not.toContain(client.lastName)

    // A second session's answers join the same chart (found by email).
    const slot = insertSlot({
      practitionerId: practitioner.id,
      serviceId,
      startTime: new Date(Date.now() + 300 * HOUR),
    })
    const again = await createBooking(client, { serviceId, timeSlotId: slot.id })
    saveIntake(client, again.id, answersFor(form, client), true)
    expect(listPatientIntake(practitioner.id, patient.id)).toHaveLength(2)
    deleteForm(practitioner.id, form.id)
  })

  test('first sessions only: a client’s second session is not asked', async () => {
    const form = createForm(practitioner.id, { ...FORM, serviceIds: [serviceId], firstSessionOnly: true })
    const { client, bookingId } = await bookedClient()
    const slot = insertSlot({
      practitionerId: practitioner.id,
      serviceId,
      startTime: new Date(Date.now() + 400 * HOUR),
    })
    const second = await createBooking(client, { serviceId, timeSlotId: slot.id })
    const sessions = getClientSessions(client).upcoming
    expect(sessions.find((s) => s.id === bookingId)?.intake).toBe('waiting')
    expect(sessions.find((s) => s.id === second.id)?.intake).toBeNull()
    deleteForm(practitioner.id, form.id)
  })
})

describe('around it', () => {
  test('the dashboard says waiting or completed; a reminder emails the client, at most every 12 hours', async () => {
    const form = createForm(practitioner.id, { ...FORM, serviceIds: [serviceId] })
    const { client, bookingId } = await bookedClient()
    const row = () =>
      getDashboard(practitioner.id, new Date(), { all: true }).upcomingSessions.find((s) => s.id === bookingId)
    expect(row()).toMatchObject({ intake: 'waiting' })
    markIntakeReminded(practitioner, bookingId)
    await expect(refusal(() => markIntakeReminded(practitioner, bookingId))).resolves.toMatchObject({
      message: REMINDED_RECENTLY,
    })
    saveIntake(client, bookingId, answersFor(form, client), true)
    expect(row()).toMatchObject({ intake: 'sent' })
    deleteForm(practitioner.id, form.id)
  })

  test('a client who deletes their account: drafts go, sent answers stay in the practitioner’s record', async () => {
    const form = createForm(practitioner.id, { ...FORM, serviceIds: [serviceId] })
    const sent = await bookedClient()
    saveIntake(sent.client, sent.bookingId, answersFor(form, sent.client), true)
    const draft = await bookedClient()
    saveIntake(draft.client, draft.bookingId, {}, false)
    for (const { client, bookingId } of [sent, draft]) {
      // Live sessions refuse a deletion: these are cancelled first, as the app would ask.
      getDb().update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, bookingId)).run()
      await deleteAccount(new Request('http://localhost/', { method: 'DELETE' }), client.id, PASSWORD)
    }
    const rows = getDb().select().from(intakeResponses).all()
    expect(rows.find((r) => r.bookingId === sent.bookingId)).toMatchObject({ status: 'sent', clientId: null })
    expect(rows.find((r) => r.bookingId === draft.bookingId)).toBeUndefined()
    deleteForm(practitioner.id, form.id)
  })
})

describe('in French', () => {
  /** As the server answers a request: in the visitor's language until the session says whose it is. */
  const asRequest = <T>(run: () => Promise<T>) =>
    requestContext.run({ id: 'test', method: 'GET', route: null, pathname: '/', userId: null, language: 'en' }, run)
  const inFrenchFromNowOn = (id: number) => getDb().update(users).set({ language: 'fr' }).where(eq(users.id, id)).run()

  test('a French client’s intake: its dates, the refused answers said on their questions, the toasts', async () => {
    const form = createForm(practitioner.id, { ...FORM, serviceIds: [serviceId] })
    const { client, bookingId } = await bookedClient()
    inFrenchFromNowOn(client.id)
    const [why, sleep, helps, meds, consent] = form.questions
    const params = { id: String(bookingId) }
    const page = (await asRequest(() =>
      intakePage.loader(routeArgs(getRequest(`/bookings/${bookingId}/intake`, { cookie: client.cookie }), params)),
    )) as Awaited<ReturnType<typeof intakePage.loader>>
    expect(page.when).toMatch(/^\d{1,2}(er)? [a-zéû]+ \d{4}, \d{1,2}\sh\s\d{2} H[NA]E$/)
    const post = (fields: Record<string, string>) =>
      asRequest(() =>
        intakePage.action(
          routeArgs(formRequest(`/bookings/${bookingId}/intake`, fields, { cookie: client.cookie }), params),
        ),
      )
    const incomplete = formReply(await post({ intent: 'review', [why!.id]: 'Fatigue', [consent!.id]: 'Personne' }))
    const errors = incomplete.result.error as Record<string, string[]>
    expect(inFrench(errors[sleep!.id]![0]!)).toBe('Veuillez répondre à cette question')
    expect(inFrench(errors[consent!.id]![0]!)).toBe(
      `Tapez votre nom complet, ${client.firstName} ${client.lastName}, pour donner votre accord`,
    )
    const name = `${client.firstName} ${client.lastName}`
    const fields = {
      [why!.id]: 'Fatigue',
      [sleep!.id]: 'Well',
      [helps!.id]: 'Music',
      [meds!.id]: 'yes',
      [consent!.id]: name,
    }
    const review = await readToast((await post({ intent: 'review', ...fields })) as Response)
    expect(inFrench(review!.title)).toBe('Vérifiez vos réponses')
    const sent = await readToast((await post({ intent: 'send' })) as Response)
    expect(inFrench(sent!.title)).toBe('Formulaire d’accueil envoyé')
    expect(inFrench(sent!.description!)).toBe('Merci. Vos réponses ont été transmises à votre praticien.')
    const after = (await asRequest(() =>
      intakePage.loader(routeArgs(getRequest(`/bookings/${bookingId}/intake`, { cookie: client.cookie }), params)),
    )) as Awaited<ReturnType<typeof intakePage.loader>>
    expect(after.sentAt).toMatch(/\d{4}, \d{1,2}\sh\s\d{2} H[NA]E$/)
    deleteForm(practitioner.id, form.id)
  })

  test('a French practitioner’s new form is called "Formulaire d’accueil"; a refused title is said in French', async () => {
    const own = await createListedPractitioner()
    inFrenchFromNowOn(own.id)
    const cookie = await signIn(own.id)
    const newPage = () =>
      asRequest(() =>
        formPage.loader(routeArgs(getRequest('/practitioner/intake-forms/new', { cookie }), { id: 'new' })),
      )
    expect(await newPage()).toMatchObject({ newTitle: 'Formulaire d’accueil' })
    createForm(own.id, { ...FORM, title: 'Formulaire d’accueil' })
    expect(await newPage()).toMatchObject({ newTitle: 'Formulaire d’accueil 2' })
    const api = await asRequest(() =>
      callApi(
        formsApi.action,
        jsonRequest('/api/intake-forms', 'POST', { ...FORM, title: 'formulaire D’ACCUEIL' }, { cookie }),
      ),
    )
    expect(api).toMatchObject({
      status: 409,
      body: { message: 'Vous avez déjà un formulaire portant ce titre. Choisissez-en un autre.' },
    })
  })
})
