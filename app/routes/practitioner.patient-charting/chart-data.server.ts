import { tFor } from '~/lib/i18n/i18n.server'
import { requestLanguage } from '~/lib/i18n/language.server'
import type { Language } from '~/lib/i18n/languages'
import { translateMessage } from '~/lib/i18n/message'
import { idFromParam } from '~/lib/route-params'
import { viewerTimeZone } from '~/lib/time-zone.server'
import type { PublicUser } from '~/models/accounts/user'
import { listPatientIntake } from '~/models/intake/intake-responses.server'
import { AI_EXAMPLE_QUESTIONS, AI_HISTORY_PAGE_SIZE } from '~/models/records/ai-consult'
import { listConsultations } from '~/models/records/ai-consult.server'
import { listPatientAccessHistory, recordPatientView } from '~/models/records/audit.server'
import {
  accessLabel,
  calendarDateLabel,
  categoryLabel,
  formatFileSize,
  instantLabel,
  timeSince,
} from '~/models/records/chart-format.server'
import {
  CHART_TABS,
  chartHref,
  UPLOAD_PARAM,
  withParam,
  type ChartAi,
  type ChartState,
  type ChartTab,
} from '~/models/records/chart-links'
import { documentKind } from '~/models/records/document'
import { listPatientDocuments } from '~/models/records/documents.server'
import { listPatientNotes } from '~/models/records/notes.server'
import { getPatient, listPatients } from '~/models/records/patients.server'
import { isRecentlyVerified, verifyPath } from '~/models/security/recent-verification.server'

/** The list and patient the URL shows (no dialog): where forms go back to and dialogs close to. */
export function viewState(params: URLSearchParams): ChartState {
  const page = Number(params.get('page'))
  const tab = params.get('tab')
  return {
    q: params.get('q')?.trim() || null,
    page: Number.isInteger(page) && page > 1 ? page : null,
    patient: idFromParam(params.get('patient') ?? undefined),
    tab: CHART_TABS.find((t) => t === tab) ?? 'profile',
  }
}

const idParam = (params: URLSearchParams, name: string) => idFromParam(params.get(name) ?? undefined)

/**
 * The AI tab: the answer on show (the one just asked for, until cleared), the earlier ones,
 * and the example questions as links that fill the box without JavaScript.
 */
function aiTab(
  practitionerId: number,
  patientId: number,
  params: URLSearchParams,
  href: string,
  timeZone: string,
  language: Language,
): ChartAi {
  const shown = idParam(params, 'consultation')
  const example = Number(params.get('example'))
  const examples = AI_EXAMPLE_QUESTIONS.map((question) => translateMessage(tFor(language), question))
  const consultations = listConsultations(practitionerId, patientId, { limit: AI_HISTORY_PAGE_SIZE + 1 }).map((c) => ({
    id: c.id,
    question: c.question,
    response: c.response,
    summary: c.summary,
    isDemo: c.isDemo,
    askedAt: instantLabel(c.createdAt, timeZone, language),
  }))
  const result = consultations.find((c) => c.id === shown) ?? null
  return {
    href,
    apiUrl: `/api/patient-profiles/${patientId}/ai-consult`,
    question: (params.has('example') && examples[example]) || '',
    examples: examples.map((text, i) => ({ text, href: withParam(href, 'example', i) })),
    result,
    earlier: consultations.filter((c) => c !== result).slice(0, AI_HISTORY_PAGE_SIZE),
  }
}

/**
 * What the Patient Charting screen shows for its URL: the page of the patient list, the
 * selected patient's record on its tab, and whichever dialog is open. Another practitioner's
 * patient id shows nothing, like an unknown one. Showing a patient records a view in the trail.
 */
