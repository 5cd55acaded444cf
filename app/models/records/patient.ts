import { z } from 'zod'
import { type AUDIT_ACTIONS, NOTE_TYPES } from '~/db/enums'
import { msg, type Message } from '~/lib/i18n/message'
import { multiLineText, oneLineText } from '~/lib/plain-text'
import { emailField } from '~/models/accounts/user'
import type { ChartIntake } from '~/models/intake/intake-form'

/**
 * Patient records, the client-safe half: the profile and note rules shared by the coming
 * Patient Charting screen and the /api/patient-* routes, the shapes the model answers, and the
 * texts. Queries and writes are in patients.server.ts (profiles), notes.server.ts (notes and the
 * shareable record) and audit.server.ts (the access trail); docs/decisions/019-patient-records.md.
 */

/* Texts (spec §8 "Patient screens" for the success texts): catalogue keys, shown in the reader's language. */

/** Unknown, malformed or another practitioner's patient (status 404). */
export const PATIENT_NOT_FOUND = msg('records:errors.patientNotFound')
/** Unknown, malformed or another practitioner's note (status 404). */
export const NOTE_NOT_FOUND = msg('records:errors.noteNotFound')
export const PATIENT_CREATED = msg('records:toasts.patientCreated')
export const PATIENT_UPDATED = msg('records:toasts.patientUpdated')
export const PATIENT_DELETED = msg('records:toasts.patientDeleted')
export const NOTE_CREATED = msg('records:toasts.noteCreated')
export const NOTE_UPDATED = msg('records:toasts.noteUpdated')
export const NOTE_DELETED = msg('records:toasts.noteDeleted')

export const FIRST_NAME_REQUIRED = msg('records:errors.firstNameRequired')
export const LAST_NAME_REQUIRED = msg('records:errors.lastNameRequired')
export const INVALID_DATE_OF_BIRTH = msg('records:errors.invalidDateOfBirth')
export const DATE_OF_BIRTH_IN_FUTURE = msg('records:errors.dateOfBirthInFuture')
export const NOTE_TITLE_REQUIRED = msg('records:errors.noteTitleRequired')
export const NOTE_CONTENT_REQUIRED = msg('records:errors.noteContentRequired')
export const INVALID_NOTE_TYPE = msg('records:errors.invalidNoteType', { types: NOTE_TYPES.join(', ') })

export const NAME_MAX_LENGTH = 100
export const SHORT_TEXT_MAX_LENGTH = 200
/**
 * What one practitioner's records can hold (issue 41): patients they add themselves (charts made
 * from a client's intake are never refused), and notes in one chart.
 */
export const MAX_PATIENTS = 5000
export const TOO_MANY_PATIENTS = msg('records:errors.tooManyPatients', { max: MAX_PATIENTS })
export const MAX_NOTES_PER_PATIENT = 1000
export const TOO_MANY_NOTES = msg('records:errors.tooManyNotes', { max: MAX_NOTES_PER_PATIENT })
/** The longest text field anywhere (docs/decisions/014-body-limits-and-unreadable-bodies.md). */
export const LONG_TEXT_MAX_LENGTH = 5000

/** A category's name, by its value (`records:noteTypes.<value>`): 'General', 'Follow-up'... */
export const NOTE_TYPE_LABELS: Record<NoteType, Message> = {
  general: msg('records:noteTypes.general'),
  assessment: msg('records:noteTypes.assessment'),
  treatment: msg('records:noteTypes.treatment'),
  followup: msg('records:noteTypes.followup'),
}

/** A profile or note field's name, as its messages and labels say it (`records:fields.<name>`). */
export type RecordField =
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'dateOfBirth'
  | 'gender'
  | 'address'
  | 'emergencyContact'
  | 'emergencyPhone'
  | 'medicalHistory'
  | 'allergies'
  | 'medications'
  | 'notes'
  | 'title'
  | 'content'

const fieldName = (field: RecordField) => msg(`records:fields.${field}`)

