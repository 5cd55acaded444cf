import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { patientAuditLog, patientDocuments } from '~/db/schema'
import { uploadsDir } from '~/integrations/storage.server'
import { deleteAccount } from '~/models/accounts/user.server'
import {
  DOCUMENT_CONTENT_MISMATCH,
  DOCUMENT_DELETED,
  DOCUMENT_EMPTY,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_NOT_FOUND,
  DOCUMENT_REQUIRED,
  DOCUMENT_TOO_LARGE,
  DOCUMENT_TYPE_NOT_ALLOWED,
} from '~/models/records/document'
import { openDocument, sweepOrphanedDocuments } from '~/models/records/documents.server'
import { PATIENT_NOT_FOUND } from '~/models/records/patient'
import { createPatient, deletePatient } from '~/models/records/patients.server'
import * as documentApi from '~/routes/api.patient-documents.$id._index'
import * as downloadApi from '~/routes/api.patient-documents.$id.download'
import * as documentsApi from '~/routes/api.patient-profiles.$id.documents'
import { callApi, createUser, formRequest, getRequest, jsonRequest, PASSWORD, signIn } from '../helpers'
import { inEnglish } from '../helpers/i18n'

/**
 * Patient documents (docs/decisions/020-patient-documents.md) through the JSON API and the
 * model: encrypted at rest, checked by name and by content, capped at 10 MB with nothing kept
 * past it, downloaded byte for byte by their practitioner only, and removed from storage with
 * their document, their patient or their practitioner's account.
 */

type Person = { id: number; email: string }
let priya: Person
let pablo: Person
let priyaCookie: string
let pabloCookie: string
let clientCookie: string

beforeAll(async () => {
  priya = await createUser({ isPractitioner: true, firstName: 'Priya', lastName: 'Sharma' })
  pablo = await createUser({ isPractitioner: true, firstName: 'Pablo', lastName: 'Stranger' })
  const client = await createUser({ firstName: 'Casey', lastName: 'Client' })
  ;[priyaCookie, pabloCookie, clientCookie] = [await signIn(priya.id), await signIn(pablo.id), await signIn(client.id)]
})

let count = 0
const patientOf = (practitionerId: number) =>
  createPatient(practitionerId, { firstName: 'Jamie', lastName: `Rivera${++count}` })

