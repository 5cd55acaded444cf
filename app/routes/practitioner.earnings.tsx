import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useFormats } from '~/components/i18n/use-formats'
import { ReceiptsCard, SEND_RECEIPT_INTENT, type ReceiptRow } from '~/components/practice/earnings-receipts'
import { StatementCard } from '~/components/practice/earnings-statement'
import { PackageSalesCard } from '~/components/practice/package-sales'
import { StatCard } from '~/components/stat-card'
import { Toaster } from '~/components/toaster'
import { Badge } from '~/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { readForm } from '~/lib/form-data.server'
import { formId, refused, unknownForm } from '~/lib/forms.server'
import { msg } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
import { redirectWithToast } from '~/lib/toast.server'
import { requirePractitioner } from '~/models/accounts/auth.server'
import { RECEIPT_NOT_FOUND, receiptSent } from '~/models/billing/receipt'
import { sendReceiptAgain } from '~/models/billing/receipt-emails.server'
import { listReceipts } from '~/models/billing/receipts-read.server'
import { monthlyTotals, statementYears, yearIn } from '~/models/billing/statement.server'
import { soldPackageCards } from '~/models/packages/holdings.server'
import { getEarningsSummary, listPayouts } from '~/models/practice/earnings.server'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'practice')('titles.earnings') }]

const PAGE = '/practitioner/earnings'

/**
 * The page's own query, kept across a form's round trip: `?receiptsPage=` (the receipts list's
 * page) and `?year=` (the statement's year). Anything else is dropped.
 */
function pageQuery(url: URL) {
  const kept = new URLSearchParams()
  for (const key of ['receiptsPage', 'year']) {
    const value = url.searchParams.get(key)
    if (value && /^\d{1,4}$/.test(value)) kept.set(key, value)
  }
  const query = kept.toString()
  return query ? `${PAGE}?${query}` : PAGE
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePractitioner(request)
  const params = new URL(request.url).searchParams
  const thisYear = yearIn(user.timeZone)
  // The years with receipts and this one; a year asked for that is not one of them shows this one.
  const years = [...new Set([thisYear, ...statementYears(user.id, user.timeZone)])].sort((a, b) => b - a)
  const asked = Number(params.get('year'))
  const year = years.includes(asked) ? asked : thisYear
  const issued = listReceipts({ id: user.id, isPractitioner: true }, Number(params.get('receiptsPage')) || 1)
  return {
    timeZone: user.timeZone,
    summary: getEarningsSummary(user.id),
    payouts: listPayouts(user.id).map((payout) => ({ ...payout, createdAt: payout.createdAt.toISOString() })),
    receipts: issued.receipts.map((receipt): ReceiptRow => ({
      id: receipt.id,
      kind: receipt.kind,
      number: receipt.number,
      issuedAt: receipt.issuedAt.toISOString(),
      totalCents: receipt.totalCents,
      clientName: receipt.clientName,
      serviceName: receipt.service.name,
    })),
    receiptsPage: issued.page,
    receiptsPageCount: issued.pageCount,
    year,
    years,
    months: monthlyTotals(user.id, year, user.timeZone),
    packages: soldPackageCards(user.id, user.timeZone),
  }
}

/**
 * "Send again" on a receipt: emailed to its client once more, back to the page with a toast.
 * Refused (another's receipt: 404, too many in an hour: 429), the page answers with the reason
 * in an error toast and the status the rule gave.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePractitioner(request)
  const formData = await readForm(request)
  if (formData.get('intent') !== SEND_RECEIPT_INTENT) throw unknownForm()
  try {
    const title = await sendReceiptAgain(user, formId(formData, 'receiptId', RECEIPT_NOT_FOUND))
    return redirectWithToast(pageQuery(new URL(request.url)), { type: 'success', title: receiptSent(title) })
  } catch (error) {
    return refused({ initialValue: { intent: SEND_RECEIPT_INTENT } }, error, msg('practice:earnings.receiptNotSent'))
  }
}

const PAYOUT_STATUSES = ['paid', 'partially_reversed', 'reversed'] as const
const isPayoutStatus = (status: string): status is (typeof PAYOUT_STATUSES)[number] =>
  (PAYOUT_STATUSES as readonly string[]).includes(status)

/** A payout's status: 'paid' is a primary badge, any other status a secondary one. */
function PayoutStatus({ status }: { status: string }) {
  const { t } = useTranslation('practice')
  return (
    <Badge tone={status === 'paid' ? 'default' : 'secondary'}>
      {isPayoutStatus(status) ? t(`earnings.payoutStatuses.${status}`) : status.replace(/_/g, ' ')}
    </Badge>
  )
}

export default function PractitionerEarningsPage() {
  const { summary, payouts, timeZone, receipts, receiptsPage, receiptsPageCount, year, years, months, packages } =
    useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation('practice')
  const formats = useFormats()
  return (
    <div className="space-y-6">
      <Toaster toast={actionData?.toast} />
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t('earnings.title')}</h1>
        <p className="text-muted-foreground">{t('earnings.intro')}</p>
      </div>
      <section aria-label={t('earnings.summary')} className="grid gap-4 sm:grid-cols-3">
        <StatCard
          label={t('earnings.total')}
          value={formats.money(summary.totalEarningsCents)}
          hint={t('earnings.totalHint')}
        />
        <StatCard
          label={t('earnings.upcoming')}
          value={formats.money(summary.pendingEarningsCents)}
          hint={t('earnings.upcomingHint')}
        />
        <StatCard label={t('earnings.completed')} value={summary.completedBookings} />
      </section>
      <Card role="region" aria-labelledby="transfers-title">
        <CardHeader>
          <CardTitle id="transfers-title">{t('earnings.transfers')}</CardTitle>
          <CardDescription>{t('earnings.transfersDescription', { zone: timeZone })}</CardDescription>
        </CardHeader>
        <CardContent>
          {payouts.length ? (
            <ul className="divide-y divide-border">
              {payouts.map((payout) => (
                <li
                  key={payout.id}
                  className="flex flex-wrap items-center justify-between gap-3 py-3"
                  data-testid="payout"
                >
                  <div>
                    <p className="font-medium">{formats.money(payout.amountCents)}</p>
                    <p className="text-sm text-muted-foreground">
                      <time dateTime={payout.createdAt}>{formats.date(payout.createdAt, timeZone)}</time>
                    </p>
                  </div>
                  <PayoutStatus status={payout.status} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">{t('earnings.noPayouts')}</p>
          )}
        </CardContent>
      </Card>
      {packages.length ? <PackageSalesCard sold={packages} refunding={null} /> : null}
      <ReceiptsCard receipts={receipts} page={receiptsPage} pageCount={receiptsPageCount} timeZone={timeZone} />
      <StatementCard year={year} years={years} months={months} />
    </div>
  )
}
