import { Pagination } from '~/components/marketplace/pagination'
import { Badge } from '~/components/ui/badge'
import { buttonClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { formatSignedEarnings } from '~/lib/money'
import { receiptTitle, type ReceiptKind } from '~/models/billing/receipt'

/** A receipt as the Receipts screen lists it (docs/decisions/049-receipts.md). */
export type ReceiptRow = {
  id: number
  number: number
  kind: ReceiptKind
  /** Negative for a refund receipt. */
  totalCents: number
  issuedOn: string
  service: { name: string; date: string; time: string }
  practitionerName: string
  pdfUrl: string
}

export const NO_RECEIPTS = 'No receipts yet.'
export const NO_RECEIPTS_HINT =
  'A receipt appears here when a session is paid, and a refund receipt when a payment is refunded.'

/**
 * A client's receipts, newest first, each with its file to download (a plain link: the file is
 * an attachment, so it needs no script), the pages below, and a year's receipts as one file.
 */
export function ReceiptList({
  receipts,
  years,
  page,
  pageCount,
}: {
  receipts: ReceiptRow[]
  years: { year: number; pdfUrl: string }[]
  page: number
  pageCount: number
}) {
  if (!receipts.length) {
    return (
      <Card className="p-10 text-center">
        <p className="text-lg font-medium">{NO_RECEIPTS}</p>
        <p className="mt-1 text-sm text-muted-foreground">{NO_RECEIPTS_HINT}</p>
      </Card>
    )
  }
  return (
    <div className="space-y-6">
      {years.length ? (
        <p className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <span className="text-muted-foreground">For a claim, every receipt of a year in one file:</span>
          {years.map(({ year, pdfUrl }) => (
            <a key={year} href={pdfUrl} download className="font-medium underline">
              All of {year}
            </a>
          ))}
        </p>
      ) : null}
      <ul className="space-y-3" aria-label="Receipts">
        {receipts.map((r) => (
          <li key={r.id}>
            <ReceiptItem receipt={r} />
          </li>
        ))}
      </ul>
      <Pagination page={page} pageCount={pageCount} />
    </div>
  )
}

function ReceiptItem({ receipt: r }: { receipt: ReceiptRow }) {
  const refund = r.kind === 'refund'
  const title = receiptTitle(r)
  return (
    <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="space-y-1">
        <div className="flex items-center gap-2">
          <h2 className="font-semibold">{title}</h2>
          {refund ? <Badge tone="warning">Refund</Badge> : null}
        </div>
        <p className="text-sm">
          {r.service.name} with {r.practitionerName}, {r.service.date} at {r.service.time}
        </p>
        <p className="text-sm text-muted-foreground">Issued {r.issuedOn}</p>
      </div>
      <div className="flex items-center gap-4 sm:flex-col sm:items-end sm:gap-2">
        <p className="font-semibold tabular-nums">{formatSignedEarnings(r.totalCents)}</p>
        <a
          href={r.pdfUrl}
          download
          className={buttonClass({ variant: 'outline', size: 'sm' })}
          aria-label={`Download ${title}`}
        >
          Download
        </a>
      </div>
    </Card>
  )
}
