import { Form, useLocation, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { SubmitButton } from '~/components/form-shell'
import { useFormats } from '~/components/i18n/use-formats'
import { Badge } from '~/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { receiptTitleIn, type ReceiptKind } from '~/models/billing/receipt'

/** Earnings' "Send again" form: one receipt, emailed to its client once more. */
export const SEND_RECEIPT_INTENT = 'send-receipt'

export type ReceiptRow = {
  id: number
  kind: ReceiptKind
  number: number
  issuedAt: string
  /** Negative on a refund receipt. */
  totalCents: number
  clientName: string
  serviceName: string
}

const PAGE_LINK = 'font-medium text-primary underline-offset-4 hover:underline'

/** This page's address with one query parameter changed (the others, the year shown, kept). */
export function withParam(pathname: string, search: string, key: string, value: string | null) {
  const params = new URLSearchParams(search)
  if (value === null) params.delete(key)
  else params.set(key, value)
  const query = params.toString()
  return query ? `${pathname}?${query}` : pathname
}

function SendAgain({ receiptId }: { receiptId: number }) {
  const { t } = useTranslation('billing')
  const navigation = useNavigation()
  const pending =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === SEND_RECEIPT_INTENT &&
    navigation.formData.get('receiptId') === String(receiptId)
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={SEND_RECEIPT_INTENT} />
      <input type="hidden" name="receiptId" value={receiptId} />
      <SubmitButton variant="outline" size="sm" pending={pending} pendingText={t('earnings.sending')}>
        {t('earnings.sendAgain')}
      </SubmitButton>
    </Form>
  )
}

/** The receipts the practitioner issued, newest first, a page at a time (`?receiptsPage=`). */
export function ReceiptsCard({
  receipts,
  page,
  pageCount,
  timeZone,
}: {
  receipts: ReceiptRow[]
  page: number
  pageCount: number
  timeZone: string
}) {
  const { t } = useTranslation('billing')
  const { date, signedMoney } = useFormats()
  const { pathname, search } = useLocation()
  const pageHref = (n: number) => withParam(pathname, search, 'receiptsPage', n === 1 ? null : String(n))
  const title = (receipt: ReceiptRow) => receiptTitleIn(t, receipt)
  return (
    <Card role="region" aria-labelledby="receipts-title">
      <CardHeader>
        <CardTitle id="receipts-title">{t('earnings.receiptsTitle')}</CardTitle>
        <CardDescription>{t('earnings.receiptsDescription', { zone: timeZone })}</CardDescription>
      </CardHeader>
      <CardContent>
        {receipts.length ? (
          <ul className="divide-y divide-border">
            {receipts.map((receipt) => (
              <li
                key={receipt.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
                data-testid="receipt"
              >
                <div>
                  <p className="flex items-center gap-2 font-medium">
                    {title(receipt)}
                    {receipt.kind === 'refund' ? <Badge tone="warning">{t('receipts.refundBadge')}</Badge> : null}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {receipt.clientName} · {receipt.serviceName} ·{' '}
                    <time dateTime={receipt.issuedAt}>{date(receipt.issuedAt, timeZone)}</time>
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-3">
                  <span className="font-medium tabular-nums">{signedMoney(receipt.totalCents)}</span>
                  <a
                    href={`/receipts/${receipt.id}.pdf`}
                    className="text-sm font-medium text-primary underline-offset-4 hover:underline"
                    aria-label={t('receipts.downloadLabel', { title: title(receipt) })}
                  >
                    {t('receipts.download')}
                  </a>
                  <SendAgain receiptId={receipt.id} />
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t('receipts.empty')}</p>
        )}
        {pageCount > 1 ? (
          <nav aria-label={t('earnings.pagesLabel')} className="mt-4 flex items-center justify-between gap-3 text-sm">
            {page > 1 ? (
              <Link to={pageHref(page - 1)} rel="prev" preventScrollReset className={PAGE_LINK}>
                {t('earnings.newer')}
              </Link>
            ) : (
              <span />
            )}
            <span className="text-muted-foreground">{t('earnings.page', { page, count: pageCount })}</span>
            {page < pageCount ? (
              <Link to={pageHref(page + 1)} rel="next" preventScrollReset className={PAGE_LINK}>
                {t('earnings.older')}
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </CardContent>
    </Card>
  )
}
