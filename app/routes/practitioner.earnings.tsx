import { useLoaderData } from '@remix-run/react'
import { StatCard } from '~/components/stat-card'
import { Badge } from '~/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { formatDate } from '~/lib/dates'
import { formatEarnings } from '~/lib/money'
import { requirePractitioner } from '~/models/accounts/auth.server'
import { getEarningsSummary, listPayouts } from '~/models/practice/earnings.server'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = () => [{ title: 'Earnings — Solace' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePractitioner(request)
  return {
    timeZone: user.timeZone,
    summary: getEarningsSummary(user.id),
    payouts: listPayouts(user.id).map((payout) => ({ ...payout, createdAt: payout.createdAt.toISOString() })),
  }
}

/** A payout's status: 'paid' is a primary badge, any other status a secondary one. */
function PayoutStatus({ status }: { status: string }) {
  return <Badge tone={status === 'paid' ? 'default' : 'secondary'}>{status.replace(/_/g, ' ')}</Badge>
}

export default function PractitionerEarningsPage() {
  const { summary, payouts, timeZone } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Earnings</h1>
        <p className="text-muted-foreground">What your sessions have earned, and the transfers to your account.</p>
      </div>
      <section aria-label="Earnings summary" className="grid gap-4 sm:grid-cols-3">
        <StatCard
          label="Total Earnings"
          value={formatEarnings(summary.totalEarningsCents)}
          hint="After the 5% platform fee and any refunds"
        />
        <StatCard
          label="Upcoming Session Earnings"
          value={formatEarnings(summary.pendingEarningsCents)}
          hint="Paid sessions not yet completed"
        />
        <StatCard label="Completed Sessions" value={summary.completedBookings} />
      </section>
      <Card role="region" aria-labelledby="transfers-title">
        <CardHeader>
          <CardTitle id="transfers-title">Automatic Transfers</CardTitle>
          <CardDescription>
            Your share of each payment is sent to your payout account automatically. Dates are in {timeZone}.
          </CardDescription>
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
                    <p className="font-medium">{formatEarnings(payout.amountCents)}</p>
                    <p className="text-sm text-muted-foreground">
                      <time dateTime={payout.createdAt}>{formatDate(payout.createdAt, timeZone)}</time>
                    </p>
                  </div>
                  <PayoutStatus status={payout.status} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">No payouts yet.</p>
          )}
        </CardContent>
      </Card>
    </div>
  )
}
