import { type SubmissionResult } from '@conform-to/react'
import { buttonClass } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import type { ChartPatient } from '~/models/records/chart-links'
import { DOCUMENTS_EMPTY } from '~/models/records/document'
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
  return (
    <div className="space-y-4">
      <h3 className="font-semibold">Documents ({chart.documents.length})</h3>
      <DocumentUpload
        action={chart.uploadAction}
        apiUrl={`/api/patient-profiles/${chart.profile.id}/documents`}
        lastResult={uploadResult}
      />
      {chart.verifyDownloadsHref && chart.documents.length > 0 ? (
        <p className="text-sm text-muted-foreground">
          Downloading a document asks for your password again, as your last one was more than 10 minutes ago.
        </p>
      ) : null}
      {chart.documents.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{DOCUMENTS_EMPTY}</p>
      ) : (
        <ul className="max-h-96 space-y-2 overflow-y-auto" aria-label="Documents">
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
                    aria-label={`Download ${doc.name}`}
                    className={buttonClass({ variant: 'ghost', size: 'sm' })}
                  >
                    Download
                  </Link>
                ) : (
                  <a
                    href={doc.downloadHref}
                    download={doc.name}
                    aria-label={`Download ${doc.name}`}
                    className={buttonClass({ variant: 'ghost', size: 'sm' })}
                  >
                    Download
                  </a>
                )}
                <Link
                  to={doc.deleteHref}
                  preventScrollReset
                  aria-label={`Delete ${doc.name}`}
                  className={buttonClass({ variant: 'ghost', size: 'sm' }, 'text-destructive')}
                >
                  Delete
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