export async function loadChart(request: Request, user: PublicUser) {
  const params = new URL(request.url).searchParams
  const timeZone = viewerTimeZone(request, user)
  // The page's language, as the root loader decides it: the texts made here are in it.
  const language = requestLanguage(request, user)
  const state = viewState(params)
  const list = listPatients(user.id, { search: state.q, page: state.page ?? 1 })
  const patient = state.patient ? getPatient(user.id, state.patient) : null
  const tab: ChartTab = state.tab ?? 'profile'
  const view: ChartState = { q: state.q, page: list.page, patient: patient?.id ?? null, tab }
  const at = (extra: ChartState) => chartHref({ ...view, ...extra })

  if (patient) await recordPatientView(user.id, patient.id)
  const notes = patient ? listPatientNotes(user.id, patient.id) : []
  const documents = patient ? listPatientDocuments(user.id, patient.id) : []
  const intake = patient ? listPatientIntake(user.id, patient.id) : []
  const before = idParam(params, 'before')
  const history =
    patient && tab === 'profile' ? listPatientAccessHistory(user.id, patient.id, { cursor: before }) : null
  const deletePatientId = idParam(params, 'delete')
  const patientToDelete = deletePatientId === null ? null : getPatient(user.id, deletePatientId)
  const editNoteId = idParam(params, 'editNote')
  const deleteNoteId = idParam(params, 'deleteNote')
  const deleteDocId = idParam(params, 'deleteDoc')
  const documentToDelete = documents.find((d) => d.id === deleteDocId)

  return {
    here: at({}),
    total: list.total,
    q: state.q ?? '',
    patients: list.patients.map((p) => ({
      id: p.id,
      name: `${p.firstName} ${p.lastName}`,
      email: p.email,
      added: timeSince(p.createdAt, Date.now(), language),
      href: chartHref({ q: state.q, page: list.page, patient: p.id }),
      deleteHref: at({ delete: p.id }),
      selected: p.id === patient?.id,
    })),
    prevHref: list.page > 1 ? chartHref({ ...view, page: list.page - 1 }) : null,
    nextHref: list.page < list.pageCount ? chartHref({ ...view, page: list.page + 1 }) : null,
    pageLabel:
      list.pageCount > 1 ? tFor(language, 'records')('list.pageOf', { page: list.page, count: list.pageCount }) : null,
    patient: patient && {
      profile: patient,
      dateOfBirth: patient.dateOfBirth ? calendarDateLabel(patient.dateOfBirth, language) : null,
      tab,
      profileHref: at({ tab: 'profile' }),
      notesHref: at({ tab: 'notes' }),
      docsHref: at({ tab: 'docs' }),
      intakeHref: at({ tab: 'intake' }),
      aiHref: at({ tab: 'ai' }),
      exportHref: `/practitioner/patient-charting/${patient.id}/export`,
      editHref: at({ edit: true }),
      newNoteHref: at({ newNote: true }),
      history: history && {
        entries: history.entries.map((e) => ({
          id: e.id,
          action: accessLabel(e.action, language),
          when: instantLabel(e.createdAt, timeZone, language),
        })),
        olderHref: history.nextCursor ? at({ before: history.nextCursor }) : null,
        newestHref: before ? at({}) : null,
      },
      notes: notes.map((n) => ({
        id: n.id,
        title: n.title,
        content: n.content,
        noteType: n.noteType,
        categoryLabel: categoryLabel(n.noteType, language),
        isPrivate: n.isPrivate,
        date: instantLabel(n.createdAt, timeZone, language),
        editHref: at({ editNote: n.id }),
        deleteHref: at({ deleteNote: n.id }),
      })),
      documents: documents.map((d) => ({
        id: d.id,
        name: d.originalName,
        kind: documentKind(d.fileType),
        size: formatFileSize(d.fileSize, language),
        date: instantLabel(d.createdAt, timeZone, language),
        description: d.description,
        downloadHref: `/api/patient-documents/${d.id}/download`,
        deleteHref: at({ deleteDoc: d.id }),
      })),
      intake: intake.map((i) => ({
        id: i.id,
        title: i.title,
        version: i.version,
        serviceName: i.serviceName,
        sentAt: instantLabel(i.sentAt, timeZone, language),
        signedAt: i.consent ? instantLabel(i.consent.at, timeZone, language) : null,
        questions: i.questions,
        answers: i.answers,
      })),
      uploadAction: withParam(at({ tab: 'docs' }), UPLOAD_PARAM, 1),
      // Downloads ask for a recent password or code (decision 042): until then each Download
      // goes to that step, which comes back to this tab.
      verifyDownloadsHref: (await isRecentlyVerified(request)) ? null : verifyPath(at({ tab: 'docs' })),
      ai: tab === 'ai' ? aiTab(user.id, patient.id, params, at({ tab: 'ai' }), timeZone, language) : null,
    },
    creating: params.has('new'),
    editing: patient && params.has('edit') ? patient : null,
    deleting: patientToDelete && {
      id: patientToDelete.id,
      name: `${patientToDelete.firstName} ${patientToDelete.lastName}`,
    },
    addingNote: Boolean(patient && params.has('newNote')),
    editingNote: notes.find((n) => n.id === editNoteId) ?? null,
    deletingNote: notes.find((n) => n.id === deleteNoteId) ?? null,
    deletingDocument: documentToDelete ? { id: documentToDelete.id, name: documentToDelete.originalName } : null,
  }
}
