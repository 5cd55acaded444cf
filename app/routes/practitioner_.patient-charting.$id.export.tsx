import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary, NotFound } from '~/components/error-boundary'
import { IntakeSummary } from '~/components/intake/intake-summary'
import { ButtonLink, Button } from '~/components/ui/button'
import { useHydrated } from '~/components/use-hydrated'
import { idFromParam } from '~/lib/route-params'
import { viewerTimeZone } from '~/lib/time-zone.server'
import { requirePractitioner } from '~/models/accounts/auth.server'
import { listPatientIntake } from '~/models/intake/intake-responses.server'
import { recordPatientView } from '~/models/records/audit.server'
import { calendarDateLabel, categoryLabel, instantLabel } from '~/models/records/chart-format.server'
import { chartHref, filledProfileFields } from '~/models/records/chart-links'
import { DOCUMENTS_EMPTY, formatFileSize } from '~/models/records/document'
import { listPatientDocuments } from '~/models/records/documents.server'
import { listPatientNotes } from '~/models/records/notes.server'
import { PATIENT_NOT_FOUND } from '~/models/records/patient'
import { getPatient } from '~/models/records/patients.server'
import { requireRecentVerification } from '~/models/security/recent-verification.server'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.name} — patient record — Solace` : 'Patient record — Solace' },
]

/**
 * 'Export record': the whole chart of one patient on a page made for printing or saving as a
 * PDF (print CSS drops the buttons): the profile, every note (private ones marked), the intake
 * forms the patient sent and the document list. Only its practitioner; exporting is viewing, so
 * it is in the access trail.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePractitioner(request)
  await requireRecentVerification(request)
  const id = idFromParam(params.id)
  const patient = id === null ? null : getPatient(user.id, id)
  if (!patient) throw Response.json({ message: PATIENT_NOT_FOUND }, { status: 404 })
  await recordPatientView(user.id, patient.id)
  const timeZone = viewerTimeZone(request, user)
  const p = patient
  return {
    name: `${p.firstName} ${p.lastName}`,
    backHref: chartHref({ patient: p.id }),
    exportedAt: instantLabel(new Date().toISOString(), timeZone),
    fields: filledProfileFields(p, p.dateOfBirth ? calendarDateLabel(p.dateOfBirth) : null),
    notes: listPatientNotes(user.id, p.id).map((n) => ({
      id: n.id,
      title: n.title,
      content: n.content,
      category: categoryLabel(n.noteType),
      isPrivate: n.isPrivate,
      date: instantLabel(n.createdAt, timeZone),
    })),
    intake: listPatientIntake(user.id, p.id).map((i) => ({
      id: i.id,
      title: i.title,
      version: i.version,
      serviceName: i.serviceName,
      sentAt: instantLabel(i.sentAt, timeZone),
      signedAt: i.consent ? instantLabel(i.consent.at, timeZone) : null,
      questions: i.questions,
      answers: i.answers,
    })),
    documents: listPatientDocuments(user.id, p.id).map((d) => ({
      id: d.id,
      name: d.originalName,
      size: formatFileSize(d.fileSize),
      date: instantLabel(d.createdAt, timeZone),
      description: d.description,
    })),
  }
}

export default function PatientRecordExport() {
  const data = useLoaderData<typeof loader>()
  const hydrated = useHydrated()
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-8 px-6 py-10 print:max-w-none print:p-0">
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <ButtonLink to={data.backHref} variant="outline" size="sm">
          Back to chart
        </ButtonLink>
        {hydrated ? (
          <Button size="sm" onClick={() => window.print()}>
            Print or save as PDF
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">
            Use your browser&apos;s Print command to print or save as PDF.
          </p>
        )}
      </div>
      <header>
        <h1 className="text-2xl font-bold">{data.name}</h1>
        <p className="text-sm text-muted-foreground">Patient record, exported {data.exportedAt}</p>
      </header>
      <section aria-labelledby="export-profile" className="break-inside-avoid">
        <h2 id="export-profile" className="mb-2 text-lg font-semibold">
          Profile
        </h2>
        <dl className="grid gap-3 sm:grid-cols-2">
          {data.fields.map(({ label, value }) => (
            <div key={label}>
              <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
              <dd className="whitespace-pre-wrap">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="export-notes">
        <h2 id="export-notes" className="mb-2 text-lg font-semibold">
          Notes ({data.notes.length})
        </h2>
        {data.notes.length === 0 ? <p className="text-sm text-muted-foreground">No notes yet</p> : null}
        <ol className="space-y-4">
          {data.notes.map((note) => (
            <li key={note.id} className="break-inside-avoid border-b border-border pb-3">
              <h3 className="font-medium">
                {note.title}{' '}
                <span className="text-sm font-normal text-muted-foreground">
                  · {note.category} · {note.date}
                  {note.isPrivate ? ' · Private note' : ''}
                </span>
              </h3>
              <p className="mt-1 whitespace-pre-wrap">{note.content}</p>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="export-intake">
        <h2 id="export-intake" className="mb-2 text-lg font-semibold">
          Intake forms ({data.intake.length})
        </h2>
        {data.intake.length === 0 ? <p className="text-sm text-muted-foreground">No intake answers yet</p> : null}
        <ol className="space-y-4">
          {data.intake.map((intake) => (
            <li key={intake.id} className="break-inside-avoid space-y-2 border-b border-border pb-3">
              <h3 className="font-medium">
                {intake.title}{' '}
                <span className="text-sm font-normal text-muted-foreground">
                  {`· sent ${intake.sentAt} before "${intake.serviceName}" · version ${intake.version}`}
                </span>
              </h3>
              <IntakeSummary questions={intake.questions} answers={intake.answers} signedAt={intake.signedAt} />
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="export-documents">
        <h2 id="export-documents" className="mb-2 text-lg font-semibold">
          Documents ({data.documents.length})
        </h2>
        {data.documents.length === 0 ? <p className="text-sm text-muted-foreground">{DOCUMENTS_EMPTY}</p> : null}
        <ul className="space-y-1">
          {data.documents.map((doc) => (
            <li key={doc.id}>
              {doc.name} · {doc.size} · {doc.date}
              {doc.description ? ` — ${doc.description}` : ''}
            </li>
          ))}
        </ul>
      </section>
    </main>
  )
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <NotFound
            title={PATIENT_NOT_FOUND}
            hint="There is no patient record at this address."
            back={{ to: '/practitioner/patient-charting', label: 'Back to Patient Charting' }}
          />
        ),
      }}
    />
  )
}
