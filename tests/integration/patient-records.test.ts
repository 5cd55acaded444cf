import { eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { getDb } from '~/db/client.server'
import { patientAuditLog, patientDocuments, patientNotes, patientProfiles } from '~/db/schema'
import { listPatientAccessHistory, recordPatientView, VIEW_MERGE_MS } from '~/models/records/audit.server'
import {
  createNote,
  deleteNote,
  listPatientNotes,
  shareablePatientRecord,
  updateNote,
} from '~/models/records/notes.server'
import {
  calendarDateOf,
  DATE_OF_BIRTH_IN_FUTURE,
  FIRST_NAME_REQUIRED,
  INVALID_DATE_OF_BIRTH,
  INVALID_NOTE_TYPE,
  LAST_NAME_REQUIRED,
  NOTE_CONTENT_REQUIRED,
  NOTE_NOT_FOUND,
  NOTE_TITLE_REQUIRED,
  PATIENT_NOT_FOUND,
  PatientProfileSchema,
} from '~/models/records/patient'
import { createPatient, deletePatient, getPatient, listPatients, updatePatient } from '~/models/records/patients.server'
import * as noteApi from '~/routes/api.patient-notes.$id'
import * as patientApi from '~/routes/api.patient-profiles.$id._index'
import * as patientNotesApi from '~/routes/api.patient-profiles.$id.notes'
import * as patientsApi from '~/routes/api.patient-profiles._index'
import { callApi, captureLog, createUser, getRequest, jsonRequest, signIn } from '../helpers'
import { inEnglish } from '../helpers/i18n'
import { databaseBeforeMigration } from '../helpers/migrations'

/**
 * Patient records (issue 12, first increment; docs/decisions/019-patient-records.md): profiles
 * and notes through the model and the JSON API, scoping by practitioner, the cascade, search,
 * dates of birth across zones, private notes kept out of the shareable record, and the access
 * trail.
 */

type Person = { id: number; email: string }
let priya: Person
let pablo: Person
let casey: Person
let priyaCookie: string
let pabloCookie: string
let caseyCookie: string

let stamp = 0
const unique = (label: string) => `${label}${process.pid}x${++stamp}`

beforeAll(async () => {
  priya = await createUser({ isPractitioner: true, firstName: 'Priya', lastName: 'Sharma' })
  pablo = await createUser({ isPractitioner: true, firstName: 'Pablo', lastName: 'Stranger' })
  casey = await createUser({ firstName: 'Casey', lastName: 'Client' })
  ;[priyaCookie, pabloCookie, caseyCookie] = [await signIn(priya.id), await signIn(pablo.id), await signIn(casey.id)]
})

const originalTz = process.env.TZ
afterEach(() => {
  process.env.TZ = originalTz
  vi.restoreAllMocks()
})

function patientOf(practitionerId: number, extra: Partial<Parameters<typeof createPatient>[1]> = {}) {
  return createPatient(practitionerId, { firstName: 'Jamie', lastName: unique('Rivera'), ...extra })
}

function trail(patientId: number) {
  return getDb()
    .select({
      practitionerId: patientAuditLog.practitionerId,
      action: patientAuditLog.action,
      detail: patientAuditLog.detail,
    })
    .from(patientAuditLog)
    .where(eq(patientAuditLog.patientProfileId, patientId))
    .orderBy(patientAuditLog.id)
    .all()
}

const api = {
  list: (cookie: string, query = '') =>
    callApi(patientsApi.loader, getRequest(`/api/patient-profiles${query}`, { cookie })),
  create: (cookie: string, body: unknown) =>
    callApi(patientsApi.action, jsonRequest('/api/patient-profiles', 'POST', body, { cookie })),
  patient: (cookie: string, id: number | string, method: string, body?: unknown) =>
    callApi(
      method === 'GET' ? patientApi.loader : patientApi.action,
      jsonRequest(`/api/patient-profiles/${id}`, method, body, { cookie }),
      { id: String(id) },
    ),
  notes: (cookie: string, id: number | string) =>
    callApi(patientNotesApi.loader, getRequest(`/api/patient-profiles/${id}/notes`, { cookie }), { id: String(id) }),
  addNote: (cookie: string, id: number | string, body: unknown) =>
    callApi(patientNotesApi.action, jsonRequest(`/api/patient-profiles/${id}/notes`, 'POST', body, { cookie }), {
      id: String(id),
    }),
  note: (cookie: string, id: number | string, method: string, body?: unknown) =>
    callApi(
      method === 'GET' ? noteApi.loader : noteApi.action,
      jsonRequest(`/api/patient-notes/${id}`, method, body, { cookie }),
      { id: String(id) },
    ),
}

describe('ownership: everything belongs to one practitioner', () => {
  test('a second practitioner gets 404 on every endpoint, and nothing changes', async () => {
    const patient = patientOf(priya.id, { email: 'jamie@example.com' })
    const note = createNote(priya.id, patient.id, {
      title: 'Intake',
      content: 'Lower back pain.',
      noteType: 'assessment',
      isPrivate: false,
    })
    const answers = [
      await api.patient(pabloCookie, patient.id, 'PATCH', { firstName: 'Stolen' }),
      await api.patient(pabloCookie, patient.id, 'DELETE'),
      await api.notes(pabloCookie, patient.id),
      await api.addNote(pabloCookie, patient.id, { title: 'Mine now', content: 'No.' }),
      await api.note(pabloCookie, note.id, 'PATCH', { title: 'Stolen' }),
      await api.note(pabloCookie, note.id, 'DELETE'),
    ]
    for (const answer of answers) {
      expect(answer.status).toBe(404)
      expect(JSON.stringify(answer.body)).not.toMatch(/Jamie|Intake|Lower back/)
    }
    expect(answers.map((a) => (a.body as { message: string }).message)).toEqual(
      [PATIENT_NOT_FOUND, PATIENT_NOT_FOUND, PATIENT_NOT_FOUND, PATIENT_NOT_FOUND, NOTE_NOT_FOUND, NOTE_NOT_FOUND].map(
        inEnglish,
      ),
    )
    const list = await api.list(pabloCookie, `?search=${encodeURIComponent(patient.lastName)}`)
    expect(list.body).toEqual([])
    expect(getPatient(priya.id, patient.id)).toEqual(patient)
    expect(listPatientNotes(priya.id, patient.id)).toEqual([note])
    // Nothing Pablo did is in Priya's patient's trail.
    expect(trail(patient.id).every((row) => row.practitionerId === priya.id)).toBe(true)
    // The model says the same.
    expect(() => shareablePatientRecord(pablo.id, patient.id)).toThrow(PATIENT_NOT_FOUND)
    await expect(recordPatientView(pablo.id, patient.id)).rejects.toThrow(PATIENT_NOT_FOUND)
    expect(listPatientAccessHistory(pablo.id, patient.id).entries).toEqual([])
  })

  test('signed out 401, a client 403, a malformed id 404, wrong methods 405 with Allow', async () => {
    const patient = patientOf(priya.id)
    expect((await api.list('')).status).toBe(401)
    expect((await api.list(caseyCookie)).status).toBe(403)
    expect((await api.create(caseyCookie, { firstName: 'A', lastName: 'B' })).status).toBe(403)
    expect((await api.notes(caseyCookie, patient.id)).status).toBe(403)
    expect((await api.patient(priyaCookie, 'abc', 'PATCH', { firstName: 'X' })).status).toBe(404)
    expect((await api.note(priyaCookie, '0', 'DELETE')).status).toBe(404)
    const get = await callApi(
      patientApi.loader,
      getRequest(`/api/patient-profiles/${patient.id}`, { cookie: priyaCookie }),
      {
        id: String(patient.id),
      },
    )
    expect(get.status).toBe(405)
    expect(get.headers.get('Allow')).toBe('PATCH, DELETE')
    const put = await api.patient(priyaCookie, patient.id, 'PUT', { firstName: 'X' })
    expect(put.status).toBe(405)
    expect(put.headers.get('Allow')).toBe('PATCH, DELETE')
    const deleteList = await callApi(
      patientsApi.action,
      jsonRequest('/api/patient-profiles', 'DELETE', undefined, { cookie: priyaCookie }),
    )
    expect(deleteList.status).toBe(405)
    expect(deleteList.headers.get('Allow')).toBe('GET, POST')
  })
})

describe('profiles', () => {
  test('create, edit and delete through the API; PATCH answers the updated profile', async () => {
    const created = await api.create(priyaCookie, {
      firstName: ' Morgan ',
      lastName: 'Lee',
      email: 'Morgan.Lee@Example.com',
      phone: '416-555-0100',
      dateOfBirth: '1985-04-12T12:00:00.000Z',
      gender: '',
      address: '',
      emergencyContact: 'Sam Lee',
      emergencyPhone: '416-555-0101',
      medicalHistory: 'Asthma',
      allergies: '',
      medications: '',
      notes: '',
    })
    expect(created.status).toBe(201)
    const patient = created.body as Record<string, unknown>
    expect(patient).toEqual({
      id: expect.any(Number),
      practitionerId: priya.id,
      firstName: 'Morgan',
      lastName: 'Lee',
      email: 'morgan.lee@example.com',
      phone: '416-555-0100',
      dateOfBirth: '1985-04-12',
      gender: null,
      address: null,
      emergencyContact: 'Sam Lee',
      emergencyPhone: '416-555-0101',
      medicalHistory: 'Asthma',
      allergies: null,
      medications: null,
      notes: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    })
    const id = patient.id as number

    // '' clears, null clears, a field left out is kept.
    const edited = await api.patient(priyaCookie, id, 'PATCH', {
      phone: '',
      medicalHistory: null,
      allergies: 'Penicillin',
    })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({
      id,
      firstName: 'Morgan',
      phone: null,
      medicalHistory: null,
      allergies: 'Penicillin',
      emergencyContact: 'Sam Lee',
      dateOfBirth: '1985-04-12',
    })
    expect(getPatient(priya.id, id)).toEqual(edited.body)

    const deleted = await api.patient(priyaCookie, id, 'DELETE')
    expect(deleted.status).toBe(200)
    expect(deleted.body).toEqual({ message: 'Patient profile deleted successfully' })
    expect(getPatient(priya.id, id)).toBeNull()
    expect((await api.patient(priyaCookie, id, 'DELETE')).status).toBe(404)
  })

  test('validation messages', async () => {
    const refusal = async (body: unknown) => {
      const answer = await api.create(priyaCookie, body)
      expect(answer.status).toBe(400)
      return (answer.body as { message: string }).message
    }
    expect(await refusal({ lastName: 'Lee' })).toBe(inEnglish(FIRST_NAME_REQUIRED))
    expect(await refusal({ firstName: '   ', lastName: 'Lee' })).toBe(inEnglish(FIRST_NAME_REQUIRED))
    expect(await refusal({ firstName: 'Morgan', lastName: '' })).toBe(inEnglish(LAST_NAME_REQUIRED))
    expect(await refusal({ firstName: 'Morgan', lastName: 'Lee', email: 'not-an-email' })).toBe(
      'Please enter a valid email address',
    )
    expect(await refusal({ firstName: 'Morgan', lastName: 'Lee', dateOfBirth: '1985-02-30' })).toBe(
      inEnglish(INVALID_DATE_OF_BIRTH),
    )
    expect(await refusal({ firstName: 'Morgan', lastName: 'Lee', dateOfBirth: 'yesterday' })).toBe(
      inEnglish(INVALID_DATE_OF_BIRTH),
    )
    expect(await refusal({ firstName: 'Morgan', lastName: 'Lee', dateOfBirth: '2999-01-01T12:00:00.000Z' })).toBe(
      inEnglish(DATE_OF_BIRTH_IN_FUTURE),
    )
    expect(await refusal({ firstName: 'Morgan', lastName: 'Lee', medicalHistory: 'x'.repeat(5001) })).toBe(
      'Medical history must be at most 5000 characters',
    )
    // An edit may leave the names out, but not empty them.
    const patient = patientOf(priya.id)
    const emptied = await api.patient(priyaCookie, patient.id, 'PATCH', { lastName: '' })
    expect(emptied.status).toBe(400)
    expect(emptied.body).toEqual({ message: inEnglish(LAST_NAME_REQUIRED) })
    // practitionerId and id are never read from the input.
    const sneaky = await api.create(priyaCookie, { firstName: 'A', lastName: 'B', practitionerId: pablo.id, id: 1 })
    expect(sneaky.body).toMatchObject({ practitionerId: priya.id })
  })

  test('search matches first name, last name or email, case-insensitively; pages with headers', async () => {
    const practitioner = await createUser({ isPractitioner: true })
    const cookie = await signIn(practitioner.id)
    const ana = createPatient(practitioner.id, { firstName: 'Ana', lastName: 'Zimmer', email: 'ana@clinic.example' })
    const bo = createPatient(practitioner.id, { firstName: 'Bo', lastName: 'Banana', email: null })
    const cy = createPatient(practitioner.id, { firstName: 'Cy', lastName: 'Young', email: 'CY.ANALYST@example.com' })
    const dee = createPatient(practitioner.id, { firstName: 'Dee', lastName: '50%_Off' })
    patientOf(priya.id, { firstName: 'Ana' })

    const ids = (answer: { body: unknown }) => (answer.body as { id: number }[]).map((p) => p.id).sort((a, b) => a - b)
    const all = await api.list(cookie)
    expect(ids(all)).toEqual([ana.id, bo.id, cy.id, dee.id])
    expect(all.headers.get('X-Total-Count')).toBe('4')
    expect(all.headers.get('X-Page')).toBe('1')
    expect(all.headers.get('X-Page-Count')).toBe('1')

    const ans = await api.list(cookie, '?search=aNa')
    expect(ids(ans)).toEqual([ana.id, bo.id, cy.id].sort((a, b) => a - b))
    expect(ans.headers.get('X-Total-Count')).toBe('3')
    expect(ids(await api.list(cookie, '?search=ZIMMER'))).toEqual([ana.id])
    expect(ids(await api.list(cookie, '?search=clinic.example'))).toEqual([ana.id])
    // LIKE's wildcards are taken literally.
    expect(ids(await api.list(cookie, `?search=${encodeURIComponent('%_')}`))).toEqual([dee.id])
    expect(ids(await api.list(cookie, '?search=_'))).toEqual([dee.id])
    expect(ids(await api.list(cookie, '?search=nobody'))).toEqual([])
    expect(ids(await api.list(cookie, '?search='))).toHaveLength(4)

    const model = listPatients(practitioner.id, { search: 'young' })
    expect(model.patients.map((p) => p.id)).toEqual([cy.id])
    expect(model.total).toBe(1)
  })

  test('a page past the end answers the last page', async () => {
    const practitioner = await createUser({ isPractitioner: true })
    for (let i = 0; i < 51; i++) createPatient(practitioner.id, { firstName: `P${i}`, lastName: 'Many' })
    const cookie = await signIn(practitioner.id)
    const second = await api.list(cookie, '?page=9')
    expect(second.headers.get('X-Page')).toBe('2')
    expect(second.headers.get('X-Page-Count')).toBe('2')
    expect(second.headers.get('X-Total-Count')).toBe('51')
    expect(second.body).toHaveLength(1)
    expect((await api.list(cookie, '?page=0')).status).toBe(400)
  })
})

describe('date of birth is a calendar date', () => {
  test.each(['Pacific/Kiritimati', 'America/Los_Angeles', 'Pacific/Pago_Pago', 'UTC'])(
    'sent as midday UTC with the server in %s, it stays 1985-04-12',
    async (zone) => {
      process.env.TZ = zone
      const created = await api.create(priyaCookie, {
        firstName: 'Kiri',
        lastName: unique('Zone'),
        dateOfBirth: '1985-04-12T12:00:00.000Z',
      })
      expect(created.body).toMatchObject({ dateOfBirth: '1985-04-12' })
      const id = (created.body as { id: number }).id
      const row = getDb()
        .select({ dob: patientProfiles.dateOfBirth })
        .from(patientProfiles)
        .where(eq(patientProfiles.id, id))
        .get()
      expect(row?.dob).toBe('1985-04-12')
      const edited = await api.patient(priyaCookie, id, 'PATCH', { dateOfBirth: '2000-01-01T12:00:00.000Z' })
      expect(edited.body).toMatchObject({ dateOfBirth: '2000-01-01' })
      const listed = (await api.list(priyaCookie, `?search=${(created.body as { lastName: string }).lastName}`)).body
      expect(listed).toMatchObject([{ dateOfBirth: '2000-01-01' }])
    },
  )

  test('how each form of the date reads', () => {
    // A client in Kiritimati (UTC+14) or Los Angeles picks 12 April and sends its midday.
    expect(calendarDateOf('1985-04-12T12:00:00.000Z')).toBe('1985-04-12')
    expect(calendarDateOf('1985-04-12')).toBe('1985-04-12')
    // An instant with the sender's own offset keeps the day as written.
    expect(calendarDateOf('1985-04-12T12:00:00+14:00')).toBe('1985-04-12')
    expect(calendarDateOf('1985-04-12T12:00:00-07:00')).toBe('1985-04-12')
    expect(calendarDateOf('2024-02-29')).toBe('2024-02-29')
    expect(calendarDateOf('2023-02-29')).toBeNull()
    expect(calendarDateOf('12/04/1985')).toBeNull()
    const parse = (dateOfBirth: unknown) =>
      PatientProfileSchema.parse({ firstName: 'A', lastName: 'B', dateOfBirth }).dateOfBirth
    expect(parse('')).toBeNull()
    expect(parse(null)).toBeNull()
    expect(parse(undefined)).toBeUndefined()
  })

  test("'' clears a date of birth and null clears it too", async () => {
    const patient = patientOf(priya.id, { dateOfBirth: '1990-06-01' })
    expect((await api.patient(priyaCookie, patient.id, 'PATCH', { dateOfBirth: '' })).body).toMatchObject({
      dateOfBirth: null,
    })
    updatePatient(priya.id, patient.id, { dateOfBirth: '1990-06-01' })
    expect((await api.patient(priyaCookie, patient.id, 'PATCH', { dateOfBirth: null })).body).toMatchObject({
      dateOfBirth: null,
    })
  })
})

describe('notes', () => {
  test('create, list, edit, delete through the API, with defaults and validation', async () => {
    const patient = patientOf(priya.id)
    const added = await api.addNote(priyaCookie, patient.id, { title: 'First visit', content: 'Stiff neck.' })
    expect(added.status).toBe(201)
    expect(added.body).toEqual({
      id: expect.any(Number),
      patientProfileId: patient.id,
      practitionerId: priya.id,
      title: 'First visit',
      content: 'Stiff neck.',
      noteType: 'general',
      isPrivate: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    })
    const noteId = (added.body as { id: number }).id
    const second = await api.addNote(priyaCookie, patient.id, {
      title: 'Plan',
      content: 'Stretching.',
      noteType: 'treatment',
      isPrivate: true,
    })
    expect(second.body).toMatchObject({ noteType: 'treatment', isPrivate: true })

    const listed = await api.notes(priyaCookie, patient.id)
    expect(listed.status).toBe(200)
    expect((listed.body as { id: number }[]).map((n) => n.id)).toEqual([(second.body as { id: number }).id, noteId])

    const edited = await api.note(priyaCookie, noteId, 'PATCH', {
      content: 'Stiff neck, better.',
      noteType: 'followup',
    })
    expect(edited.body).toMatchObject({
      id: noteId,
      title: 'First visit',
      content: 'Stiff neck, better.',
      noteType: 'followup',
    })

    const refusal = async (body: unknown) => (await api.addNote(priyaCookie, patient.id, body)).body
    expect(await refusal({ content: 'x' })).toEqual({ message: inEnglish(NOTE_TITLE_REQUIRED) })
    expect(await refusal({ title: 'x', content: '  ' })).toEqual({ message: inEnglish(NOTE_CONTENT_REQUIRED) })
    expect(await refusal({ title: 'x', content: 'y', noteType: 'gossip' })).toEqual({
      message: inEnglish(INVALID_NOTE_TYPE),
    })
    expect((await api.note(priyaCookie, noteId, 'PATCH', { title: '' })).body).toEqual({
      message: inEnglish(NOTE_TITLE_REQUIRED),
    })

    const deleted = await api.note(priyaCookie, noteId, 'DELETE')
    expect(deleted.body).toEqual({ message: 'Patient note deleted successfully' })
    expect((await api.note(priyaCookie, noteId, 'DELETE')).status).toBe(404)
    expect((await api.addNote(priyaCookie, 999_999_999, { title: 'x', content: 'y' })).status).toBe(404)
  })

  test('deleting a patient deletes their notes and document rows', async () => {
    const patient = patientOf(priya.id)
    const kept = patientOf(priya.id)
    createNote(priya.id, patient.id, { title: 'a', content: 'b', noteType: 'general', isPrivate: false })
    createNote(priya.id, patient.id, { title: 'c', content: 'd', noteType: 'general', isPrivate: true })
    const keptNote = createNote(priya.id, kept.id, { title: 'e', content: 'f', noteType: 'general', isPrivate: false })
    getDb()
      .insert(patientDocuments)
      .values({
        patientProfileId: patient.id,
        practitionerId: priya.id,
        fileName: '00000000-0000-4000-8000-000000000000.enc',
        originalName: 'scan.pdf',
        fileType: 'application/pdf',
        fileSize: 10,
        filePath: 'documents/00000000-0000-4000-8000-000000000000.enc',
      })
      .run()
    await deletePatient(priya.id, patient.id)
    const notesLeft = getDb()
      .select({ id: patientNotes.id })
      .from(patientNotes)
      .where(eq(patientNotes.patientProfileId, patient.id))
      .all()
    expect(notesLeft).toEqual([])
    const docsLeft = getDb()
      .select({ id: patientDocuments.id })
      .from(patientDocuments)
      .where(eq(patientDocuments.patientProfileId, patient.id))
      .all()
    expect(docsLeft).toEqual([])
    expect(listPatientNotes(priya.id, kept.id)).toEqual([keptNote])
    await expect(deletePatient(priya.id, patient.id)).rejects.toThrow(PATIENT_NOT_FOUND)
  })
})

describe('private notes never leave the server', () => {
  test('shareablePatientRecord: the profile, non-private notes and document names only', () => {
    const patient = patientOf(priya.id, { allergies: 'Latex' })
    const open = createNote(priya.id, patient.id, {
      title: 'Shared',
      content: 'Open words',
      noteType: 'assessment',
      isPrivate: false,
    })
    const secret = createNote(priya.id, patient.id, {
      title: 'Mine',
      content: 'Secret words',
      noteType: 'general',
      isPrivate: false,
    })
    // A note made private later is out too.
    updateNote(priya.id, secret.id, { isPrivate: true })
    createNote(priya.id, patient.id, {
      title: 'Also mine',
      content: 'More secret words',
      noteType: 'general',
      isPrivate: true,
    })
    getDb()
      .insert(patientDocuments)
      .values({
        patientProfileId: patient.id,
        practitionerId: priya.id,
        fileName: 'stored-key-abc',
        originalName: 'x-ray.png',
        fileType: 'image/png',
        fileSize: 1234,
        filePath: '/secret/path/stored-key-abc',
        description: 'Left knee',
      })
      .run()

    const record = shareablePatientRecord(priya.id, patient.id)
    expect(record.profile).toEqual(getPatient(priya.id, patient.id))
    expect(record.notes).toEqual([
      {
        id: open.id,
        patientProfileId: patient.id,
        practitionerId: priya.id,
        title: 'Shared',
        content: 'Open words',
        noteType: 'assessment',
        createdAt: open.createdAt,
        updatedAt: open.updatedAt,
      },
    ])
    expect(record.documents).toEqual([
      {
        id: expect.any(Number),
        originalName: 'x-ray.png',
        fileType: 'image/png',
        fileSize: 1234,
        description: 'Left knee',
        createdAt: expect.any(String),
      },
    ])
    const text = JSON.stringify(record)
    expect(text).not.toContain('Secret words')
    expect(text).not.toContain('stored-key-abc')
    expect(text).not.toContain('isPrivate')
    // The owner still sees every note in the chart.
    expect(listPatientNotes(priya.id, patient.id)).toHaveLength(3)
  })
})

describe('the access trail', () => {
  test('each action writes a row: who, what, which patient; no health data', async () => {
    const created = await api.create(priyaCookie, {
      firstName: 'Trail',
      lastName: unique('Person'),
      medicalHistory: 'Diabetes',
    })
    const id = (created.body as { id: number }).id
    await api.patient(priyaCookie, id, 'PATCH', { allergies: 'Peanuts' })
    await api.notes(priyaCookie, id)
    // Opened again a minute later: the same visit, no second row.
    await recordPatientView(priya.id, id, new Date(Date.now() + 60_000))
    const note = (await api.addNote(priyaCookie, id, { title: 'Secret title', content: 'Secret content' })).body as {
      id: number
    }
    await api.note(priyaCookie, note.id, 'PATCH', { content: 'Secret content, edited' })
    await api.note(priyaCookie, note.id, 'DELETE')
    // Refused calls write nothing.
    await api.notes(pabloCookie, id)
    await api.addNote(priyaCookie, id, { title: '' })

    expect(trail(id)).toEqual([
      { practitionerId: priya.id, action: 'create', detail: null },
      { practitionerId: priya.id, action: 'update', detail: null },
      { practitionerId: priya.id, action: 'view', detail: null },
      { practitionerId: priya.id, action: 'note_create', detail: `note ${note.id}` },
      { practitionerId: priya.id, action: 'note_update', detail: `note ${note.id}` },
      { practitionerId: priya.id, action: 'note_delete', detail: `note ${note.id}` },
    ])
    const rows = JSON.stringify(
      getDb().select().from(patientAuditLog).where(eq(patientAuditLog.patientProfileId, id)).all(),
    )
    expect(rows).not.toMatch(/Trail|Diabetes|Peanuts|Secret/)
  })

  test('rows outlive the patient, and the history pages newest first', async () => {
    const patient = patientOf(priya.id)
    const note = createNote(priya.id, patient.id, { title: 'n', content: 'c', noteType: 'general', isPrivate: false })
    // Three visits, each more than VIEW_MERGE_MS after the last.
    for (let i = 0; i < 3; i++) await recordPatientView(priya.id, patient.id, new Date(Date.now() + i * VIEW_MERGE_MS))
    deleteNote(priya.id, note.id)
    const deleted = await api.patient(priyaCookie, patient.id, 'DELETE')
    expect(deleted.status).toBe(200)

    const actions = ['create', 'note_create', 'view', 'view', 'view', 'note_delete', 'delete']
    expect(trail(patient.id).map((row) => row.action)).toEqual(actions)

    const first = listPatientAccessHistory(priya.id, patient.id, { limit: 3 })
    expect(first.entries.map((e) => e.action)).toEqual(['delete', 'note_delete', 'view'])
    expect(first.entries[0]).toEqual({
      id: expect.any(Number),
      practitionerId: priya.id,
      patientProfileId: patient.id,
      action: 'delete',
      detail: null,
      createdAt: expect.any(String),
    })
    const second = listPatientAccessHistory(priya.id, patient.id, { limit: 3, cursor: first.nextCursor })
    expect(second.entries.map((e) => e.action)).toEqual(['view', 'view', 'note_create'])
    const third = listPatientAccessHistory(priya.id, patient.id, { limit: 3, cursor: second.nextCursor })
    expect(third.entries.map((e) => e.action)).toEqual(['create'])
    expect(third.nextCursor).toBeNull()
    // Another practitioner sees none of it.
    expect(listPatientAccessHistory(pablo.id, patient.id).entries).toEqual([])
  })

  test('reopening a record is one visit until VIEW_MERGE_MS passes or something else is done to it', async () => {
    const patient = patientOf(priya.id)
    const t0 = Date.now()
    await recordPatientView(priya.id, patient.id, new Date(t0))
    await recordPatientView(priya.id, patient.id, new Date(t0 + VIEW_MERGE_MS - 1))
    createNote(priya.id, patient.id, { title: 'n', content: 'c', noteType: 'general', isPrivate: false })
    await recordPatientView(priya.id, patient.id, new Date(t0 + 1000))
    await recordPatientView(priya.id, patient.id, new Date(t0 + 1000 + VIEW_MERGE_MS))
    expect(trail(patient.id).map((row) => row.action)).toEqual(['create', 'view', 'note_create', 'view', 'view'])
  })

  test('no log line carries health data', async () => {
    const logged = captureLog()
    const created = await api.create(priyaCookie, { firstName: 'Quiet', lastName: 'Patient', allergies: 'Shellfish' })
    const id = (created.body as { id: number }).id
    const note = (await api.addNote(priyaCookie, id, { title: 'Quiet title', content: 'Quiet words' })).body as {
      id: number
    }
    await api.notes(priyaCookie, id)
    await api.note(priyaCookie, note.id, 'PATCH', { content: 'Quieter words' })
    await api.note(priyaCookie, note.id, 'DELETE')
    await api.patient(priyaCookie, id, 'DELETE')
    expect(JSON.stringify(logged)).not.toMatch(/Quiet|Shellfish/)
  })
})

describe('the migration that made the trail outlive the patient', () => {
  test('keeps every row, its patient id and the id high-water mark; deleting a patient keeps the rows', () => {
    const { sqlite, migrateRest, remove } = databaseBeforeMigration(6)
    try {
      // The migrations before 0006 (and none after it), as a database that has them would be.
      const practitioner = Number(
        sqlite
          .prepare(
            `INSERT INTO users (email, password_hash, first_name, last_name, is_practitioner) VALUES ('p@example.com', 'x', 'A', 'B', 1)`,
          )
          .run().lastInsertRowid,
      )
      const patient = Number(
        sqlite
          .prepare(`INSERT INTO patient_profiles (practitioner_id, first_name, last_name) VALUES (?, 'Jo', 'Doe')`)
          .run(practitioner).lastInsertRowid,
      )
      const insert = sqlite.prepare(
        `INSERT INTO patient_audit_log (practitioner_id, patient_profile_id, action, detail, created_at) VALUES (?, ?, ?, ?, 1000)`,
      )
      insert.run(practitioner, patient, 'create', null)
      insert.run(practitioner, patient, 'note_create', 'note 1')
      const dropped = Number(insert.run(practitioner, patient, 'view', null).lastInsertRowid)
      sqlite.prepare('DELETE FROM patient_audit_log WHERE id = ?').run(dropped)
      const rowsBefore = sqlite.prepare('SELECT * FROM patient_audit_log ORDER BY id').all()

      migrateRest()

      expect(sqlite.prepare('SELECT * FROM patient_audit_log ORDER BY id').all()).toEqual(rowsBefore)
      expect(sqlite.prepare(`SELECT seq FROM sqlite_sequence WHERE name = 'patient_audit_log'`).get()).toEqual({
        seq: dropped,
      })
      expect(sqlite.prepare(`SELECT name FROM sqlite_master WHERE name LIKE '__patient_audit%'`).all()).toEqual([])
      expect(sqlite.pragma('foreign_key_check')).toEqual([])
      expect(sqlite.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }])
      expect(
        sqlite
          .prepare(
            `SELECT name FROM sqlite_master WHERE tbl_name = 'patient_audit_log' AND type = 'index' ORDER BY name`,
          )
          .all(),
      ).toEqual([{ name: 'patient_audit_practitioner_created_idx' }, { name: 'patient_audit_profile_idx' }])
      // Deleting the patient keeps the rows and the id they name.
      sqlite.prepare('DELETE FROM patient_profiles WHERE id = ?').run(patient)
      expect(
        sqlite.prepare('SELECT count(*) AS n FROM patient_audit_log WHERE patient_profile_id = ?').get(patient),
      ).toEqual({ n: 2 })
      const next = Number(insert.run(practitioner, patient, 'delete', null).lastInsertRowid)
      expect(next).toBe(dropped + 1)
    } finally {
      remove()
    }
  })
})