export type NoteType = (typeof NOTE_TYPES)[number]

/* Field rules. */

const tooLong = (field: RecordField, max: number) => msg('records:errors.tooLong', { label: fieldName(field), max })

/** A required name: trimmed, not empty. */
const nameField = (required: Message, field: RecordField) =>
  oneLineText({ error: required }).min(1, required).max(NAME_MAX_LENGTH, tooLong(field, NAME_MAX_LENGTH))

/** '', whitespace and null mean "cleared" (null); absent means "not sent" (undefined). */
function blankToNull(value: unknown) {
  if (value === null) return null
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim()
  return value
}

const optionalText = (field: RecordField, max: number, text = oneLineText) =>
  z.preprocess(
    blankToNull,
    text({ error: msg('records:errors.notText', { label: fieldName(field) }) })
      .max(max, tooLong(field, max))
      .nullish(),
  )

const optionalEmail = z.preprocess(blankToNull, emailField().nullish())

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
/** `yyyy-MM-dd`, optionally followed by a time (`T12:00:00.000Z`, `T12:00:00+14:00`…). */
const DATE_THEN_TIME = /^(\d{4}-\d{2}-\d{2})(T[0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/

/**
 * A date of birth as the calendar date it is (`yyyy-MM-dd`), never an instant: a birthday has
 * no time zone. The spec's client sends the picked day at midday as an ISO instant
 * ('1985-04-12T12:00:00.000Z'); the day is the date as written in that string, so nothing here
 * depends on the server's or the sender's zone. Also accepts 'yyyy-MM-dd'; '' and null clear it.
 * Answers null when it is not a real day of the calendar.
 */
export function calendarDateOf(value: string): string | null {
  const match = DATE_THEN_TIME.exec(value.trim())
  if (!match) return null
  const [date, time] = [match[1]!, match[2]]
  if (time !== undefined && Number.isNaN(Date.parse(value.trim()))) return null
  const [, y, m, d] = ISO_DATE.exec(date)!.map(Number) as [number, number, number, number]
  const probe = new Date(Date.UTC(y, m - 1, d))
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) return null
  if (y < 1850) return null
  return date
}

/** Today's date somewhere on Earth at the latest (UTC+14): a birthday may not be after it. */
function latestToday(now = new Date()) {
  return new Date(now.getTime() + 14 * 60 * 60_000).toISOString().slice(0, 10)
}

const dateOfBirthField = z.preprocess(
  blankToNull,
  z
    .string({ error: INVALID_DATE_OF_BIRTH })
    .transform((value, ctx) => {
      const date = calendarDateOf(value)
      if (date === null) {
        ctx.addIssue({ code: 'custom', message: INVALID_DATE_OF_BIRTH })
        return z.NEVER
      }
      if (date > latestToday()) {
        ctx.addIssue({ code: 'custom', message: DATE_OF_BIRTH_IN_FUTURE })
        return z.NEVER
      }
      return date
    })
    .nullish(),
)

const profileFields = {
  firstName: nameField(FIRST_NAME_REQUIRED, 'firstName'),
  lastName: nameField(LAST_NAME_REQUIRED, 'lastName'),
  email: optionalEmail,
  phone: optionalText('phone', 40),
  dateOfBirth: dateOfBirthField,
  gender: optionalText('gender', 50),
  address: optionalText('address', 500),
  emergencyContact: optionalText('emergencyContact', SHORT_TEXT_MAX_LENGTH),
  emergencyPhone: optionalText('emergencyPhone', 40),
  medicalHistory: optionalText('medicalHistory', LONG_TEXT_MAX_LENGTH, multiLineText),
  allergies: optionalText('allergies', LONG_TEXT_MAX_LENGTH, multiLineText),
  medications: optionalText('medications', LONG_TEXT_MAX_LENGTH, multiLineText),
  notes: optionalText('notes', LONG_TEXT_MAX_LENGTH, multiLineText),
}

/**
 * A new patient (Add Patient, POST /api/patient-profiles): first and last name required, the
 * rest optional; '' and null mean empty. id and practitionerId are never read from the input.
 */
export const PatientProfileSchema = z.object(profileFields)

/**
 * A profile edit (Edit Profile, PATCH /api/patient-profiles/{id}): a field left out is kept, ''
 * or null clears it; first and last name, when sent, must not be empty.
 */
export const PatientProfileUpdateSchema = z.object(profileFields).partial()

export type PatientProfileInput = z.output<typeof PatientProfileSchema>
export type PatientProfileUpdate = z.output<typeof PatientProfileUpdateSchema>

const noteFields = {
  title: oneLineText({ error: NOTE_TITLE_REQUIRED })
    .min(1, NOTE_TITLE_REQUIRED)
    .max(SHORT_TEXT_MAX_LENGTH, tooLong('title', SHORT_TEXT_MAX_LENGTH)),
  content: multiLineText({ error: NOTE_CONTENT_REQUIRED })
    .min(1, NOTE_CONTENT_REQUIRED)
    .max(LONG_TEXT_MAX_LENGTH, tooLong('content', LONG_TEXT_MAX_LENGTH)),
  noteType: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.enum(NOTE_TYPES, { error: INVALID_NOTE_TYPE }).optional(),
  ),
  isPrivate: z.preprocess(
    (value) => (value === null ? undefined : value),
    z.boolean({ error: msg('records:errors.isPrivateBoolean') }).optional(),
  ),
}

