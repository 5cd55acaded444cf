import { parseWithZod } from '@conform-to/zod/v4'
import { useActionData, useLoaderData } from '@remix-run/react'
import {
  calendarDateLabel,
  clearedAsNull,
  instantLabel,
  timeSince,
  accessLabel,
  categoryLabel,
} from '~/components/records/chart-format.server'
import {
  chartHref,
  CREATE_NOTE_INTENT,
  CREATE_PATIENT_INTENT,
  DELETE_NOTE_INTENT,
  DELETE_PATIENT_INTENT,
  UPDATE_NOTE_INTENT,
  UPDATE_PATIENT_INTENT,
  type ChartState,
  type ChartTab,
} from '~/components/records/chart-links'
import { DeleteNoteDialog } from '~/components/records/delete-note-dialog'
import { DeletePatientDialog } from '~/components/records/delete-patient-dialog'
import { NoteFormDialog } from '~/components/records/note-form-dialog'
import { PatientChart } from '~/components/records/patient-chart'
import { PatientFormDialog } from '~/components/records/patient-form-dialog'
import { PatientList } from '~/components/records/patient-list'
import { Toaster } from '~/components/toaster'
import { ButtonLink } from '~/components/ui/button'
import { ensurePrimary } from '~/integrations/litefs.server'
import { AppError } from '~/lib/errors'
import { readForm } from '~/lib/form-data.server'
import { invalid, refused, refuseWithRedirect } from '~/lib/forms.server'
import { idFromParam } from '~/lib/route-params'
import { viewerTimeZone } from '~/lib/time-zone.server'
import { redirectWithToast } from '~/lib/toast.server'
import { requirePractitioner } from '~/models/accounts/auth.server'
import { listPatientAccessHistory, recordPatientView } from '~/models/records/audit.server'
import { createNote, deleteNote, listPatientNotes, updateNote } from '~/models/records/notes.server'
import * as texts from '~/models/records/patient'
import { PatientNoteSchema, PatientProfileSchema } from '~/models/records/patient'
import { createPatient, deletePatient, getPatient, listPatients, updatePatient } from '~/models/records/patients.server'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = () => [{ title: 'Patient Charting — Solace' }]

/** The list and patient the URL shows (no dialog): where forms go back to and dialogs close to. */
function viewState(params: URLSearchParams): ChartState {
  const page = Number(params.get('page'))
  return {
    q: params.get('q')?.trim() || null,
    page: Number.isInteger(page) && page > 1 ? page : null,
    patient: idFromParam(params.get('patient') ?? undefined),
    tab: params.get('tab') === 'notes' ? 'notes' : 'profile',
  }
}

