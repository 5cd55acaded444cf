import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { patientAuditLog, patientNotes, patientProfiles } from '~/db/schema'
import {
  AI_CONSULT_COMPLETE,
  AI_EXAMPLE_QUESTIONS,
  AI_NO_PATIENT_SELECTED,
  AI_QUESTION_REQUIRED,
} from '~/models/records/ai-consult'
import { listConsultations } from '~/models/records/ai-consult.server'
import { DOCUMENT_CONTENT_MISMATCH, DOCUMENT_DELETED, DOCUMENT_UPLOADED } from '~/models/records/document'
import { createNote } from '~/models/records/notes.server'
import {
  FIRST_NAME_REQUIRED,
  NOTE_CREATED,
  NOTE_DELETED,
  NOTE_TITLE_REQUIRED,
  NOTE_UPDATED,
  PATIENT_CREATED,
  PATIENT_DELETED,
  PATIENT_NOT_FOUND,
  PATIENT_UPDATED,
  NOTE_NOT_FOUND,
} from '~/models/records/patient'
import { createPatient } from '~/models/records/patients.server'
import * as screen from '~/routes/practitioner.patient-charting/route'
import * as exportScreen from '~/routes/practitioner_.patient-charting.$id.export'
import {
  createUser,
  expectRedirect,
  formReply,
  formRequest,
  getRequest,
  insertBooking,
  insertService,
  readToast,
  routeArgs,
  settle,
  signIn,
  type FormFields,
} from '../helpers'
import { inEnglish } from '../helpers/i18n'

/** The Patient Charting screen: its loader and action over app/models/records. */

/** A toast as an English reader sees it (its title and text are catalogue keys until shown). */
function inEnglishToast(toast: { title: string; description?: string } | null | undefined) {
  return (
    toast && { ...toast, title: inEnglish(toast.title), description: toast.description && inEnglish(toast.description) }
  )
}

const PAGE = '/practitioner/patient-charting'

async function practitioner(firstName = 'Mara') {
  const user = await createUser({ isPractitioner: true, firstName, lastName: 'Chart' })
  return { user, cookie: await signIn(user.id) }
}

function load(cookie: string, query = '') {
  return screen.loader(routeArgs(getRequest(`${PAGE}${query}`, { cookie })))
}

function act(cookie: string, fields: FormFields, query = '') {
  return settle(() => screen.action(routeArgs(formRequest(`${PAGE}${query}`, fields, { cookie }))))
}

const profile = (overrides: FormFields = {}): FormFields => ({
  intent: 'create-patient',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '416 555 0100',
  dateOfBirth: '1985-04-12',
  gender: '',
  address: '',
  emergencyContact: '',
  emergencyPhone: '',
  medicalHistory: 'Asthma',
  allergies: '',
  medications: '',
  notes: '',
  ...overrides,
})

function auditActions(practitionerId: number, patientId: number) {
  return getDb()
    .select({ action: patientAuditLog.action })
    .from(patientAuditLog)
    .where(and(eq(patientAuditLog.practitionerId, practitionerId), eq(patientAuditLog.patientProfileId, patientId)))
    .all()
    .map((row) => row.action)
}

