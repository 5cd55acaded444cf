import Database from 'better-sqlite3'
import { collapse } from './page-text'

/**
 * What people wrote, shown as written in either language (names, emails, bios, service names
 * and descriptions and their translations, messages, notes, reviews, intake questions and
 * answers, document names...), read from the database the pages were rendered from. A page's
 * text is checked for the other language only once these are taken out of it.
 */

/** Columns people write, `table.column`; JSON columns give every text inside them. */
const WRITTEN = [
  'users.first_name',
  'users.last_name',
  'users.email',
  'users.phone_number',
  'users.bio',
  'users.title',
  'users.profession_other',
  'users.regulatory_body',
  'users.registration_number',
  'users.business_name',
  'users.business_address',
  'users.gst_hst_number',
  'user_specialties.specialty',
  'passkeys.name',
  'services.name',
  'services.description',
  'services.description_translation',
  'services.meeting_link',
  'services.details',
  'bookings.service_name',
  'bookings.cancellation_note',
  'bookings.move_message',
  'bookings.notes',
  'package_holdings.service_name',
  'reviews.content',
  'messages.subject',
  'messages.content',
  'contact_messages.name',
  'contact_messages.email',
  'contact_messages.subject',
  'contact_messages.message',
  'leads.first_name',
  'leads.last_name',
  'leads.email',
  'leads.phone_number',
  'leads.notes',
  'patient_profiles.first_name',
  'patient_profiles.last_name',
  'patient_profiles.email',
  'patient_profiles.phone',
  'patient_profiles.gender',
  'patient_profiles.address',
  'patient_profiles.emergency_contact',
  'patient_profiles.emergency_phone',
  'patient_profiles.medical_history',
  'patient_profiles.allergies',
  'patient_profiles.medications',
  'patient_profiles.notes',
  'patient_notes.title',
  'patient_notes.content',
  'patient_documents.original_name',
  'patient_documents.description',
  'ai_consultations.question',
  'ai_consultations.response',
  'ai_consultations.summary',
  'intake_forms.title',
  'intake_form_versions.title',
  'intake_form_versions.questions',
  'intake_responses.answers',
  'intake_responses.consent_name',
  'admin_audit_log.admin_email',
  'admin_audit_log.target_label',
]

/** People's names as pages put them together: "Ada Replica", "Ada R.", "AR". */
const NAMES = ['users', 'leads', 'patient_profiles']

/** What a receipt copied from the people and the service (not its words: those are the app's). */
const RECEIPT_FIELDS = [
  '$.client.name',
  '$.practitioner.name',
  '$.practitioner.regulatoryBody',
  '$.practitioner.registrationNumber',
  '$.practitioner.businessName',
  '$.practitioner.businessAddress',
  '$.practitioner.gstHstNumber',
  '$.service.name',
]

/** An intake answer that is a choice the app names (a yes/no question): not written. */
const CHOICES = new Set(['yes', 'no'])

/** A text's texts: a JSON column's leaves (a question's label and options), else itself. */
function textsIn(value: unknown): string[] {
  if (typeof value !== 'string') return []
  if (/^[[{]/.test(value)) {
    try {
      const leaves: string[] = []
      const walk = (node: unknown) => {
        if (typeof node === 'string') leaves.push(node)
        else if (node && typeof node === 'object') for (const child of Object.values(node)) walk(child)
      }
      walk(JSON.parse(value))
      return leaves
    } catch {
      // Not JSON after all: a text that starts with a bracket.
    }
  }
  return [value]
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []

/** Reads what people wrote in this database; `strip` takes it out of a run of a page's text. */
export function userContentOf(database: string) {
  const written = new Set<string>()
  const add = (raw: string) => {
    if (CHOICES.has(raw)) return
    // Whole, and line by line (a page may show a paragraph or a line of it alone).
    for (const part of [raw, ...raw.split(/\n+/)]) {
      const text = collapse(part)
      if (text.length >= 2) written.add(text)
      // Markdown (an AI answer) is shown formatted: its emphasised runs and its lines without
      // their markers are what the page holds.
      for (const piece of part.replace(/^\s*(#+|>|-)\s+/, '').split(/\*\*|`/)) {
        const bare = collapse(piece)
        if (bare.length >= 2) written.add(bare)
      }
    }
  }
  const db = new Database(database, { readonly: true })
  try {
    for (const column of WRITTEN) {
      const [table, name] = column.split('.')
      for (const row of db.prepare(`SELECT "${name}" AS value FROM "${table}"`).all() as { value: unknown }[]) {
        for (const text of textsIn(row.value)) add(text)
      }
    }
    for (const table of NAMES) {
      const people = db.prepare(`SELECT first_name AS first, last_name AS last FROM "${table}"`).all() as {
        first: string
        last: string
      }[]
      for (const { first, last } of people) {
        for (const name of [`${first} ${last}`, `${first} ${last.slice(0, 1)}.`, `${last}, ${first}`]) add(name)
        add(`${first.slice(0, 1)}${last.slice(0, 1)}`.toUpperCase())
      }
    }
    for (const field of RECEIPT_FIELDS) {
      for (const row of db.prepare(`SELECT json_extract(snapshot, ?) AS value FROM receipts`).all(field) as {
        value: unknown
      }[]) {
        if (typeof row.value === 'string') add(row.value)
      }
    }
  } finally {
    db.close()
  }

  // Each written text under its first word, longest first: a run is searched only for the texts
  // that start with one of its words.
  const byFirstWord = new Map<string, string[]>()
  for (const text of written) {
    const first = words(text)[0]
    if (!first) continue
    byFirstWord.set(first, [...(byFirstWord.get(first) ?? []), text])
  }
  for (const list of byFirstWord.values()) list.sort((a, b) => b.length - a.length)
  const all = [...written].join('\u0000')
  const stripped = new Map<string, string>()

  /** A run of text without what people wrote in it (empty when it is all theirs). */
  function strip(run: string) {
    const known = stripped.get(run)
    if (known !== undefined) return known
    let left = run
    const cut = run.replace(/(…|\.\.\.)$/, '').trim()
    // A written text, whole or cut short ("Sleeps badly since…").
    if (written.has(run) || (cut.length >= 16 && all.includes(cut))) left = ''
    for (const word of new Set(words(run))) {
      for (const text of byFirstWord.get(word) ?? []) {
        if (text.length < 3 || !left.includes(text)) continue
        left = left.replace(
          new RegExp(`(?<![\\p{L}\\p{N}])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'gu'),
          ' ',
        )
      }
    }
    left = collapse(left)
    stripped.set(run, left)
    return left
  }

  return { strip, size: written.size }
}

export type UserContent = ReturnType<typeof userContentOf>
