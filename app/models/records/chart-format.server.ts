import { formatDate, formatTime, zoneAbbreviation } from '~/lib/dates'
import { NOTE_TYPE_LABELS, type PatientAccessEntry, type PatientProfileUpdate } from './patient'

/**
 * How the Patient Charting screen and its export word times and trail entries: on the server
 * only, so the page the browser hydrates says what the server rendered.
 */

const UNITS: [limitMs: number, unitMs: number, unit: string][] = [
  [60 * 60_000, 60_000, 'minute'],
  [24 * 60 * 60_000, 60 * 60_000, 'hour'],
  [30 * 24 * 60 * 60_000, 24 * 60 * 60_000, 'day'],
  [365 * 24 * 60 * 60_000, 30 * 24 * 60 * 60_000, 'month'],
  [Infinity, 365 * 24 * 60 * 60_000, 'year'],
]

/** 'less than a minute', '3 days', '1 year': the time since `iso`, for 'Added {time} ago'. */
export function timeSince(iso: string, now = Date.now()) {
  const elapsed = Math.max(0, now - new Date(iso).getTime())
  if (elapsed < 60_000) return 'less than a minute'
  const [, unitMs, unit] = UNITS.find(([limit]) => elapsed < limit)!
  const n = Math.max(1, Math.floor(elapsed / unitMs))
  return `${n} ${unit}${n === 1 ? '' : 's'}`
}

/** 'Nov 21, 2026, 9:30 AM EST' in the viewer's zone. */
export function instantLabel(iso: string, timeZone: string) {
  return `${formatDate(iso, timeZone)}, ${formatTime(iso, timeZone)} ${zoneAbbreviation(iso, timeZone)}`
}

/** A calendar date ('1985-04-12') as 'Apr 12, 1985', the same day in every zone. */
export function calendarDateLabel(date: string) {
  return formatDate(`${date}T12:00:00Z`, 'UTC')
}

const ACTION_LABELS: Record<PatientAccessEntry['action'], string> = {
  view: 'Viewed the record',
  create: 'Created the profile',
  update: 'Edited the profile',
  delete: 'Deleted the profile',
  note_create: 'Added a note',
  note_update: 'Edited a note',
  note_delete: 'Deleted a note',
  document_upload: 'Uploaded a document',
  document_download: 'Downloaded a document',
  document_delete: 'Deleted a document',
  ai_consult: 'Consulted the AI assistant',
  intake_received: 'Received intake answers from the client',
}

export function accessLabel(action: PatientAccessEntry['action']) {
  return ACTION_LABELS[action]
}

export function categoryLabel(noteType: keyof typeof NOTE_TYPE_LABELS) {
  return NOTE_TYPE_LABELS[noteType]
}

/** A full edit form: an optional field sent empty (conform drops it) means cleared, not kept. */
export function clearedAsNull(input: PatientProfileUpdate): PatientProfileUpdate {
  const out: Record<string, unknown> = {}
  for (const key of OPTIONAL_PROFILE_FIELDS) out[key] = null
  for (const [key, value] of Object.entries(input)) if (value !== undefined) out[key] = value
  return out as PatientProfileUpdate
}

export const OPTIONAL_PROFILE_FIELDS = [
  'email',
  'phone',
  'dateOfBirth',
  'gender',
  'address',
  'emergencyContact',
  'emergencyPhone',
  'medicalHistory',
  'allergies',
  'medications',
  'notes',
] as const
