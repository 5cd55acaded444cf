import type { IntakeAnswers, IntakeQuestion } from '~/models/intake/intake-form'
import type { DocumentKind } from '~/models/records/document'
import type { PatientProfile } from '~/models/records/patient'

/**
 * The Patient Charting screen's URL state (client-safe): the search (`q`) and page of the
 * patient list, the selected patient and tab, the access history's page (`before`), and the
 * dialogs (`new`, `edit`, `delete`, `newNote`, `editNote`, `deleteNote`, `deleteDoc`), and the
 * AI tab's answer on show (`consultation`) and example question (`example`). Everything is a link,
 * so the screen works without JavaScript.
 */

export const CHART_PATH = '/practitioner/patient-charting'

export const CREATE_PATIENT_INTENT = 'create-patient'
export const UPDATE_PATIENT_INTENT = 'update-patient'
export const DELETE_PATIENT_INTENT = 'delete-patient'
export const CREATE_NOTE_INTENT = 'create-note'
export const UPDATE_NOTE_INTENT = 'update-note'
export const DELETE_NOTE_INTENT = 'delete-note'
export const DELETE_DOCUMENT_INTENT = 'delete-document'
export const AI_CONSULT_INTENT = 'ai-consult'
/** 'Open chart' on the dashboard: the chart of a session's client (made the first time). */
export const OPEN_CHART_INTENT = 'open-chart'
/** With Open chart, `then=note` lands on the Notes tab with the new-note form open ("Add a note"). */
export const OPEN_CHART_THEN = 'then'
export const OPEN_CHART_NEW_NOTE = 'note'
/** Not posted as a field (see UPLOAD_PARAM); names the upload form's refusal. */
export const UPLOAD_DOCUMENT_INTENT = 'upload-document'
/**
 * The upload form posts here (`?upload=1`): its body is streamed straight into storage, so the
 * action knows what it is from the address, before reading any of it.
 */
export const UPLOAD_PARAM = 'upload'

export const CHART_TABS = ['profile', 'notes', 'docs', 'intake', 'ai'] as const
export type ChartTab = (typeof CHART_TABS)[number]

export type ChartState = {
  q?: string | null
  page?: number | null
  patient?: number | null
  tab?: ChartTab | null
  before?: number | null
  new?: boolean
  edit?: boolean
  delete?: number | null
  newNote?: boolean
  editNote?: number | null
  deleteNote?: number | null
  deleteDoc?: number | null
  /** The AI tab's answer on show (cleared by leaving it out). */
  consultation?: number | null
  /** Which example question fills the AI tab's box (the links that work without JavaScript). */
  example?: number | null
}

const KEYS = [
  'q',
  'page',
  'patient',
  'tab',
  'before',
  'new',
  'edit',
  'delete',
  'newNote',
  'editNote',
  'deleteNote',
  'deleteDoc',
  'consultation',
  'example',
] as const

export function chartHref(state: ChartState = {}) {
  const params = new URLSearchParams()
  for (const key of KEYS) {
    const value = state[key]
    if (value === undefined || value === null || value === '' || value === false) continue
    if (key === 'page' && value === 1) continue
    // The tab and the history's page belong to a patient.
    if ((key === 'tab' || key === 'before') && !state.patient) continue
    if (key === 'tab' && value === 'profile') continue
    params.set(key, value === true ? '1' : String(value))
  }
  const query = params.toString()
  return query ? `${CHART_PATH}?${query}` : CHART_PATH
}

/* What the loader answers (shapes the view renders; instants already formatted). */

export type ChartPatientRow = {
  id: number
  name: string
  email: string | null
  added: string
  href: string
  deleteHref: string
  selected: boolean
}

export type ChartAccessEntry = { id: number; action: string; when: string }

export type ChartNoteRow = {
  id: number
  title: string
  content: string
  noteType: string
  categoryLabel: string
  isPrivate: boolean
  date: string
  editHref: string
  deleteHref: string
}

/** The profile's optional fields, in the order the chart shows them. */
export const SHOWN_PROFILE_FIELDS = [
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

export type ShownProfileField = (typeof SHOWN_PROFILE_FIELDS)[number]

/**
 * A profile's optional fields that are filled, in the order the chart shows them (the Profile
 * tab and the exported record), each by its name for the reader's label. `dateOfBirth` is the
 * formatted calendar date.
 */
export function filledProfileFields(profile: PatientProfile, dateOfBirth: string | null) {
  return SHOWN_PROFILE_FIELDS.flatMap((field) => {
    const value = field === 'dateOfBirth' ? dateOfBirth : profile[field]
    return value ? [{ field, value }] : []
  })
}

/** `href` with one more parameter: where a dialog's form posts, so a refused form reopens it. */
export function withParam(href: string, name: string, value: string | number) {
  const [path, query = ''] = href.split('?')
  const params = new URLSearchParams(query)
  params.set(name, String(value))
  return `${path}?${params.toString()}`
}

export type ChartDocumentRow = {
  id: number
  name: string
  kind: DocumentKind
  size: string
  date: string
  description: string | null
  downloadHref: string
  deleteHref: string
}

/** A stored consultation as the AI tab shows it (instants already formatted). */
export type ChartConsultation = {
  id: number
  question: string
  response: string
  summary: string | null
  isDemo: boolean
  askedAt: string
}

export type ChartAi = {
  /** The tab's own address (no answer on show): Clear goes here, the JS path builds on it. */
  href: string
  apiUrl: string
  /** What the box starts with: an example picked without JavaScript, or '' */
  question: string
  examples: { text: string; href: string }[]
  /** The answer on show, or null once cleared. */
  result: ChartConsultation | null
  earlier: ChartConsultation[]
}

/** A sent intake as the Intake tab shows it (instants already formatted). */
export type ChartIntakeRow = {
  id: number
  title: string
  version: number
  serviceName: string
  sentAt: string
  signedAt: string | null
  questions: IntakeQuestion[]
  answers: IntakeAnswers
}

export type ChartPatient = {
  profile: PatientProfile
  /** The date of birth as a calendar date ('Apr 12, 1985'), no zone involved. */
  dateOfBirth: string | null
  tab: ChartTab
  profileHref: string
  notesHref: string
  docsHref: string
  intakeHref: string
  aiHref: string
  exportHref: string
  editHref: string
  newNoteHref: string
  history: { entries: ChartAccessEntry[]; olderHref: string | null; newestHref: string | null } | null
  notes: ChartNoteRow[]
  documents: ChartDocumentRow[]
  /** The intake forms the patient sent, as a client of this practitioner, oldest first. */
  intake: ChartIntakeRow[]
  /** The AI tab's content, when it is the tab shown. */
  ai: ChartAi | null
  /** Where the upload form posts (the current view plus `?upload=1`). */
  uploadAction: string
  /** Where Download goes while the last password or code is over ten minutes old; null after. */
  verifyDownloadsHref: string | null
}
