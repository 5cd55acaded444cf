import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ReceiptList } from '~/components/billing/receipt-list'
import { metaT } from '~/lib/i18n/meta'
import { requireUser } from '~/models/accounts/auth.server'
import { receiptPdfUrl, yearPdfUrl } from '~/models/billing/receipt-links'
import { listReceipts, receiptYears } from '~/models/billing/receipts-read.server'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'billing')('titles.receipts') }]

/**
 * Receipts: what the signed-in person paid for, newest first, a page at a time (`?page=`), with
 * each file and each year's in one. Everyone in the client area sees the receipts they paid, a
 * practitioner who booked someone else's session included (those they issued are on their
 * earnings screen). The receipts' words (dates, a package's name) come in the reader's language.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const requested = Number(new URL(request.url).searchParams.get('page') ?? 1)
  const { receipts, page, pageCount } = listReceipts({ id: user.id, isPractitioner: false }, requested)
  return {
    page,
    pageCount,
    receipts: receipts.map((r) => ({
      id: r.id,
      number: r.number,
      kind: r.kind,
      totalCents: r.totalCents,
      issuedOn: r.issuedOn,
      service: r.service,
      practitionerName: r.practitionerName,
      pdfUrl: receiptPdfUrl(r.id),
    })),
    years: receiptYears(user.id).map((year) => ({ year, pdfUrl: yearPdfUrl(year) })),
  }
}

export default function Receipts() {
  const { receipts, years, page, pageCount } = useLoaderData<typeof loader>()
  const { t } = useTranslation('billing')
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t('receipts.heading')}</h1>
        <p className="text-muted-foreground">{t('receipts.intro')}</p>
      </div>
      <ReceiptList receipts={receipts} years={years} page={page} pageCount={pageCount} />
    </div>
  )
}
