import { parseWithZod } from '@conform-to/zod/v4'
import { redirect } from '@remix-run/node'
import { AppError } from '~/lib/errors'
import { readForm } from '~/lib/form-data.server'
import { formId, invalid, refused, refuseWithRedirect, unknownForm } from '~/lib/forms.server'
import { requestLanguage } from '~/lib/i18n/language.server'
import { msg, type Message } from '~/lib/i18n/message'
import { idFromParam } from '~/lib/route-params'
import { redirectWithToast } from '~/lib/toast.server'
import type { PublicUser } from '~/models/accounts/user'
import { BOOKING_NOT_FOUND } from '~/models/booking/payments.server'
import {
  AI_CONSULT_COMPLETE,
  AI_CONSULT_FAILED,
  AI_NO_PATIENT_SELECTED,
  AI_QUESTION_REQUIRED,
  AI_QUESTION_REQUIRED_TITLE,
  AiConsultSchema,
} from '~/models/records/ai-consult'
import { consultAi } from '~/models/records/ai-consult.server'
import { clearedAsNull } from '~/models/records/chart-format.server'
import {
  AI_CONSULT_INTENT,
  chartHref,
  CREATE_NOTE_INTENT,
  CREATE_PATIENT_INTENT,
  DELETE_DOCUMENT_INTENT,
  DELETE_NOTE_INTENT,
  DELETE_PATIENT_INTENT,
  OPEN_CHART_INTENT,
  OPEN_CHART_NEW_NOTE,
  OPEN_CHART_THEN,
  UPDATE_NOTE_INTENT,
  UPDATE_PATIENT_INTENT,
  UPLOAD_DOCUMENT_INTENT,
  UPLOAD_PARAM,
  type ChartState,
} from '~/models/records/chart-links'
import {
  DOCUMENT_DELETED,
  DOCUMENT_NOT_FOUND,
  DOCUMENT_UPLOAD_FAILED,
  DOCUMENT_UPLOADED,
} from '~/models/records/document'
import { deleteDocument, uploadDocument } from '~/models/records/documents.server'
import { createNote, deleteNote, updateNote } from '~/models/records/notes.server'
import * as texts from '~/models/records/patient'
import { PatientNoteSchema, PatientProfileSchema } from '~/models/records/patient'
import { createPatient, deletePatient, openChartForBooking, updatePatient } from '~/models/records/patients.server'
import { viewState } from './chart-data.server'

const success = (to: string, title: Message) => redirectWithToast(to, { type: 'success', title })
/** The refusals' toast title (the reason is its text). */
const ERROR = msg('common:toast.error')

/**
 * Every form of the Patient Charting screen, told apart by `intent`, except the document
 * upload: its body streams straight into storage, so it is known by its address (`?upload=1`)
 * and never read as a form first. Each goes back to the view it came from with the spec's toast.
 */
