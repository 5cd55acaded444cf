import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { GeneralErrorBoundary, NotFound } from '~/components/error-boundary'
import { IntakeSummary } from '~/components/intake/intake-summary'
import { useSay } from '~/components/records/use-say'
import { ButtonLink, Button } from '~/components/ui/button'
import { useHydrated } from '~/components/use-hydrated'
import { tFor } from '~/lib/i18n/i18n.server'
import { requestLanguage } from '~/lib/i18n/language.server'
import { translateMessage } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
import { idFromParam } from '~/lib/route-params'
import { viewerTimeZone } from '~/lib/time-zone.server'
import { requirePractitioner } from '~/models/accounts/auth.server'
import { listPatientIntake } from '~/models/intake/intake-responses.server'
import { recordPatientView } from '~/models/records/audit.server'
import { calendarDateLabel, categoryLabel, formatFileSize, instantLabel } from '~/models/records/chart-format.server'
import { chartHref, filledProfileFields } from '~/models/records/chart-links'
import { listPatientDocuments } from '~/models/records/documents.server'
import { listPatientNotes } from '~/models/records/notes.server'
import { PATIENT_NOT_FOUND } from '~/models/records/patient'
import { getPatient } from '~/models/records/patients.server'
import { requireRecentVerification } from '~/models/security/recent-verification.server'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches, 'records')
  return [{ title: data ? t('titles.export', { name: data.name }) : t('titles.exportUnknown') }]
}

/**
 * 'Export record': the whole chart of one patient on a page made for printing or saving as a
 * PDF (print CSS drops the buttons): the profile, every note (private ones marked), the intake
 * forms the patient sent and the document list. Only its practitioner; exporting is viewing, so
 * it is in the access trail. The record's own words (headings, labels, dates) are the file's,
 * in the language of the practitioner downloading it (`files:records.export`).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePractitioner(request)
  await requireRecentVerification(request)
  const id = idFromParam(params.id)
  const patient = id === null ? null : getPatient(user.id, id)
  const language = requestLanguage(request, user)
  if (!patient) {
    throw Response.json({ message: translateMessage(tFor(language), PATIENT_NOT_FOUND) }, { status: 404 })
  }
  await recordPatientView(user.id, patient.id)
  const timeZone = viewerTimeZone(request, user)
  const t = tFor(language, 'files')
  const exportedAt = instantLabel(new Date().toISOString(), timeZone, language)
  const p = patient
  const notes = listPatientNotes(user.id, p.id).map((n) => ({
    id: n.id,
    title: n.title,
    content: n.content,
    category: categoryLabel(n.noteType, language),
    isPrivate: n.isPrivate,
    date: instantLabel(n.createdAt, timeZone, language),
  }))
  const intake = listPatientIntake(user.id, p.id).map((i) => ({
    id: i.id,
    title: i.title,
    version: i.version,
    serviceName: i.serviceName,
    sentAt: instantLabel(i.sentAt, timeZone, language),
    signedAt: i.consent ? instantLabel(i.consent.at, timeZone, language) : null,
    questions: i.questions,
    answers: i.answers,
  }))
  const documents = listPatientDocuments(user.id, p.id).map((d) => ({
    id: d.id,
    name: d.originalName,
    size: formatFileSize(d.fileSize, language),
    date: instantLabel(d.createdAt, timeZone, language),
    description: d.description,
  }))
  return {
    name: `${p.firstName} ${p.lastName}`,
    backHref: chartHref({ patient: p.id }),
    exportedAt,
    fields: filledProfileFields(p, p.dateOfBirth ? calendarDateLabel(p.dateOfBirth, language) : null).map(
      ({ field, value }) => ({ label: t(`records.export.fields.${field}`), value }),
    ),
    notes,
    intake,
    documents,
    /** The record's headings, in the reader's language. */
    text: {
      exported: t('records.export.exported', { when: exportedAt }),
      profile: t('records.export.profile'),
      notes: t('records.export.notes', { count: notes.length }),
      noNotes: t('records.export.noNotes'),
      privateNote: t('records.export.privateNote'),
      intake: t('records.export.intake', { count: intake.length }),
      noIntake: t('records.export.noIntake'),
      intakeSent: intake.map((i) =>
        t('records.export.intakeSent', { sentAt: i.sentAt, service: i.serviceName, version: i.version }),
      ),
      documents: t('records.export.documents', { count: documents.length }),
      noDocuments: t('records.export.noDocuments'),
    },
  }
}

export default function PatientRecordExport() {
  const data = useLoaderData<typeof loader>()
  const hydrated = useHydrated()
  const { t } = useTranslation('records')
  const { text } = data
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-8 px-6 py-10 print:max-w-none print:p-0">
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <ButtonLink to={data.backHref} variant="outline" size="sm">
          {t('export.back')}
        </ButtonLink>
        {hydrated ? (
          <Button size="sm" onClick={() => window.print()}>
            {t('export.print')}
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">{t('export.printHint')}</p>
        )}
      </div>
      <header>
        <h1 className="text-2xl font-bold">{data.name}</h1>
        <p className="text-sm text-muted-foreground">{text.exported}</p>
      </header>
      <section aria-labelledby="export-profile" className="break-inside-avoid">
        <h2 id="export-profile" className="mb-2 text-lg font-semibold">
          {text.profile}
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
          {text.notes}
        </h2>
        {data.notes.length === 0 ? <p className="text-sm text-muted-foreground">{text.noNotes}</p> : null}
        <ol className="space-y-4">
          {data.notes.map((note) => (
            <li key={note.id} className="break-inside-avoid border-b border-border pb-3">
              <h3 className="font-medium">
                {note.title}{' '}
                <span className="text-sm font-normal text-muted-foreground">
                  · {note.category} · {note.date}
                  {note.isPrivate ? ` · ${text.privateNote}` : ''}
                </span>
              </h3>
              <p className="mt-1 whitespace-pre-wrap">{note.content}</p>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="export-intake">
        <h2 id="export-intake" className="mb-2 text-lg font-semibold">
          {text.intake}
        </h2>
        {data.intake.length === 0 ? <p className="text-sm text-muted-foreground">{text.noIntake}</p> : null}
        <ol className="space-y-4">
          {data.intake.map((intake, i) => (
            <li key={intake.id} className="break-inside-avoid space-y-2 border-b border-border pb-3">
              <h3 className="font-medium">
                {intake.title}{' '}
                <span className="text-sm font-normal text-muted-foreground">{`· ${text.intakeSent[i]}`}</span>
              </h3>
              <IntakeSummary questions={intake.questions} answers={intake.answers} signedAt={intake.signedAt} />
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="export-documents">
        <h2 id="export-documents" className="mb-2 text-lg font-semibold">
          {text.documents}
        </h2>
        {data.documents.length === 0 ? <p className="text-sm text-muted-foreground">{text.noDocuments}</p> : null}
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
  const { t } = useTranslation('records')
  const say = useSay()
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <NotFound
            title={say(PATIENT_NOT_FOUND)}
            hint={t('export.notFoundHint')}
            back={{ to: '/practitioner/patient-charting', label: t('export.backToCharting') }}
          />
        ),
      }}
    />
  )
}