describe('the Patient Charting screen', () => {
  test('signed out goes to /login; a client is sent elsewhere', async () => {
    expectRedirect(
      await settle(() => screen.loader(routeArgs(getRequest(PAGE)))),
      `/login?redirect=${encodeURIComponent(PAGE)}`,
    )
    const client = await createUser()
    const asClient = await settle(async () => load(await signIn(client.id)))
    expect(asClient).toBeInstanceOf(Response)
  })

  test('nothing selected: the list, its count and search; nothing written', async () => {
    const { user, cookie } = await practitioner()
    createPatient(user.id, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' })
    createPatient(user.id, { firstName: 'Bo', lastName: 'Diddley' })
    const all = await load(cookie)
    expect(all.total).toBe(2)
    expect(all.patient).toBeNull()
    expect(all.patients.map((p) => p.name)).toEqual(['Bo Diddley', 'Ada Lovelace'])
    expect(all.patients[1]).toMatchObject({ email: 'ada@example.com', added: 'less than a minute' })
    const found = await load(cookie, '?q=LOVE')
    expect(found.patients.map((p) => p.name)).toEqual(['Ada Lovelace'])
    expect((await load(cookie, '?q=zzz')).patients).toEqual([])
  })

  test('opening a patient records a view and shows the profile, its date of birth as written, and the history', async () => {
    const { user, cookie } = await practitioner()
    const ada = createPatient(user.id, { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1985-04-12' })
    const page = await load(cookie, `?patient=${ada.id}`)
    expect(page.patient).toMatchObject({ tab: 'profile', dateOfBirth: 'Apr 12, 1985' })
    expect(auditActions(user.id, ada.id)).toEqual(['create', 'view'])
    expect(page.patient!.history!.entries.map((e) => e.action)).toEqual(['Viewed the record', 'Created the profile'])
    const notesTab = await load(cookie, `?patient=${ada.id}&tab=notes`)
    expect(notesTab.patient).toMatchObject({ tab: 'notes', notes: [] })
  })

  test('creating a patient redirects to their profile with the toast; required names are checked', async () => {
    const { user, cookie } = await practitioner()
    const bad = formReply(await act(cookie, profile({ firstName: '' }), '?new=1'))
    expect(bad.result.error).toMatchObject({ firstName: [FIRST_NAME_REQUIRED] })
    const response = await act(cookie, profile(), '?new=1')
    const created = getDb().select().from(patientProfiles).where(eq(patientProfiles.practitionerId, user.id)).get()!
    expect(created).toMatchObject({ firstName: 'Ada', dateOfBirth: '1985-04-12', gender: null })
    expect(await readToast(expectRedirect(response, `${PAGE}?patient=${created.id}`))).toMatchObject({
      type: 'success',
      title: PATIENT_CREATED,
    })
  })

  test('editing the profile changes and clears fields, with the toast', async () => {
    const { user, cookie } = await practitioner()
    const ada = createPatient(user.id, { firstName: 'Ada', lastName: 'Lovelace', phone: '123', allergies: 'Dust' })
    expect((await load(cookie, `?patient=${ada.id}&edit=1`)).editing).toMatchObject({ id: ada.id })
    const response = await act(
      cookie,
      profile({ intent: 'update-patient', patientId: String(ada.id), firstName: 'Augusta', phone: '', allergies: '' }),
      `?patient=${ada.id}&edit=1`,
    )
    expect(await readToast(expectRedirect(response, `${PAGE}?patient=${ada.id}`))).toMatchObject({
      title: PATIENT_UPDATED,
    })
    const row = getDb().select().from(patientProfiles).where(eq(patientProfiles.id, ada.id)).get()!
    expect(row).toMatchObject({ firstName: 'Augusta', phone: null, allergies: null, medicalHistory: 'Asthma' })
  })

  test('notes: add (private), refuse an empty title, edit, delete, each with its toast', async () => {
    const { user, cookie } = await practitioner()
    const ada = createPatient(user.id, { firstName: 'Ada', lastName: 'Lovelace' })
    const here = `?patient=${ada.id}&tab=notes`
    const note = (o: FormFields = {}): FormFields => ({
      intent: 'create-note',
      patientId: String(ada.id),
      title: 'First visit',
      content: 'Talked about sleep.',
      noteType: 'assessment',
      isPrivate: 'on',
      ...o,
    })
    const empty = formReply(await act(cookie, note({ title: '' }), `${here}&newNote=1`))
    expect(empty.result.error).toMatchObject({ title: [NOTE_TITLE_REQUIRED] })
    const added = await act(cookie, note(), `${here}&newNote=1`)
    expect(await readToast(expectRedirect(added, `${PAGE}${here}`))).toMatchObject({ title: NOTE_CREATED })
    const row = getDb().select().from(patientNotes).where(eq(patientNotes.patientProfileId, ada.id)).get()!
    expect(row).toMatchObject({ title: 'First visit', noteType: 'assessment', isPrivate: true })

    const page = await load(cookie, `${here}&editNote=${row.id}`)
    expect(page.editingNote).toMatchObject({ id: row.id })
    expect(page.patient!.notes[0]).toMatchObject({ title: 'First visit', categoryLabel: 'Assessment', isPrivate: true })

    const edited = await act(
      cookie,
      { intent: 'update-note', noteId: String(row.id), title: 'Intake', content: 'Sleep.', noteType: 'followup' },
      `${here}&editNote=${row.id}`,
    )
    expect(await readToast(expectRedirect(edited, `${PAGE}${here}`))).toMatchObject({ title: NOTE_UPDATED })
    expect(getDb().select().from(patientNotes).where(eq(patientNotes.id, row.id)).get()).toMatchObject({
      title: 'Intake',
      noteType: 'followup',
      isPrivate: false,
    })

    const deleted = await act(cookie, { intent: 'delete-note', noteId: String(row.id) }, `${here}&deleteNote=${row.id}`)
    expect(await readToast(expectRedirect(deleted, `${PAGE}${here}`))).toMatchObject({ title: NOTE_DELETED })
    expect(getDb().select().from(patientNotes).where(eq(patientNotes.id, row.id)).get()).toBeUndefined()
    expect(auditActions(user.id, ada.id)).toEqual(['create', 'note_create', 'view', 'note_update', 'note_delete'])
  })

  test('deleting a patient removes them and their notes, back to the list with the toast', async () => {
    const { user, cookie } = await practitioner()
    const ada = createPatient(user.id, { firstName: 'Ada', lastName: 'Lovelace' })
    createNote(user.id, ada.id, { title: 'T', content: 'C', noteType: 'general', isPrivate: false })
    expect((await load(cookie, `?delete=${ada.id}`)).deleting).toEqual({ id: ada.id, name: 'Ada Lovelace' })
    const response = await act(
      cookie,
      { intent: 'delete-patient', patientId: String(ada.id) },
      `?patient=${ada.id}&delete=${ada.id}`,
    )
    expect(await readToast(expectRedirect(response, PAGE))).toMatchObject({ title: PATIENT_DELETED })
    expect(getDb().select().from(patientProfiles).where(eq(patientProfiles.id, ada.id)).get()).toBeUndefined()
    expect(getDb().select().from(patientNotes).where(eq(patientNotes.patientProfileId, ada.id)).all()).toEqual([])
  })

  test('another practitioner sees nothing of the patient and cannot act on it', async () => {
    const owner = await practitioner('Owner')
    const ada = createPatient(owner.user.id, { firstName: 'Ada', lastName: 'Lovelace' })
    const note = createNote(owner.user.id, ada.id, {
      title: 'Secret',
      content: 'C',
      noteType: 'general',
      isPrivate: true,
    })
    const { user, cookie } = await practitioner('Other')

    const page = await load(
      cookie,
      `?patient=${ada.id}&tab=notes&edit=1&delete=${ada.id}&editNote=${note.id}&deleteNote=${note.id}`,
    )
    expect(page).toMatchObject({ total: 0, patients: [], patient: null, editing: null, deleting: null })
    expect(page.editingNote).toBeNull()
    expect(page.deletingNote).toBeNull()
    expect(JSON.stringify(page)).not.toContain('Lovelace')
    expect(auditActions(user.id, ada.id)).toEqual([])

    const edit = formReply(
      await act(cookie, profile({ intent: 'update-patient', patientId: String(ada.id), firstName: 'X' }), '?edit=1'),
    )
    expect(edit.status).toBe(404)
    expect(inEnglishToast(edit.toast)).toEqual({
      type: 'error',
      title: 'Error',
      description: inEnglish(PATIENT_NOT_FOUND),
    })
    const addNote = formReply(
      await act(cookie, { intent: 'create-note', patientId: String(ada.id), title: 'T', content: 'C' }, '?newNote=1'),
    )
    expect(addNote.status).toBe(404)
    expect(inEnglishToast(addNote.toast)).toMatchObject({ title: 'Error', description: inEnglish(PATIENT_NOT_FOUND) })
    const editNote = formReply(
      await act(cookie, { intent: 'update-note', noteId: String(note.id), title: 'T', content: 'C' }),
    )
    expect(editNote.status).toBe(404)
    expect(inEnglishToast(editNote.toast)).toMatchObject({ title: 'Error', description: inEnglish(NOTE_NOT_FOUND) })
    const delNote = await act(cookie, { intent: 'delete-note', noteId: String(note.id) })
    expect(await readToast(expectRedirect(delNote, PAGE))).toMatchObject({ type: 'error', description: NOTE_NOT_FOUND })
    const delPatient = await act(cookie, { intent: 'delete-patient', patientId: String(ada.id) })
    expect(inEnglishToast(await readToast(expectRedirect(delPatient, PAGE)))).toMatchObject({
      type: 'error',
      title: 'Error',
      description: inEnglish(PATIENT_NOT_FOUND),
    })

    const still = getDb().select().from(patientProfiles).where(eq(patientProfiles.id, ada.id)).get()!
    expect(still.firstName).toBe('Ada')
    expect(getDb().select().from(patientNotes).where(eq(patientNotes.id, note.id)).get()).toMatchObject({
      title: 'Secret',
    })
  })

  test('documents without JavaScript: upload through the form, refused uploads say why, delete with the toast', async () => {
    const { user, cookie } = await practitioner()
    const ada = createPatient(user.id, { firstName: 'Ada', lastName: 'Lovelace' })
    const docs = `?patient=${ada.id}&tab=docs`
    const pdf = new File(['%PDF-1.4 intake'], 'intake.pdf', { type: 'application/pdf' })
    const uploaded = await act(cookie, { description: 'Intake form', file: pdf }, `${docs}&upload=1`)
    expect(await readToast(expectRedirect(uploaded, `${PAGE}${docs}`))).toMatchObject({ title: DOCUMENT_UPLOADED })
    const page = await load(cookie, docs)
    expect(page.patient!.documents).toEqual([
      {
        id: expect.any(Number),
        name: 'intake.pdf',
        kind: 'pdf',
        size: '15 Bytes',
        date: expect.any(String),
        description: 'Intake form',
        downloadHref: expect.stringMatching(/^\/api\/patient-documents\/\d+\/download$/),
        deleteHref: expect.stringContaining('deleteDoc='),
      },
    ])
    const [doc] = page.patient!.documents

    const renamed = new File(['MZ not a pdf'], 'scan.pdf', { type: 'application/pdf' })
    const refused = formReply(await act(cookie, { description: '', file: renamed }, `${docs}&upload=1`))
    expect(refused.status).toBe(400)
    expect(refused.result.error).toMatchObject({ file: [DOCUMENT_CONTENT_MISMATCH] })
    expect(inEnglishToast(refused.toast)).toMatchObject({
      type: 'error',
      title: 'Error',
      description: inEnglish(DOCUMENT_CONTENT_MISMATCH),
    })

    expect((await load(cookie, `${docs}&deleteDoc=${doc!.id}`)).deletingDocument).toEqual({
      id: doc!.id,
      name: 'intake.pdf',
    })
    const deleted = await act(cookie, { intent: 'delete-document', documentId: String(doc!.id) }, `${docs}&deleteDoc=1`)
    expect(await readToast(expectRedirect(deleted, `${PAGE}${docs}`))).toMatchObject({ title: DOCUMENT_DELETED })
    expect((await load(cookie, docs)).patient!.documents).toEqual([])

    // Another practitioner cannot upload to the patient.
    const other = await practitioner('Other')
    const theirs = formReply(await act(other.cookie, { description: '', file: pdf }, `${docs}&upload=1`))
    expect(theirs.status).toBe(404)
  })

  test('Export record: the profile, every note with private ones marked, and the documents', async () => {
    const { user, cookie } = await practitioner()
    const ada = createPatient(user.id, { firstName: 'Ada', lastName: 'Lovelace', allergies: 'Dust' })
    createNote(user.id, ada.id, { title: 'Open', content: 'Shared words', noteType: 'general', isPrivate: false })
    createNote(user.id, ada.id, { title: 'Mine', content: 'Own words', noteType: 'treatment', isPrivate: true })
    const path = `${PAGE}/${ada.id}/export`
    const page = await exportScreen.loader({
      ...routeArgs(getRequest(path, { cookie })),
      params: { id: String(ada.id) },
    })
    expect(page.name).toBe('Ada Lovelace')
    expect(page.fields).toEqual([{ label: 'Allergies', value: 'Dust' }])
    expect(page.notes.map((n) => [n.title, n.isPrivate])).toEqual([
      ['Mine', true],
      ['Open', false],
    ])
    expect(auditActions(user.id, ada.id)).toContain('view')
    const other = await practitioner('Other')
    const refused = await settle(() =>
      exportScreen.loader({ ...routeArgs(getRequest(path, { cookie: other.cookie })), params: { id: String(ada.id) } }),
    )
    expect((refused as Response).status).toBe(404)
  })

  test("'Open chart' from a session: the client's chart, made from their account the first time only", async () => {
    const { user, cookie } = await practitioner()
    const client = await createUser({ firstName: 'Cleo', lastName: 'Client', phoneNumber: '416-555-0199' })
    const service = insertService(user.id)
    const booking = insertBooking({
      clientId: client.id,
      practitionerId: user.id,
      serviceId: service.id,
      startsInHours: 48,
    })
    const open = () => act(cookie, { intent: 'open-chart', bookingId: String(booking.id) })
    const first = await open()
    const made = getDb().select().from(patientProfiles).where(eq(patientProfiles.practitionerId, user.id)).all()
    expect(made).toMatchObject([{ firstName: 'Cleo', lastName: 'Client', email: client.email, phone: '416-555-0199' }])
    expectRedirect(first, `${PAGE}?patient=${made[0]!.id}`)
    expectRedirect(await open(), `${PAGE}?patient=${made[0]!.id}`)
    expect(
      getDb().select().from(patientProfiles).where(eq(patientProfiles.practitionerId, user.id)).all(),
    ).toHaveLength(1)

    // Someone else's session opens nothing.
    const other = await practitioner('Other')
    const refused = await act(other.cookie, { intent: 'open-chart', bookingId: String(booking.id) })
    expect(await readToast(expectRedirect(refused, '/practitioner/dashboard'))).toMatchObject({ type: 'error' })
    expect(
      getDb().select().from(patientProfiles).where(eq(patientProfiles.practitionerId, other.user.id)).all(),
    ).toEqual([])
  })

  test('Consult the AI without JavaScript: blank refused, the page waits for the stored answer, Clear hides it', async () => {
    const { user, cookie } = await practitioner()
    const ada = createPatient(user.id, { firstName: 'Ada', lastName: 'Lovelace', allergies: 'Dust' })
    const tab = `?patient=${ada.id}&tab=ai`
    const first = await load(cookie, tab)
    expect(first.patient!.ai).toMatchObject({ question: '', result: null, earlier: [] })
    expect(first.patient!.ai!.examples).toHaveLength(AI_EXAMPLE_QUESTIONS.length)
    const picked = await load(cookie, `${tab}&example=1`)
    expect(picked.patient!.ai!.question).toBe(inEnglish(AI_EXAMPLE_QUESTIONS[1]))

    const blank = formReply(await act(cookie, { intent: 'ai-consult', patientId: String(ada.id), question: ' ' }, tab))
    expect(blank.status).toBe(400)
    expect(blank.result.error).toMatchObject({ question: [AI_QUESTION_REQUIRED] })
    expect(inEnglishToast(blank.toast)).toEqual({
      type: 'error',
      title: 'Question Required',
      description: inEnglish(AI_QUESTION_REQUIRED),
    })
    const noPatient = formReply(await act(cookie, { intent: 'ai-consult', question: 'Anything?' }, tab))
    expect(inEnglishToast(noPatient.toast)).toMatchObject({
      title: 'Error',
      description: inEnglish(AI_NO_PATIENT_SELECTED),
    })

    const asked = await act(
      cookie,
      { intent: 'ai-consult', patientId: String(ada.id), question: 'What stands out?' },
      tab,
    )
    const stored = listConsultations(user.id, ada.id)
    expect(stored).toHaveLength(1)
    const answered = `${PAGE}${tab}&consultation=${stored[0]!.id}`
    expect(await readToast(expectRedirect(asked, answered))).toMatchObject({
      type: 'success',
      title: AI_CONSULT_COMPLETE,
    })
    const page = await load(cookie, `${tab}&consultation=${stored[0]!.id}`)
    expect(page.patient!.ai!.result).toMatchObject({ question: 'What stands out?', isDemo: true })
    expect(page.patient!.ai!.result!.response).not.toMatch(/Medical Disclaimer/i)
    expect(page.patient!.ai!.earlier).toEqual([])
    // Cleared: the answer is no longer on show, and is listed with the earlier ones.
    const cleared = await load(cookie, tab)
    expect(cleared.patient!.ai!.result).toBeNull()
    expect(cleared.patient!.ai!.earlier.map((c) => c.question)).toEqual(['What stands out?'])

    // Another practitioner's patient: 404, nothing asked.
    const other = await practitioner('Other')
    const theirs = formReply(
      await act(other.cookie, { intent: 'ai-consult', patientId: String(ada.id), question: 'Anything?' }, tab),
    )
    expect(theirs.status).toBe(404)
    expect(listConsultations(user.id, ada.id)).toHaveLength(1)
  })
})
