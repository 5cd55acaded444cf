import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { bookings, patientProfiles, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { containsPattern } from '~/lib/like'
import { pageWindow } from '~/lib/paging'
import { BOOKING_NOT_FOUND } from '~/models/booking/payments.server'
import { recordPatientAccess } from './audit.server'
import { discardStoredDocuments, storedDocumentKeys } from './document-files.server'
import {
  MAX_PATIENTS,
  PATIENT_NOT_FOUND,
  TOO_MANY_PATIENTS,
  type PatientProfile,
  type PatientProfileInput,
  type PatientProfileUpdate,
} from './patient'

/**
 * A practitioner's patients (docs/decisions/019-patient-records.md). Every query is scoped by
 * `practitionerId`: another practitioner's patient is the same 404 as an unknown id. Edits and
 * deletions write the access trail (audit.server.ts) in the same transaction.
 */

export const PATIENTS_PAGE_SIZE = 50

/** The columns a profile answers, named one by one. */
export const profileColumns = {
  id: patientProfiles.id,
  practitionerId: patientProfiles.practitionerId,
  firstName: patientProfiles.firstName,
  lastName: patientProfiles.lastName,
  email: patientProfiles.email,
  phone: patientProfiles.phone,
  dateOfBirth: patientProfiles.dateOfBirth,
  gender: patientProfiles.gender,
  address: patientProfiles.address,
  emergencyContact: patientProfiles.emergencyContact,
  emergencyPhone: patientProfiles.emergencyPhone,
  medicalHistory: patientProfiles.medicalHistory,
  allergies: patientProfiles.allergies,
  medications: patientProfiles.medications,
  notes: patientProfiles.notes,
  createdAt: patientProfiles.createdAt,
  updatedAt: patientProfiles.updatedAt,
}

type ProfileRow = Omit<PatientProfile, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date }

export function toPatientProfile(row: ProfileRow): PatientProfile {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }
}

const ownedBy = (practitionerId: number, patientId: number) =>
  and(eq(patientProfiles.id, patientId), eq(patientProfiles.practitionerId, practitionerId))

/** The practitioner's patient, or null (unknown, or another practitioner's). */
export function getPatient(practitionerId: number, patientId: number, db: Db | Tx = getDb()): PatientProfile | null {
  const row = db.select(profileColumns).from(patientProfiles).where(ownedBy(practitionerId, patientId)).get()
  return row ? toPatientProfile(row) : null
}

/** Like `getPatient`, but a missing patient is a 404 `AppError`. */
export function requirePatient(practitionerId: number, patientId: number, db: Db | Tx = getDb()) {
  const patient = getPatient(practitionerId, patientId, db)
  if (!patient) throw new AppError(PATIENT_NOT_FOUND, 404)
  return patient
}

/**
 * The practitioner's patients, newest first, a page at a time. `search` matches first name,
 * last name or email, case-insensitively, anywhere in them. The count is its own query.
 */
export function listPatients(
  practitionerId: number,
  { search, page: requestedPage = 1 }: { search?: string | null; page?: number } = {},
) {
  const db = getDb()
  const text = search?.trim()
  let matches: SQL | undefined
  if (text) {
    const pattern = containsPattern(text)
    matches = or(
      sql`lower(${patientProfiles.firstName}) LIKE ${pattern} ESCAPE '\\'`,
      sql`lower(${patientProfiles.lastName}) LIKE ${pattern} ESCAPE '\\'`,
      sql`lower(${patientProfiles.email}) LIKE ${pattern} ESCAPE '\\'`,
    )
  }
  const where = and(eq(patientProfiles.practitionerId, practitionerId), matches)
  const total = db.select({ n: count() }).from(patientProfiles).where(where).get()?.n ?? 0
  const { page, pageCount, offset } = pageWindow(total, requestedPage, PATIENTS_PAGE_SIZE)
  const rows = db
    .select(profileColumns)
    .from(patientProfiles)
    .where(where)
    .orderBy(desc(patientProfiles.createdAt), desc(patientProfiles.id))
    .limit(PATIENTS_PAGE_SIZE)
    .offset(offset)
    .all()
  return { patients: rows.map(toPatientProfile), total, page, pageCount, pageSize: PATIENTS_PAGE_SIZE }
}

