import { and, asc, count, desc, eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { patientDocuments, patientNotes } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { listPatientIntake } from '~/models/intake/intake-responses.server'
import { recordPatientAccess } from './audit.server'
import {
  MAX_NOTES_PER_PATIENT,
  NOTE_NOT_FOUND,
  TOO_MANY_NOTES,
  type PatientNote,
  type PatientNoteInput,
  type PatientNoteUpdate,
  type ShareablePatientRecord,
} from './patient'
import { requirePatient } from './patients.server'

/**
 * A patient's notes, and the one function that says what of a record may leave the server
 * (`shareablePatientRecord`: private notes never do). Scoped by `practitionerId` like every
 * records query; writes record the access trail in the same transaction
 * (docs/decisions/019-patient-records.md).
 */

const noteColumns = {
  id: patientNotes.id,
  patientProfileId: patientNotes.patientProfileId,
  practitionerId: patientNotes.practitionerId,
  title: patientNotes.title,
  content: patientNotes.content,
  noteType: patientNotes.noteType,
  isPrivate: patientNotes.isPrivate,
  createdAt: patientNotes.createdAt,
  updatedAt: patientNotes.updatedAt,
}

type NoteRow = Omit<PatientNote, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date }

function toNote(row: NoteRow): PatientNote {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }
}

const noteOwnedBy = (practitionerId: number, noteId: number) =>
  and(eq(patientNotes.id, noteId), eq(patientNotes.practitionerId, practitionerId))

/**
 * Every note of the practitioner's patient, private ones included (they are the
 * practitioner's own), newest first. 404 for another practitioner's or an unknown patient.
 * Reading does not write the trail by itself: whoever shows the record calls
 * `recordPatientView` (audit.server.ts), as GET /api/patient-profiles/{id}/notes does.
 */
export function listPatientNotes(practitionerId: number, patientId: number): PatientNote[] {
  const db = getDb()
  requirePatient(practitionerId, patientId, db)
  return db
    .select(noteColumns)
    .from(patientNotes)
    .where(and(eq(patientNotes.patientProfileId, patientId), eq(patientNotes.practitionerId, practitionerId)))
    .orderBy(desc(patientNotes.createdAt), desc(patientNotes.id))
    .all()
    .map(toNote)
}

/** Adds a note to the practitioner's patient (404 for anyone else's). */
export function createNote(practitionerId: number, patientId: number, input: PatientNoteInput): PatientNote {
  return getDb().transaction((tx) => {
    requirePatient(practitionerId, patientId, tx)
    const notes =
      tx.select({ n: count() }).from(patientNotes).where(eq(patientNotes.patientProfileId, patientId)).get()?.n ?? 0
    if (notes >= MAX_NOTES_PER_PATIENT) throw new AppError(TOO_MANY_NOTES, 409)
    const row = tx
      .insert(patientNotes)
      .values({ ...input, patientProfileId: patientId, practitionerId })
      .returning(noteColumns)
      .get()
    recordPatientAccess(tx, { practitionerId, patientId, action: 'note_create', detail: `note ${row.id}` })
    return toNote(row)
  })
}

/** Changes the fields sent (a field left out is kept); answers the updated note. */
export function updateNote(practitionerId: number, noteId: number, input: PatientNoteUpdate): PatientNote {
  return getDb().transaction((tx) => {
    const values: Partial<typeof patientNotes.$inferInsert> = { updatedAt: new Date() }
    if (input.title !== undefined) values.title = input.title
    if (input.content !== undefined) values.content = input.content
    if (input.noteType !== undefined) values.noteType = input.noteType
    if (input.isPrivate !== undefined) values.isPrivate = input.isPrivate
    const row = tx
      .update(patientNotes)
      .set(values)
      .where(noteOwnedBy(practitionerId, noteId))
      .returning(noteColumns)
      .get()
    if (!row) throw new AppError(NOTE_NOT_FOUND, 404)
    recordPatientAccess(tx, {
      practitionerId,
      patientId: row.patientProfileId,
      action: 'note_update',
      detail: `note ${noteId}`,
    })
    return toNote(row)
  })
}

/** Deletes the practitioner's note (404 for anyone else's or an unknown one). */
export function deleteNote(practitionerId: number, noteId: number) {
  getDb().transaction((tx) => {
    const row = tx
      .delete(patientNotes)
      .where(noteOwnedBy(practitionerId, noteId))
      .returning({ patientId: patientNotes.patientProfileId })
      .get()
    if (!row) throw new AppError(NOTE_NOT_FOUND, 404)
    recordPatientAccess(tx, {
      practitionerId,
      patientId: row.patientId,
      action: 'note_delete',
      detail: `note ${noteId}`,
    })
  })
}

/**
 * What may leave the server about a patient, and the only place that decides it: the profile,
 * the notes that are not private (oldest first, without the flag), the documents by their
 * original names (never a stored name or path), and the intake answers they sent. The AI assistant and any export build on this;
 * private notes are never in it. 404 for another practitioner's or an unknown patient.
 */
export function shareablePatientRecord(practitionerId: number, patientId: number): ShareablePatientRecord {
  const db = getDb()
  return db.transaction((tx) => {
    const profile = requirePatient(practitionerId, patientId, tx)
    const notes = tx
      .select({
        id: patientNotes.id,
        patientProfileId: patientNotes.patientProfileId,
        practitionerId: patientNotes.practitionerId,
        title: patientNotes.title,
        content: patientNotes.content,
        noteType: patientNotes.noteType,
        createdAt: patientNotes.createdAt,
        updatedAt: patientNotes.updatedAt,
      })
      .from(patientNotes)
      .where(
        and(
          eq(patientNotes.patientProfileId, patientId),
          eq(patientNotes.practitionerId, practitionerId),
          eq(patientNotes.isPrivate, false),
        ),
      )
      .orderBy(asc(patientNotes.createdAt), asc(patientNotes.id))
      .all()
    const documents = tx
      .select({
        id: patientDocuments.id,
        originalName: patientDocuments.originalName,
        fileType: patientDocuments.fileType,
        fileSize: patientDocuments.fileSize,
        description: patientDocuments.description,
        createdAt: patientDocuments.createdAt,
      })
      .from(patientDocuments)
      .where(and(eq(patientDocuments.patientProfileId, patientId), eq(patientDocuments.practitionerId, practitionerId)))
      .orderBy(asc(patientDocuments.createdAt), asc(patientDocuments.id))
      .all()
    return {
      profile,
      notes: notes.map((n) => ({ ...n, createdAt: n.createdAt.toISOString(), updatedAt: n.updatedAt.toISOString() })),
      documents: documents.map((d) => ({ ...d, createdAt: d.createdAt.toISOString() })),
      // What the patient told the practitioner themselves, before a session: not a private note.
      intake: listPatientIntake(practitionerId, patientId, tx),
    }
  })
}
