import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { packagesHref, REFUND_PACKAGE_INTENT } from './package-links'

export type SoldPackage = {
  id: number
  /** Null when the client's account is gone. */
  clientName: string | null
  serviceName: string
  sessions: number
  remaining: number
  used: number
  refunded: number
  delivered: number
  unused: number
  /** Money and the date as the page's language writes them (the loader's). */
  paid: string
  refundedAmount: string | null
  validUntil: string
  expired: boolean
}

/** The packages a practitioner sold: balances, sessions delivered, and refunding the unused ones. */
export function PackageSalesCard({ sold, refunding }: { sold: SoldPackage[]; refunding: number | null }) {
  const { t } = useTranslation('packages')
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('sold.title')}</CardTitle>
        <CardDescription>{t('sold.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {sold.length ? (
          <ul className="divide-y divide-border">
            {sold.map((h) => {
              const client = h.clientName ?? t('sold.formerClient')
              return (
                <li key={h.id} className="space-y-2 py-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <div>
                      <p className="font-medium">{`${client} · ${h.serviceName}`}</p>
                      <p className="text-sm text-muted-foreground">
                        {t(h.expired ? 'sold.balanceExpired' : 'sold.balance', {
                          delivered: h.delivered,
                          count: h.sessions,
                          left: h.remaining,
                          date: h.validUntil,
                          paid: h.paid,
                        })}
                        {h.refundedAmount ? t('sold.refunded', { amount: h.refundedAmount }) : ''}
                      </p>
                    </div>
                    {h.unused > 0 ? (
                      <ButtonLink to={packagesHref({ refund: h.id })} variant="outline" size="sm" preventScrollReset>
                        {t('sold.refundUnused')}
                      </ButtonLink>
                    ) : null}
                  </div>
                  {refunding === h.id && h.unused > 0 ? (
                    <Form method="post" className="space-y-2 rounded-md bg-muted p-3" preventScrollReset>
                      <input type="hidden" name="intent" value={REFUND_PACKAGE_INTENT} />
                      <input type="hidden" name="holdingId" value={h.id} />
                      <p className="text-sm">{t('sold.confirmRefund', { count: h.unused, client })}</p>
                      <div className="flex gap-2">
                        <Button type="submit" size="sm" variant="destructive">
                          {t('sold.refundSessions')}
                        </Button>
                        <Link to={packagesHref()} className="self-center text-sm underline">
                          {t('sold.keep')}
                        </Link>
                      </div>
                    </Form>
                  ) : null}
                </li>
              )
            })}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t('sold.none')}</p>
        )}
      </CardContent>
    </Card>
  )
}