/**
 * Patient Charting: the practitioner's patients on the left, the selected one's profile or
 * notes on the right, every dialog in the URL. Another practitioner's patient id shows nothing,
 * like an unknown one. Opening a patient writes a 'view' row of the access trail.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePractitioner(request)
  const params = new URL(request.url).searchParams
  const timeZone = viewerTimeZone(request, user)
  const state = viewState(params)
  const list = listPatients(user.id, { search: state.q, page: state.page ?? 1 })
  const patient = state.patient ? getPatient(user.id, state.patient) : null
  const tab: ChartTab = state.tab ?? 'profile'
  const view: ChartState = { q: state.q, page: list.page, patient: patient?.id ?? null, tab }
  const at = (extra: ChartState) => chartHref({ ...view, ...extra })

  if (patient) {
    // A GET that writes: on a LiteFS replica this replays the request on the primary.
    await ensurePrimary()
    recordPatientView(user.id, patient.id)
  }
  const notes = patient ? listPatientNotes(user.id, patient.id) : []
  const before = idFromParam(params.get('before') ?? undefined)
  const history =
    patient && tab === 'profile' ? listPatientAccessHistory(user.id, patient.id, { cursor: before }) : null
  const deleteId = idFromParam(params.get('delete') ?? undefined)
  const deleting = deleteId === null ? null : getPatient(user.id, deleteId)
  const editNoteId = idFromParam(params.get('editNote') ?? undefined)
  const deleteNoteId = idFromParam(params.get('deleteNote') ?? undefined)

  return {
    here: at({}),
    total: list.total,
    q: state.q ?? '',
    patients: list.patients.map((p) => ({
      id: p.id,
      name: `${p.firstName} ${p.lastName}`,
      email: p.email,
      added: timeSince(p.createdAt),
      href: chartHref({ q: state.q, page: list.page, patient: p.id }),
      deleteHref: at({ delete: p.id }),
      selected: p.id === patient?.id,
    })),
    prevHref: list.page > 1 ? chartHref({ ...view, page: list.page - 1 }) : null,
    nextHref: list.page < list.pageCount ? chartHref({ ...view, page: list.page + 1 }) : null,
    pageLabel: list.pageCount > 1 ? `Page ${list.page} of ${list.pageCount}` : null,
    patient: patient && {
      profile: patient,
      dateOfBirth: patient.dateOfBirth ? calendarDateLabel(patient.dateOfBirth) : null,
      tab,
      profileHref: at({ tab: 'profile' }),
      notesHref: at({ tab: 'notes' }),
      editHref: at({ edit: true }),
      newNoteHref: at({ newNote: true }),
      history: history && {
        entries: history.entries.map((e) => ({
          id: e.id,
          action: accessLabel(e.action),
          when: instantLabel(e.createdAt, timeZone),
        })),
        olderHref: history.nextCursor ? at({ before: history.nextCursor }) : null,
        newestHref: before ? at({}) : null,
      },
      notes: notes.map((n) => ({
        id: n.id,
        title: n.title,
        content: n.content,
        noteType: n.noteType,
        categoryLabel: categoryLabel(n.noteType),
        isPrivate: n.isPrivate,
        date: instantLabel(n.createdAt, timeZone),
        editHref: at({ editNote: n.id }),
        deleteHref: at({ deleteNote: n.id }),
      })),
    },
    creating: params.has('new'),
    editing: patient && params.has('edit') ? patient : null,
    deleting: deleting && { id: deleting.id, name: `${deleting.firstName} ${deleting.lastName}` },
    addingNote: Boolean(patient && params.has('newNote')),
    editingNote: notes.find((n) => n.id === editNoteId) ?? null,
    deletingNote: notes.find((n) => n.id === deleteNoteId) ?? null,
  }
}

function idFrom(formData: FormData, field: string, notFound: string) {
  const id = idFromParam(String(formData.get(field) ?? ''))
  if (id === null) throw new AppError(notFound, 404)
  return id
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePractitioner(request)
  const formData = await readForm(request)
  const view = viewState(new URL(request.url).searchParams)
  const intent = String(formData.get('intent') ?? '')
  const success = (to: string, title: string) => redirectWithToast(to, { type: 'success', title })

  if (intent === CREATE_PATIENT_INTENT || intent === UPDATE_PATIENT_INTENT) {
    const submission = parseWithZod(formData, { schema: PatientProfileSchema })
    if (submission.status !== 'success') return invalid(submission)
    try {
      if (intent === CREATE_PATIENT_INTENT) {
        const created = createPatient(user.id, submission.value)
        return success(chartHref({ patient: created.id }), texts.PATIENT_CREATED)
      }
      const id = idFrom(formData, 'patientId', texts.PATIENT_NOT_FOUND)
      updatePatient(user.id, id, clearedAsNull(submission.value))
      return success(chartHref({ ...view, patient: id, tab: 'profile' }), texts.PATIENT_UPDATED)
    } catch (error) {
      return refused(submission, error, 'Error')
    }
  }
  if (intent === CREATE_NOTE_INTENT || intent === UPDATE_NOTE_INTENT) {
    const submission = parseWithZod(formData, { schema: PatientNoteSchema })
    if (submission.status !== 'success') return invalid(submission)
    try {
      let patientId: number
      if (intent === CREATE_NOTE_INTENT) {
        patientId = idFrom(formData, 'patientId', texts.PATIENT_NOT_FOUND)
        createNote(user.id, patientId, submission.value)
      } else {
        patientId = updateNote(
          user.id,
          idFrom(formData, 'noteId', texts.NOTE_NOT_FOUND),
          submission.value,
        ).patientProfileId
      }
      const to = chartHref({ ...view, patient: patientId, tab: 'notes' })
      return success(to, intent === CREATE_NOTE_INTENT ? texts.NOTE_CREATED : texts.NOTE_UPDATED)
    } catch (error) {
      return refused(submission, error, 'Error')
    }
  }
  if (intent === DELETE_PATIENT_INTENT) {
    const back = chartHref(view)
    try {
      const id = idFrom(formData, 'patientId', texts.PATIENT_NOT_FOUND)
      deletePatient(user.id, id)
      const to = view.patient === id ? chartHref({ q: view.q, page: view.page }) : back
      return success(to, texts.PATIENT_DELETED)
    } catch (error) {
      return refuseWithRedirect(back, error, 'Error')
    }
  }
  if (intent === DELETE_NOTE_INTENT) {
    const back = chartHref({ ...view, tab: 'notes' })
    try {
      deleteNote(user.id, idFrom(formData, 'noteId', texts.NOTE_NOT_FOUND))
      return success(back, texts.NOTE_DELETED)
    } catch (error) {
      return refuseWithRedirect(back, error, 'Error')
    }
  }
  throw new Response('Unknown form', { status: 400 })
}

export default function PatientChartingPage() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const resultFor = (intent: string) => (actionData?.result.initialValue?.intent === intent ? actionData.result : null)
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Patient Charting</h1>
          <p className="text-muted-foreground">Keep your patients&apos; profiles and notes in one place.</p>
        </div>
        <ButtonLink to={chartHref({ q: data.q, patient: data.patient?.profile.id, new: true })} preventScrollReset>
          Add Patient
        </ButtonLink>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <PatientList
          total={data.total}
          q={data.q}
          patients={data.patients}
          prevHref={data.prevHref}
          nextHref={data.nextHref}
          pageLabel={data.pageLabel}
        />
        {data.patient ? (
          <PatientChart chart={data.patient} />
        ) : (
          <section className="flex flex-col items-center justify-center rounded-lg border border-border bg-card p-10 text-center">
            <h2 className="text-lg font-semibold">Select a Patient</h2>
            <p className="mt-1 text-sm text-muted-foreground">
              Choose a patient from the list to view their profile and notes
            </p>
          </section>
        )}
      </div>
      <PatientFormDialog
        open={data.creating}
        patient={null}
        closeTo={data.here}
        lastResult={resultFor(CREATE_PATIENT_INTENT)}
      />
      <PatientFormDialog
        open={Boolean(data.editing)}
        patient={data.editing}
        closeTo={data.here}
        lastResult={resultFor(UPDATE_PATIENT_INTENT)}
      />
      <DeletePatientDialog patient={data.deleting} closeTo={data.here} />
      {data.patient ? (
        <>
          <NoteFormDialog
            open={data.addingNote}
            patientId={data.patient.profile.id}
            note={null}
            closeTo={data.here}
            lastResult={resultFor(CREATE_NOTE_INTENT)}
          />
          <NoteFormDialog
            open={Boolean(data.editingNote)}
            patientId={data.patient.profile.id}
            note={data.editingNote}
            closeTo={data.here}
            lastResult={resultFor(UPDATE_NOTE_INTENT)}
          />
          <DeleteNoteDialog note={data.deletingNote} closeTo={data.here} />
        </>
      ) : null}
      <Toaster toast={actionData?.toast} />
    </div>
  )
}
