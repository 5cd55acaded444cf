import { type SubmissionResult } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import type { ChartPatient } from '~/models/records/chart-links'
import { DocumentIcon } from './document-icon'
import { DocumentUpload } from './document-upload'

/** The Docs tab: the upload area, then each document with its type, size, date, download and delete. */
export function PatientDocsTab({
  chart,
  uploadResult,
}: {
  chart: ChartPatient
  uploadResult: SubmissionResult<string[]> | null
}) {
  const { t } = useTranslation('records')
  return (
    <div className="space-y-4">
      <h3 className="font-semibold">{t('docs.heading', { count: chart.documents.length })}</h3>
      <DocumentUpload
        action={chart.uploadAction}
        apiUrl={`/api/patient-profiles/${chart.profile.id}/documents`}
        lastResult={uploadResult}
      />
      {chart.verifyDownloadsHref && chart.documents.length > 0 ? (
        <p className="text-sm text-muted-foreground">{t('docs.verifyHint')}</p>
      ) : null}
      {chart.documents.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{t('docs.empty')}</p>
      ) : (
        <ul className="max-h-96 space-y-2 overflow-y-auto" aria-label={t('docs.label')}>
          {chart.documents.map((doc) => (
            <li
              key={doc.id}
              data-testid="document"
              className="flex items-start gap-3 rounded-md border border-border p-3"
            >
              <DocumentIcon kind={doc.kind} className="size-8 text-muted-foreground" />
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words">{doc.name}</p>
                <p className="text-xs text-muted-foreground">
                  {doc.size} · {doc.date}
                </p>
                {doc.description ? <p className="mt-1 text-sm break-words">{doc.description}</p> : null}
              </div>
              <div className="flex shrink-0 gap-1">
                {chart.verifyDownloadsHref ? (
                  <Link
                    to={chart.verifyDownloadsHref}
                    aria-label={t('docs.downloadNamed', { name: doc.name })}
                    className={buttonClass({ variant: 'ghost', size: 'sm' })}
                  >
                    {t('docs.download')}
                  </Link>
                ) : (
                  <a
                    href={doc.downloadHref}
                    download={doc.name}
                    aria-label={t('docs.downloadNamed', { name: doc.name })}
                    className={buttonClass({ variant: 'ghost', size: 'sm' })}
                  >
                    {t('docs.download')}
                  </a>
                )}
                <Link
                  to={doc.deleteHref}
                  preventScrollReset
                  aria-label={t('docs.deleteNamed', { name: doc.name })}
                  className={buttonClass({ variant: 'ghost', size: 'sm' }, 'text-destructive')}
                >
                  {t('docs.delete')}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
