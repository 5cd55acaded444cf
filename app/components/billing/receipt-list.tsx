import { useTranslation } from 'react-i18next'
import { useFormats } from '~/components/i18n/use-formats'
import { Pagination } from '~/components/marketplace/pagination'
import { Badge } from '~/components/ui/badge'
import { buttonClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { receiptTitleIn, type ReceiptKind } from '~/models/billing/receipt'

/** A receipt as the Receipts screen lists it (docs/decisions/049-receipts.md). */
export type ReceiptRow = {
  id: number
  number: number
  kind: ReceiptKind
  /** Negative for a refund receipt. */
  totalCents: number
  /** The receipt's own words, in the reader's language (the loader's). */
  issuedOn: string
  service: { name: string; date: string; time: string }
  practitionerName: string
  pdfUrl: string
}

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
  const { t } = useTranslation('billing')
  if (!receipts.length) {
    return (
      <Card className="p-10 text-center">
        <p className="text-lg font-medium">{t('receipts.empty')}</p>
        <p className="mt-1 text-sm text-muted-foreground">{t('receipts.emptyHint')}</p>
      </Card>
    )
  }
  return (
    <div className="space-y-6">
      {years.length ? (
        <p className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <span className="text-muted-foreground">{t('receipts.yearsIntro')}</span>
          {years.map(({ year, pdfUrl }) => (
            <a key={year} href={pdfUrl} download className="font-medium underline">
              {t('receipts.allOfYear', { year })}
            </a>
          ))}
        </p>
      ) : null}
      <ul className="space-y-3" aria-label={t('receipts.listLabel')}>
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
  const { t } = useTranslation('billing')
  const { signedMoney } = useFormats()
  const refund = r.kind === 'refund'
  const title = receiptTitleIn(t, r)
  return (
    <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="space-y-1">
        <div className="flex items-center gap-2">
          <h2 className="font-semibold">{title}</h2>
          {refund ? <Badge tone="warning">{t('receipts.refundBadge')}</Badge> : null}
        </div>
        <p className="text-sm">
          {t('receipts.session', {
            service: r.service.name,
            practitioner: r.practitionerName,
            date: r.service.date,
            time: r.service.time,
          })}
        </p>
        <p className="text-sm text-muted-foreground">{t('receipts.issued', { date: r.issuedOn })}</p>
      </div>
      <div className="flex items-center gap-4 sm:flex-col sm:items-end sm:gap-2">
        <p className="font-semibold tabular-nums">{signedMoney(r.totalCents)}</p>
        <a
          href={r.pdfUrl}
          download
          className={buttonClass({ variant: 'outline', size: 'sm' })}
          aria-label={t('receipts.downloadLabel', { title })}
        >
          {t('receipts.download')}
        </a>
      </div>
    </Card>
  )
}
