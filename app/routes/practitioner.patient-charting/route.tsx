import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { DeleteDocumentDialog } from '~/components/records/delete-document-dialog'
import { DeleteNoteDialog } from '~/components/records/delete-note-dialog'
import { DeletePatientDialog } from '~/components/records/delete-patient-dialog'
import { NoteFormDialog } from '~/components/records/note-form-dialog'
import { PatientChart } from '~/components/records/patient-chart'
import { PatientFormDialog } from '~/components/records/patient-form-dialog'
import { PatientList } from '~/components/records/patient-list'
import { Toaster } from '~/components/toaster'
import { ButtonLink } from '~/components/ui/button'
import { metaT } from '~/lib/i18n/meta'
import { requirePractitioner } from '~/models/accounts/auth.server'
import {
  AI_CONSULT_INTENT,
  chartHref,
  CREATE_NOTE_INTENT,
  CREATE_PATIENT_INTENT,
  UPDATE_NOTE_INTENT,
  UPDATE_PATIENT_INTENT,
  UPLOAD_DOCUMENT_INTENT,
} from '~/models/records/chart-links'
import { chartAction } from './chart-actions.server'
import { loadChart } from './chart-data.server'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'records')('titles.charting') }]

/**
 * Patient Charting: the practitioner's patients on the left, the selected one's profile,
 * notes or documents on the right, every dialog in the URL (models/records/chart-links.ts).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadChart(request, await requirePractitioner(request))
}

export async function action({ request }: ActionFunctionArgs) {
  return chartAction(request, await requirePractitioner(request))
}

export default function PatientChartingPage() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation('records')
  const resultFor = (intent: string) => (actionData?.result.initialValue?.intent === intent ? actionData.result : null)
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{t('page.heading')}</h1>
          <p className="text-muted-foreground">{t('page.intro')}</p>
        </div>
        <ButtonLink to={chartHref({ q: data.q, patient: data.patient?.profile.id, new: true })} preventScrollReset>
          {t('page.addPatient')}
        </ButtonLink>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <PatientList
          total={data.total}
          q={data.q}
          patients={data.patients}
          prevHref={data.prevHref}
          nextHref={data.nextHref}
          pageLabel={data.pageLabel}
        />
        {data.patient ? (
          <PatientChart
            chart={data.patient}
            uploadResult={resultFor(UPLOAD_DOCUMENT_INTENT)}
            aiResult={resultFor(AI_CONSULT_INTENT)}
          />
        ) : (
          <section className="flex flex-col items-center justify-center rounded-lg border border-border bg-card p-10 text-center">
            <h2 className="text-lg font-semibold">{t('page.selectTitle')}</h2>
            <p className="mt-1 text-sm text-muted-foreground">{t('page.selectHint')}</p>
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
          <DeleteDocumentDialog document={data.deletingDocument} closeTo={data.here} />
        </>
      ) : null}
      <Toaster toast={actionData?.toast} />
    </div>
  )
}