/** A small but real PDF (what matters here is that it starts as a PDF does). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

const documentsDir = () => path.join(uploadsDir(), 'documents')
const storedFiles = () => (fs.existsSync(documentsDir()) ? fs.readdirSync(documentsDir()) : [])
const documentRows = (patientId: number) =>
  getDb()
    .select({ id: patientDocuments.id, filePath: patientDocuments.filePath })
    .from(patientDocuments)
    .where(eq(patientDocuments.patientProfileId, patientId))
    .all()

function upload(patientId: number, file: File | null, { cookie = priyaCookie, description = '' } = {}) {
  // An empty file input is still sent, as a file part without a name (as browsers do).
  const fields = { description, file: file ?? new File([], '') }
  return callApi(documentsApi.action, formRequest(`/api/patient-profiles/${patientId}/documents`, fields, { cookie }), {
    id: String(patientId),
  })
}

function fileOf(bytes: Uint8Array, name: string, type = 'application/octet-stream') {
  return new File([Buffer.from(bytes)], name, { type })
}

async function download(documentId: number, cookie = priyaCookie) {
  const response = (await downloadApi.loader({
    request: getRequest(`/api/patient-documents/${documentId}/download`, { cookie }),
    params: { id: String(documentId) },
    context: {},
  })) as Response
  return response
}

function trail(patientId: number) {
  return getDb()
    .select({ action: patientAuditLog.action, detail: patientAuditLog.detail })
    .from(patientAuditLog)
    .where(eq(patientAuditLog.patientProfileId, patientId))
    .all()
    .filter((row) => row.action.startsWith('document_'))
}

describe('upload and download', () => {
  test('a PDF is stored encrypted and comes back byte for byte, as an attachment under its own name', async () => {
    const patient = patientOf(priya.id)
    const name = 'Résumé "intake" report.pdf'
    const up = await upload(patient.id, fileOf(PDF, name, 'text/html'), { description: '  Intake form  ' })
    expect(up.status).toBe(201)
    expect(up.body).toMatchObject({
      patientProfileId: patient.id,
      originalName: name,
      // The stored type is the one its name and bytes prove, never what the browser said.
      fileType: 'application/pdf',
      fileSize: PDF.byteLength,
      description: 'Intake form',
    })
    expect(up.body).not.toHaveProperty('filePath')
    expect(up.body).not.toHaveProperty('fileName')

    const [row] = documentRows(patient.id)
    const stored = fs.readFileSync(path.join(uploadsDir(), row!.filePath))
    expect(stored.includes(PDF.subarray(0, 8))).toBe(false)
    expect(stored.includes(Buffer.from('Catalog'))).toBe(false)

    const listed = await callApi(
      documentsApi.loader,
      getRequest(`/api/patient-profiles/${patient.id}/documents`, { cookie: priyaCookie }),
      { id: String(patient.id) },
    )
    expect(listed.body).toEqual([up.body])

    const response = await download((up.body as { id: number }).id)
    expect(response.status).toBe(200)
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true)
    expect(response.headers.get('Content-Type')).toBe('application/pdf')
    expect(response.headers.get('Content-Length')).toBe(String(PDF.byteLength))
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="R_sum_ \\"intake\\" report.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22intake%22%20report.pdf`,
    )
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(trail(patient.id).map((r) => r.action)).toEqual(['document_upload', 'document_download'])
  })

  test('each accepted kind is recognised by its bytes', async () => {
    const patient = patientOf(priya.id)
    const kinds: [string, Uint8Array, string][] = [
      ['scan.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'image/png'],
      ['photo.JPG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]), 'image/jpeg'],
      ['letter.docx', Buffer.from('PK\u0003\u0004\u0014\u0000\u0006\u0000word/document.xml', 'latin1'), ''],
      [
        'old.xls',
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]),
        'application/vnd.ms-excel',
      ],
      ['vitals.csv', Buffer.from('date,bpm\n2026-11-01,62\nnoté,✓\n'), 'text/csv; charset=utf-8'],
      ['short.txt', Buffer.from('ok'), 'text/plain; charset=utf-8'],
    ]
    for (const [name, bytes, type] of kinds) {
      const up = await upload(patient.id, fileOf(bytes, name))
      expect(up.status, name).toBe(201)
      if (type) expect((up.body as { fileType: string }).fileType).toBe(type)
      const back = await download((up.body as { id: number }).id)
      expect(Buffer.from(await back.arrayBuffer()).equals(Buffer.from(bytes)), name).toBe(true)
    }
  })

  test('a file of exactly 10 MB is accepted', async () => {
    const patient = patientOf(priya.id)
    const bytes = Buffer.alloc(DOCUMENT_MAX_BYTES, 0x20)
    PDF.copy(bytes)
    const up = await upload(patient.id, fileOf(bytes, 'large.pdf'))
    expect(up.status).toBe(201)
    expect((up.body as { fileSize: number }).fileSize).toBe(DOCUMENT_MAX_BYTES)
  })
})

describe('refused uploads keep nothing', () => {
  async function expectRefused(patientId: number, file: File | null, status: number, message: string) {
    const before = storedFiles().length
    const up = await upload(patientId, file)
    expect(up).toMatchObject({ status, body: { message: inEnglish(message) } })
    expect(documentRows(patientId)).toEqual([])
    expect(storedFiles()).toHaveLength(before)
    expect(storedFiles().filter((name) => name.endsWith('.partial'))).toEqual([])
  }

  test('10 MB and one byte: 413, no row, no file', async () => {
    const patient = patientOf(priya.id)
    const bytes = Buffer.alloc(DOCUMENT_MAX_BYTES + 1, 0x20)
    PDF.copy(bytes)
    await expectRefused(patient.id, fileOf(bytes, 'too-large.pdf'), 413, DOCUMENT_TOO_LARGE)
  })

  test('a program renamed as a PDF, a type we do not take, text with NUL bytes, an empty file, no file', async () => {
    const patient = patientOf(priya.id)
    const program = Buffer.concat([Buffer.from('MZ\u0090\u0000\u0003', 'latin1'), Buffer.alloc(200)])
    await expectRefused(patient.id, fileOf(program, 'lab-results.pdf'), 400, DOCUMENT_CONTENT_MISMATCH)
    await expectRefused(patient.id, fileOf(program, 'setup.exe'), 400, DOCUMENT_TYPE_NOT_ALLOWED)
    await expectRefused(patient.id, fileOf(PDF, 'no-extension'), 400, DOCUMENT_TYPE_NOT_ALLOWED)
    await expectRefused(patient.id, fileOf(program, 'notes.txt'), 400, DOCUMENT_CONTENT_MISMATCH)
    await expectRefused(patient.id, fileOf(Buffer.from([0xc3, 0x28]), 'bad.csv'), 400, DOCUMENT_CONTENT_MISMATCH)
    await expectRefused(patient.id, fileOf(Buffer.alloc(0), 'empty.pdf'), 400, DOCUMENT_EMPTY)
    await expectRefused(patient.id, null, 400, DOCUMENT_REQUIRED)
  })

  test('a description over 500 characters is refused and the stored file removed', async () => {
    const patient = patientOf(priya.id)
    const before = storedFiles().length
    const up = await upload(patient.id, fileOf(PDF, 'a.pdf'), { description: 'x'.repeat(501) })
    expect(up).toMatchObject({ status: 400, body: { message: 'Description must be at most 500 characters' } })
    expect(storedFiles()).toHaveLength(before)
  })

  test('a body that is not multipart: 415', async () => {
    const patient = patientOf(priya.id)
    const up = await callApi(
      documentsApi.action,
      jsonRequest(`/api/patient-profiles/${patient.id}/documents`, 'POST', { file: 'x' }, { cookie: priyaCookie }),
      { id: String(patient.id) },
    )
    expect(up.status).toBe(415)
  })
})

describe('only the practitioner', () => {
  test('another practitioner gets 404 on every document endpoint; a client 403; nobody signed in 401', async () => {
    const patient = patientOf(priya.id)
    const up = await upload(patient.id, fileOf(PDF, 'mine.pdf'))
    const id = (up.body as { id: number }).id

    expect(await upload(patient.id, fileOf(PDF, 'theirs.pdf'), { cookie: pabloCookie })).toMatchObject({
      status: 404,
      body: { message: inEnglish(PATIENT_NOT_FOUND) },
    })
    const list = await callApi(
      documentsApi.loader,
      getRequest(`/api/patient-profiles/${patient.id}/documents`, { cookie: pabloCookie }),
      { id: String(patient.id) },
    )
    expect(list.status).toBe(404)
    const stolen = await download(id, pabloCookie)
    expect(stolen.status).toBe(404)
    expect(await stolen.json()).toEqual({ message: inEnglish(DOCUMENT_NOT_FOUND) })
    const removed = await callApi(
      documentApi.action,
      jsonRequest(`/api/patient-documents/${id}`, 'DELETE', undefined, { cookie: pabloCookie }),
      { id: String(id) },
    )
    expect(removed.status).toBe(404)
    expect((await download(id, clientCookie)).status).toBe(403)
    expect((await download(id, '')).status).toBe(401)

    expect(documentRows(patient.id)).toHaveLength(1)
    expect((await download(id)).status).toBe(200)
  })
})

describe('deleting removes the stored files', () => {
  test('a document: its row, its file, and a row in the trail', async () => {
    const patient = patientOf(priya.id)
    const up = await upload(patient.id, fileOf(PDF, 'old.pdf'))
    const id = (up.body as { id: number }).id
    const [row] = documentRows(patient.id)
    const deleted = await callApi(
      documentApi.action,
      jsonRequest(`/api/patient-documents/${id}`, 'DELETE', undefined, { cookie: priyaCookie }),
      { id: String(id) },
    )
    expect(deleted).toMatchObject({ status: 200, body: { message: inEnglish(DOCUMENT_DELETED) } })
    expect(documentRows(patient.id)).toEqual([])
    expect(fs.existsSync(path.join(uploadsDir(), row!.filePath))).toBe(false)
    expect(trail(patient.id)).toEqual([
      { action: 'document_upload', detail: `document ${id}` },
      { action: 'document_delete', detail: `document ${id}` },
    ])
    expect((await download(id)).status).toBe(404)
  })

  test("a patient: every one of their documents' files, and no other patient's", async () => {
    const patient = patientOf(priya.id)
    const other = patientOf(priya.id)
    await upload(patient.id, fileOf(PDF, 'one.pdf'))
    await upload(patient.id, fileOf(PDF, 'two.pdf'))
    await upload(other.id, fileOf(PDF, 'kept.pdf'))
    const files = documentRows(patient.id).map((r) => path.join(uploadsDir(), r.filePath))
    const kept = documentRows(other.id).map((r) => path.join(uploadsDir(), r.filePath))
    await deletePatient(priya.id, patient.id)
    expect(files.filter((file) => fs.existsSync(file))).toEqual([])
    expect(kept.every((file) => fs.existsSync(file))).toBe(true)
  })

  test("a practitioner's account: every document file of every patient", async () => {
    const leaving = await createUser({ isPractitioner: true })
    const cookie = await signIn(leaving.id)
    const patient = patientOf(leaving.id)
    await upload(patient.id, fileOf(PDF, 'one.pdf'), { cookie })
    const files = documentRows(patient.id).map((r) => path.join(uploadsDir(), r.filePath))
    expect(files).toHaveLength(1)
    await deleteAccount(new Request('http://localhost/'), leaving.id, PASSWORD)
    expect(files.filter((file) => fs.existsSync(file))).toEqual([])
  })
})

describe('what is at rest', () => {
  test('an altered stored file fails to decrypt instead of being served', async () => {
    const patient = patientOf(priya.id)
    const up = await upload(patient.id, fileOf(PDF, 'x.pdf'))
    const [row] = documentRows(patient.id)
    const file = path.join(uploadsDir(), row!.filePath)
    const stored = fs.readFileSync(file)
    stored[20] = stored[20]! ^ 0xff
    fs.writeFileSync(file, stored)
    const opened = await openDocument(priya.id, (up.body as { id: number }).id)
    await expect(async () => {
      for await (const chunk of opened.stream) void chunk
    }).rejects.toThrow()
  })

  test('one document copied over another is refused: the stored key is authenticated too', async () => {
    const patient = patientOf(priya.id)
    await upload(patient.id, fileOf(PDF, 'a.pdf'))
    const second = await upload(patient.id, fileOf(Buffer.concat([PDF, Buffer.from('b')]), 'b.pdf'))
    const [a, b] = documentRows(patient.id).sort((x, y) => x.id - y.id)
    fs.copyFileSync(path.join(uploadsDir(), a!.filePath), path.join(uploadsDir(), b!.filePath))
    const opened = await openDocument(priya.id, (second.body as { id: number }).id)
    await expect(async () => {
      for await (const chunk of opened.stream) void chunk
    }).rejects.toThrow()
  })

  test('the sweep removes files without a row once they are an hour old, and nothing else', async () => {
    const patient = patientOf(priya.id)
    await upload(patient.id, fileOf(PDF, 'kept.pdf'))
    const [kept] = documentRows(patient.id)
    fs.mkdirSync(documentsDir(), { recursive: true })
    const orphan = path.join(documentsDir(), '11111111-1111-4111-8111-111111111111.enc')
    const young = path.join(documentsDir(), '22222222-2222-4222-8222-222222222222.enc')
    fs.writeFileSync(orphan, 'left behind')
    fs.writeFileSync(young, 'still uploading')
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000)
    fs.utimesSync(young, later, later)
    expect(await sweepOrphanedDocuments(new Date(Date.now() + 61 * 60 * 1000))).toBe(1)
    expect(fs.existsSync(orphan)).toBe(false)
    expect(fs.existsSync(young)).toBe(true)
    expect(fs.existsSync(path.join(uploadsDir(), kept!.filePath))).toBe(true)
    fs.rmSync(young)
  })
})
