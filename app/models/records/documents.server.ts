import { randomUUID } from 'node:crypto'
import { and, desc, eq, sum } from 'drizzle-orm'
import { z } from 'zod'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { patientDocuments } from '~/db/schema'
import { openDecrypted, putEncrypted } from '~/integrations/document-cipher.server'
import { ensureUploadsHere, onPrimary } from '~/integrations/litefs.server'
import { listObjects } from '~/integrations/storage.server'
import { BodyTooLargeError } from '~/lib/body.server'
import { AppError, isAppError } from '~/lib/errors'
import { UNREADABLE_FORM } from '~/lib/form-data.server'
import { FileTooLargeError, readUpload, UnreadableUploadError } from '~/lib/multipart.server'
import { oneLineText } from '~/lib/plain-text'
import { recordPatientAccess } from './audit.server'
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_NOT_FOUND,
  DOCUMENT_REQUIRED,
  DOCUMENT_STORAGE_FULL,
  DOCUMENT_STORAGE_MAX_BYTES,
  DOCUMENT_TOO_LARGE,
  DOCUMENT_TYPE_NOT_ALLOWED,
  DOCUMENT_TYPES,
  DocumentDescriptionSchema,
  extensionOf,
  isDocumentExtension,
  sanitizeFileName,
  type PatientDocument,
} from './document'
import { discardStoredDocuments } from './document-files.server'
import { checkedContent } from './document-types.server'
import { requirePatient } from './patients.server'

/**
 * A practitioner's patient documents (docs/decisions/020-patient-documents.md). The file is
 * checked and encrypted while it streams in, stored under a random key, and only then gets
 * its row; deleting the row (document, patient or account) removes the file after the
 * transaction commits, and an hourly sweep removes any file a crash left without a row.
 * Every upload, download and deletion writes the access trail.
 */

const PREFIX = 'documents'

const documentColumns = {
  id: patientDocuments.id,
  patientProfileId: patientDocuments.patientProfileId,
  practitionerId: patientDocuments.practitionerId,
  originalName: patientDocuments.originalName,
  fileType: patientDocuments.fileType,
  fileSize: patientDocuments.fileSize,
  description: patientDocuments.description,
  createdAt: patientDocuments.createdAt,
}

type DocumentRow = Omit<PatientDocument, 'createdAt'> & { createdAt: Date }

function toDocument(row: DocumentRow): PatientDocument {
  return { ...row, createdAt: row.createdAt.toISOString() }
}

const documentOwnedBy = (practitionerId: number, documentId: number) =>
  and(eq(patientDocuments.id, documentId), eq(patientDocuments.practitionerId, practitionerId))

/** The patient's documents, newest first. 404 for another practitioner's or an unknown patient. */
export function listPatientDocuments(practitionerId: number, patientId: number): PatientDocument[] {
  const db = getDb()
  requirePatient(practitionerId, patientId, db)
  return db
    .select(documentColumns)
    .from(patientDocuments)
    .where(and(eq(patientDocuments.patientProfileId, patientId), eq(patientDocuments.practitionerId, practitionerId)))
    .orderBy(desc(patientDocuments.createdAt), desc(patientDocuments.id))
    .all()
    .map(toDocument)
}

/** An upload's refusals as the form and the API show them: 413 past the cap, on the file field. */
function uploadRefusal(error: unknown) {
  if (error instanceof FileTooLargeError || error instanceof BodyTooLargeError) {
    return new AppError(DOCUMENT_TOO_LARGE, 413, 'file')
  }
  if (error instanceof UnreadableUploadError) return new AppError(UNREADABLE_FORM, error.status)
  return error
}

/**
 * Stores the file posted as `file` in a multipart `request` (with an optional `description`)
 * as a document of the practitioner's patient. Refused before anything is read for another's
 * patient (404); refused with nothing kept past 10 MB (413), for a type we do not accept, a
 * file whose bytes do not match its type, or an empty one (400), and for a body that is not a
 * multipart form (415) or cannot be read to its end (400).
 */
export async function uploadDocument(practitionerId: number, patientId: number, request: Request) {
  requirePatient(practitionerId, patientId)
  assertRoomForDocument(getDb(), practitionerId, 0)
  await ensureUploadsHere()
  const key = `${PREFIX}/${randomUUID()}.enc`
  let stored = false
  let recording = false
  try {
    const upload = await readUpload(request, {
      field: 'file',
      maxFileBytes: DOCUMENT_MAX_BYTES,
      onFile: async ({ filename, stream }) => {
        const originalName = sanitizeFileName(filename)
        const ext = extensionOf(originalName)
        if (!isDocumentExtension(ext)) throw new AppError(DOCUMENT_TYPE_NOT_ALLOWED, 400, 'file')
        const counted = { bytes: 0 }
        const checker = checkedContent(ext, counted)
        // A file cut off at its cap fails its stream; the failure has to reach the store.
        stream.on('error', (error) => checker.destroy(error))
        stored = true
        await putEncrypted(key, stream.pipe(checker))
        return { originalName, fileType: DOCUMENT_TYPES[ext], fileSize: counted.bytes }
      },
    })
    if (!upload.file) throw new AppError(DOCUMENT_REQUIRED, 400, 'file')
    const described = DocumentDescriptionSchema.safeParse(upload.fields)
    if (!described.success) throw new AppError(described.error.issues[0]!.message, 400, 'description')
    const input = { practitionerId, patientId, key, ...upload.file, description: described.data.description ?? null }
    // On a replica the row is written by the primary (docs/decisions/025-uploads-on-replicas.md).
    recording = true
    return await onPrimary('documents.record', input, () => recordDocument(input))
  } catch (error) {
    // An answer lost on its way back may hide a written row: then the file stays, and the
    // hourly sweep removes it if no row names it.
    const rowMayExist = recording && !isAppError(error)
    if (stored && !rowMayExist) await discardStoredDocuments([key])
    throw uploadRefusal(error)
  }
}