export async function chartAction(request: Request, user: PublicUser) {
  const params = new URL(request.url).searchParams
  const view = viewState(params)
  if (params.has(UPLOAD_PARAM)) return uploadAction(request, user, view)

  const formData = await readForm(request)
  const intent = String(formData.get('intent') ?? '')

  if (intent === OPEN_CHART_INTENT) {
    try {
      const patient = openChartForBooking(user.id, formId(formData, 'bookingId', BOOKING_NOT_FOUND))
      const forNote = formData.get(OPEN_CHART_THEN) === OPEN_CHART_NEW_NOTE
      return redirect(chartHref(forNote ? { patient, tab: 'notes', newNote: true } : { patient }))
    } catch (error) {
      return refuseWithRedirect('/practitioner/dashboard', error, ERROR)
    }
  }
  if (intent === AI_CONSULT_INTENT) return aiConsultAction(request, formData, user, view)
  if (intent === CREATE_PATIENT_INTENT || intent === UPDATE_PATIENT_INTENT) {
    const submission = parseWithZod(formData, { schema: PatientProfileSchema })
    if (submission.status !== 'success') return invalid(submission)
    try {
      if (intent === CREATE_PATIENT_INTENT) {
        const created = createPatient(user.id, submission.value)
        return success(chartHref({ patient: created.id }), texts.PATIENT_CREATED)
      }
      const id = formId(formData, 'patientId', texts.PATIENT_NOT_FOUND)
      updatePatient(user.id, id, clearedAsNull(submission.value))
      return success(chartHref({ ...view, patient: id, tab: 'profile' }), texts.PATIENT_UPDATED)
    } catch (error) {
      return refused(submission, error, ERROR)
    }
  }
  if (intent === CREATE_NOTE_INTENT || intent === UPDATE_NOTE_INTENT) {
    const submission = parseWithZod(formData, { schema: PatientNoteSchema })
    if (submission.status !== 'success') return invalid(submission)
    try {
      let patientId: number
      if (intent === CREATE_NOTE_INTENT) {
        patientId = formId(formData, 'patientId', texts.PATIENT_NOT_FOUND)
        createNote(user.id, patientId, submission.value)
      } else {
        const noteId = formId(formData, 'noteId', texts.NOTE_NOT_FOUND)
        patientId = updateNote(user.id, noteId, submission.value).patientProfileId
      }
      const to = chartHref({ ...view, patient: patientId, tab: 'notes' })
      return success(to, intent === CREATE_NOTE_INTENT ? texts.NOTE_CREATED : texts.NOTE_UPDATED)
    } catch (error) {
      return refused(submission, error, ERROR)
    }
  }
  if (intent === DELETE_PATIENT_INTENT) {
    const back = chartHref(view)
    try {
      const id = formId(formData, 'patientId', texts.PATIENT_NOT_FOUND)
      await deletePatient(user.id, id)
      const to = view.patient === id ? chartHref({ q: view.q, page: view.page }) : back
      return success(to, texts.PATIENT_DELETED)
    } catch (error) {
      return refuseWithRedirect(back, error, ERROR)
    }
  }
  if (intent === DELETE_NOTE_INTENT || intent === DELETE_DOCUMENT_INTENT) {
    const note = intent === DELETE_NOTE_INTENT
    const back = chartHref({ ...view, tab: note ? 'notes' : 'docs' })
    try {
      if (note) deleteNote(user.id, formId(formData, 'noteId', texts.NOTE_NOT_FOUND))
      else await deleteDocument(user.id, formId(formData, 'documentId', DOCUMENT_NOT_FOUND))
      return success(back, note ? texts.NOTE_DELETED : DOCUMENT_DELETED)
    } catch (error) {
      return refuseWithRedirect(back, error, ERROR)
    }
  }
  throw unknownForm()
}

/**
 * Ask AI without JavaScript: the page waits for the whole answer (the AI call has its own
 * deadline), then shows it with its toast. With JavaScript the tab streams it from the /api twin.
 */
async function aiConsultAction(request: Request, formData: FormData, user: PublicUser, view: ChartState) {
  const submission = parseWithZod(formData, { schema: AiConsultSchema })
  if (submission.status !== 'success') {
    return refused(submission, new AppError(AI_QUESTION_REQUIRED, 400, 'question'), AI_QUESTION_REQUIRED_TITLE)
  }
  try {
    const patientId = idFromParam(String(formData.get('patientId') ?? ''))
    if (patientId === null) throw new AppError(AI_NO_PATIENT_SELECTED, 400)
    // Answered in the page's language (the prompt asks the model for it).
    const language = requestLanguage(request, user)
    const consultation = await consultAi(user.id, patientId, submission.value.question, { language })
    const to = chartHref({ ...view, patient: patientId, tab: 'ai', consultation: consultation.id })
    return success(to, AI_CONSULT_COMPLETE)
  } catch (error) {
    return refused(submission, error, ERROR, { fallback: AI_CONSULT_FAILED })
  }
}

/** The upload form without JavaScript (with it, the page sends each file to the /api twin). */
async function uploadAction(request: Request, user: PublicUser, view: ChartState) {
  try {
    if (!view.patient) throw new AppError(texts.PATIENT_NOT_FOUND, 404)
    await uploadDocument(user.id, view.patient, request)
    return success(chartHref({ ...view, tab: 'docs' }), DOCUMENT_UPLOADED)
  } catch (error) {
    return refused({ initialValue: { intent: UPLOAD_DOCUMENT_INTENT } }, error, ERROR, {
      fallback: DOCUMENT_UPLOAD_FAILED,
    })
  }
}