/** A new note: title and content required, category `general` and not private unless sent. */
export const PatientNoteSchema = z.object(noteFields).transform((note) => ({
  ...note,
  noteType: note.noteType ?? 'general',
  isPrivate: note.isPrivate ?? false,
}))

/** A note edit: a field left out is kept; title and content, when sent, must not be empty. */
export const PatientNoteUpdateSchema = z.object(noteFields).partial()

export type PatientNoteInput = z.output<typeof PatientNoteSchema>
export type PatientNoteUpdate = z.output<typeof PatientNoteUpdateSchema>

/* Shapes the model answers. Instants are ISO 8601 strings; dateOfBirth is `yyyy-MM-dd`. */

export type PatientProfile = {
  id: number
  practitionerId: number
  firstName: string
  lastName: string
  email: string | null
  phone: string | null
  dateOfBirth: string | null
  gender: string | null
  address: string | null
  emergencyContact: string | null
  emergencyPhone: string | null
  medicalHistory: string | null
  allergies: string | null
  medications: string | null
  notes: string | null
  createdAt: string
  updatedAt: string
}

export type PatientNote = {
  id: number
  patientProfileId: number
  practitionerId: number
  title: string
  content: string
  noteType: NoteType
  isPrivate: boolean
  createdAt: string
  updatedAt: string
}

/** A document as the shareable record names it: never its stored name or path. */
export type SharedDocument = {
  id: number
  originalName: string
  fileType: string
  fileSize: number
  description: string | null
  createdAt: string
}

/**
 * What may leave the server about a patient (the AI assistant, an export): the profile, the
 * notes that are not private, the documents by name, and the intake answers the patient sent.
 * Built only by `shareablePatientRecord`.
 */
export type ShareablePatientRecord = {
  profile: PatientProfile
  notes: Omit<PatientNote, 'isPrivate'>[]
  documents: SharedDocument[]
  intake: ChartIntake[]
}

/** One row of a patient's access history; no health data, only who did what and when. */
export type PatientAccessEntry = {
  id: number
  practitionerId: number
  patientProfileId: number | null
  action: PatientAuditAction
  /** Which record the action touched ('note 12'), never its contents. */
  detail: string | null
  createdAt: string
}

export type PatientAuditAction = (typeof AUDIT_ACTIONS)[number]

/** The access history's page size and keyset cursor (the id of the last row shown). */
export const ACCESS_HISTORY_PAGE_SIZE = 20