/**
 * Refuses (413) a document that would take the practitioner's documents past
 * DOCUMENT_STORAGE_MAX_BYTES: before the upload is read (`adding` 0: already full), and with its
 * size before its row is written (the stored file is then discarded).
 */
function assertRoomForDocument(db: Db | Tx, practitionerId: number, adding: number) {
  const used = db
    .select({ bytes: sum(patientDocuments.fileSize) })
    .from(patientDocuments)
    .where(eq(patientDocuments.practitionerId, practitionerId))
    .get()?.bytes
  const total = Number(used ?? 0) + adding
  if (adding ? total > DOCUMENT_STORAGE_MAX_BYTES : total >= DOCUMENT_STORAGE_MAX_BYTES) {
    throw new AppError(DOCUMENT_STORAGE_FULL, 413, 'file')
  }
}

/** A stored document file's row, as `uploadDocument` asks the primary to write it. */
export const RecordDocumentSchema = z.object({
  practitionerId: z.number().int().positive(),
  patientId: z.number().int().positive(),
  key: z.string().regex(new RegExp(`^${PREFIX}/[0-9a-f-]{36}\\.enc$`)),
  originalName: oneLineText({ trim: false }).min(1).max(255),
  fileType: z.enum(Object.values(DOCUMENT_TYPES) as [string, ...string[]]),
  fileSize: z.number().int().min(1).max(DOCUMENT_MAX_BYTES),
  description: oneLineText({ trim: false }).nullable(),
})

/**
 * Writes the row of a document whose file is stored (with its trail row), unless the patient
 * was deleted while the file was arriving (404).
 */
export function recordDocument({ practitionerId, patientId, key, ...file }: z.infer<typeof RecordDocumentSchema>) {
  return getDb().transaction((tx) => {
    requirePatient(practitionerId, patientId, tx)
    assertRoomForDocument(tx, practitionerId, file.fileSize)
    const row = tx
      .insert(patientDocuments)
      .values({
        patientProfileId: patientId,
        practitionerId,
        fileName: key.slice(PREFIX.length + 1),
        filePath: key,
        ...file,
      })
      .returning(documentColumns)
      .get()
    recordPatientAccess(tx, { practitionerId, patientId, action: 'document_upload', detail: `document ${row.id}` })
    return toDocument(row)
  })
}

function requireDocument(db: Db | Tx, practitionerId: number, documentId: number) {
  const row = db
    .select({ ...documentColumns, filePath: patientDocuments.filePath })
    .from(patientDocuments)
    .where(documentOwnedBy(practitionerId, documentId))
    .get()
  if (!row) throw new AppError(DOCUMENT_NOT_FOUND, 404)
  return row
}

/**
 * The practitioner's document with its decrypted bytes as a stream, and a 'document_download'
 * row in the trail. 404 for another practitioner's or an unknown document, or one whose file
 * is missing from storage.
 */
export async function openDocument(practitionerId: number, documentId: number) {
  const db = getDb()
  const { filePath, ...document } = requireDocument(db, practitionerId, documentId)
  const opened = await openDecrypted(filePath)
  if (!opened) throw new AppError(DOCUMENT_NOT_FOUND, 404)
  recordPatientAccess(db, {
    practitionerId,
    patientId: document.patientProfileId,
    action: 'document_download',
    detail: `document ${document.id}`,
  })
  return { document: toDocument(document), ...opened }
}

/** Deletes the practitioner's document and its file; answers the patient's id. */
export async function deleteDocument(practitionerId: number, documentId: number) {
  const { filePath, patientProfileId } = getDb().transaction((tx) => {
    const row = requireDocument(tx, practitionerId, documentId)
    tx.delete(patientDocuments).where(documentOwnedBy(practitionerId, documentId)).run()
    recordPatientAccess(tx, {
      practitionerId,
      patientId: row.patientProfileId,
      action: 'document_delete',
      detail: `document ${row.id}`,
    })
    return row
  })
  await discardStoredDocuments([filePath])
  return patientProfileId
}

/** Files younger than this may belong to an upload whose row is still being written. */
const ORPHAN_AGE_MS = 60 * 60 * 1000

/**
 * Removes stored document files no row points at that are over an hour old: left behind when
 * the process stopped between storing a file and writing its row, or between deleting a row
 * and its file. The maintenance job runs it hourly; answers how many it removed.
 */
export async function sweepOrphanedDocuments(now = new Date()) {
  const old = (await listObjects(PREFIX)).filter((o) => o.modifiedAt.getTime() < now.getTime() - ORPHAN_AGE_MS)
  if (!old.length) return 0
  const known = new Set(
    getDb()
      .select({ key: patientDocuments.filePath })
      .from(patientDocuments)
      .all()
      .map((row) => row.key),
  )
  const orphans = old.filter((o) => !known.has(o.key)).map((o) => o.key)
  await discardStoredDocuments(orphans)
  return orphans.length
}
