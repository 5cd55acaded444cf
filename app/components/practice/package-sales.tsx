import { Form } from '@remix-run/react'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { packagesHref, REFUND_PACKAGE_INTENT } from './package-links'

export type SoldPackage = {
  id: number
  clientName: string
  serviceName: string
  sessions: number
  remaining: number
  used: number
  refunded: number
  delivered: number
  unused: number
  paid: string
  refundedAmount: string | null
  validUntil: string
  expired: boolean
}

/** The packages a practitioner sold: balances, sessions delivered, and refunding the unused ones. */
export function PackageSalesCard({ sold, refunding }: { sold: SoldPackage[]; refunding: number | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Packages sold</CardTitle>
        <CardDescription>What each client holds, and the sessions delivered against it.</CardDescription>
      </CardHeader>
      <CardContent>
        {sold.length ? (
          <ul className="divide-y divide-border">
            {sold.map((h) => (
              <li key={h.id} className="space-y-2 py-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div>
                    <p className="font-medium">{`${h.clientName} · ${h.serviceName}`}</p>
                    <p className="text-sm text-muted-foreground">
                      {`${h.delivered} of ${h.sessions} sessions delivered · ${h.remaining} left · ${h.expired ? 'expired' : 'valid until'} ${h.validUntil} · paid ${h.paid}`}
                      {h.refundedAmount ? ` · refunded ${h.refundedAmount}` : ''}
                    </p>
                  </div>
                  {h.unused > 0 ? (
                    <ButtonLink to={packagesHref({ refund: h.id })} variant="outline" size="sm" preventScrollReset>
                      Refund unused sessions
                    </ButtonLink>
                  ) : null}
                </div>
                {refunding === h.id && h.unused > 0 ? (
                  <Form method="post" className="space-y-2 rounded-md bg-muted p-3" preventScrollReset>
                    <input type="hidden" name="intent" value={REFUND_PACKAGE_INTENT} />
                    <input type="hidden" name="holdingId" value={h.id} />
                    <p className="text-sm">
                      {`Refund ${h.unused} unused session(s) to ${h.clientName}? Their share of the price goes back to them, with our fee on it.`}
                    </p>
                    <div className="flex gap-2">
                      <Button type="submit" size="sm" variant="destructive">
                        Refund sessions
                      </Button>
                      <Link to={packagesHref()} className="self-center text-sm underline">
                        Keep them
                      </Link>
                    </div>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No package sold yet.</p>
        )}
      </CardContent>
    </Card>
  )
}