/** Adds a patient to the practitioner's records. */
export function createPatient(practitionerId: number, input: PatientProfileInput): PatientProfile {
  return getDb().transaction((tx) => {
    const kept =
      tx.select({ n: count() }).from(patientProfiles).where(eq(patientProfiles.practitionerId, practitionerId)).get()
        ?.n ?? 0
    if (kept >= MAX_PATIENTS) throw new AppError(TOO_MANY_PATIENTS, 409)
    const row = tx
      .insert(patientProfiles)
      .values({ ...profileValues(input), firstName: input.firstName, lastName: input.lastName, practitionerId })
      .returning(profileColumns)
      .get()
    recordPatientAccess(tx, { practitionerId, patientId: row.id, action: 'create' })
    return toPatientProfile(row)
  })
}

/** Changes the fields sent (a field left out is kept; null clears it); answers the updated profile. */
export function updatePatient(practitionerId: number, patientId: number, input: PatientProfileUpdate): PatientProfile {
  return getDb().transaction((tx) => {
    const row = tx
      .update(patientProfiles)
      .set({ ...profileValues(input), updatedAt: new Date() })
      .where(ownedBy(practitionerId, patientId))
      .returning(profileColumns)
      .get()
    if (!row) throw new AppError(PATIENT_NOT_FOUND, 404)
    recordPatientAccess(tx, { practitionerId, patientId, action: 'update' })
    return toPatientProfile(row)
  })
}

/**
 * Deletes the patient with their notes, documents and AI consultations (the foreign keys
 * cascade), then the documents' stored files. The access trail stays, including the row
 * recording this deletion.
 */
export async function deletePatient(practitionerId: number, patientId: number) {
  const files = getDb().transaction((tx) => {
    requirePatient(practitionerId, patientId, tx)
    const keys = storedDocumentKeys(tx, { practitionerId, patientId })
    recordPatientAccess(tx, { practitionerId, patientId, action: 'delete' })
    tx.delete(patientProfiles).where(ownedBy(practitionerId, patientId)).run()
    return keys
  })
  await discardStoredDocuments(files)
}

/**
 * The chart of the client of one of the practitioner's sessions ('Open chart' on the
 * dashboard): their patient profile, found by email (case-insensitive), or made from their
 * account (name, email, phone) the first time, so a booking and a chart meet without retyping.
 * Answers the patient's id. 404 for another practitioner's session or one whose client has
 * deleted their account.
 */
export function openChartForBooking(practitionerId: number, bookingId: number): number {
  return getDb().transaction((tx) => chartForBooking(tx, practitionerId, bookingId), { behavior: 'immediate' })
}

/** `openChartForBooking` inside a transaction of the caller's (intake answers joining the chart). */
export function chartForBooking(tx: Tx, practitionerId: number, bookingId: number): number {
  const client = tx
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phoneNumber })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.clientId))
    .where(and(eq(bookings.id, bookingId), eq(bookings.practitionerId, practitionerId)))
    .get()
  if (!client) throw new AppError(BOOKING_NOT_FOUND, 404)
  const existing = tx
    .select({ id: patientProfiles.id })
    .from(patientProfiles)
    .where(
      and(
        eq(patientProfiles.practitionerId, practitionerId),
        sql`lower(${patientProfiles.email}) = ${client.email.toLowerCase()}`,
      ),
    )
    .orderBy(patientProfiles.id)
    .get()
  if (existing) return existing.id
  const created = tx
    .insert(patientProfiles)
    .values({ practitionerId, ...client })
    .returning({ id: patientProfiles.id })
    .get()
  recordPatientAccess(tx, { practitionerId, patientId: created.id, action: 'create' })
  return created.id
}

/** The columns an input sets: only the fields it carries (undefined = left out = kept). */
function profileValues(input: PatientProfileUpdate) {
  const values: Partial<typeof patientProfiles.$inferInsert> = {}
  for (const [key, value] of Object.entries(input) as [keyof PatientProfileUpdate, unknown][]) {
    if (value !== undefined) (values as Record<string, unknown>)[key] = value
  }
  return values
}
