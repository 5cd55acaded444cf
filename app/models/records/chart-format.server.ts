import { formatsFor } from '~/lib/i18n/formats'
import { tFor } from '~/lib/i18n/i18n.server'
import type { Language } from '~/lib/i18n/languages'
import { formatNumber } from '~/lib/money'
import { SHOWN_PROFILE_FIELDS } from './chart-links'
import { fileSize } from './document'
import type { NoteType, PatientAccessEntry, PatientProfileUpdate } from './patient'

/**
 * How the Patient Charting screen and its export word times, sizes and trail entries, in the
 * reader's language: on the server only, so the page the browser hydrates says what the server
 * rendered.
 */

const UNITS: [limitMs: number, unitMs: number, unit: 'minute' | 'hour' | 'day' | 'month' | 'year'][] = [
  [60 * 60_000, 60_000, 'minute'],
  [24 * 60 * 60_000, 60 * 60_000, 'hour'],
  [30 * 24 * 60 * 60_000, 24 * 60 * 60_000, 'day'],
  [365 * 24 * 60 * 60_000, 30 * 24 * 60 * 60_000, 'month'],
  [Infinity, 365 * 24 * 60 * 60_000, 'year'],
]

/** 'less than a minute', '3 days', '1 year' ('3 jours'): the time since `iso`, for 'Added {time} ago'. */
export function timeSince(iso: string, now = Date.now(), language: Language = 'en') {
  const t = tFor(language, 'records')
  const elapsed = Math.max(0, now - new Date(iso).getTime())
  if (elapsed < 60_000) return t('since.lessThanMinute')
  const [, unitMs, unit] = UNITS.find(([limit]) => elapsed < limit)!
  return t(`since.${unit}`, { count: Math.max(1, Math.floor(elapsed / unitMs)) })
}

/** 'Nov 21, 2026, 9:30 AM EST' ('21 nov. 2026 à 9 h 30 HNE') in the viewer's zone. */
export function instantLabel(iso: string, timeZone: string, language: Language = 'en') {
  const f = formatsFor(language)
  return tFor(language, 'records')('instant', {
    date: f.date(iso, timeZone),
    time: f.time(iso, timeZone),
    zone: f.zone(iso, timeZone),
  })
}

/** A calendar date ('1985-04-12') as 'Apr 12, 1985' ('12 avr. 1985'), the same day in every zone. */
export function calendarDateLabel(date: string, language: Language = 'en') {
  return formatsFor(language).date(`${date}T12:00:00Z`, 'UTC')
}

/** '0 Bytes', '512 Bytes', '1.5 KB', '9.77 MB' ('1,5 Ko'): at most two decimals, in the largest unit under 1024. */
export function formatFileSize(bytes: number, language: Language = 'en') {
  const { amount, unit } = fileSize(bytes)
  // English writes the amount as it is ('1023 Bytes'); French with its decimal comma ('1,5 Ko').
  const size = language === 'en' ? String(amount) : formatNumber(amount, language)
  const t = tFor(language, 'records')
  return unit === 'bytes' ? t('fileSize.bytes', { count: amount, size }) : t(`fileSize.${unit}`, { size })
}

/** A trail entry's action: 'Viewed the record', 'Added a note'... */
export function accessLabel(action: PatientAccessEntry['action'], language: Language = 'en') {
  return tFor(language, 'records')(`access.${action}`)
}

/** A note's category: 'General', 'Follow-up'... */
export function categoryLabel(noteType: NoteType, language: Language = 'en') {
  return tFor(language, 'records')(`noteTypes.${noteType}`)
}

/** A full edit form: an optional field sent empty (conform drops it) means cleared, not kept. */
export function clearedAsNull(input: PatientProfileUpdate): PatientProfileUpdate {
  const out: Record<string, unknown> = {}
  for (const key of OPTIONAL_PROFILE_FIELDS) out[key] = null
  for (const [key, value] of Object.entries(input)) if (value !== undefined) out[key] = value
  return out as PatientProfileUpdate
}

/** Every optional field of a profile: the ones the chart shows (one list for both). */
const OPTIONAL_PROFILE_FIELDS = SHOWN_PROFILE_FIELDS
