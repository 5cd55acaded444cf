import { useTranslation } from 'react-i18next'
import { Card } from '~/components/ui/card'
import { Link } from '~/components/ui/link'

export type MyPackage = {
  id: number
  serviceId: number | null
  serviceName: string
  sessions: number
  remaining: number
  delivered: number
  /** 'Mar 27, 2027' in the client's zone (worded by the loader). */
  validUntil: string
  expired: boolean
}

/** The client's packages (docs/decisions/051-packages.md): sessions left and until when, and where to book one. */
export function MyPackages({ packages }: { packages: MyPackage[] }) {
  const { t } = useTranslation('packages')
  if (!packages.length) return null
  return (
    <section id="packages" aria-labelledby="my-packages" className="space-y-3">
      <h2 id="my-packages" className="text-xl font-semibold">
        {t('mine.heading')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {packages.map((p) => (
          <li key={p.id}>
            <Card className="space-y-1 p-4">
              <p className="font-medium">{p.serviceName}</p>
              <p className="text-sm">
                <strong>{t('mine.left', { left: p.remaining, count: p.sessions })}</strong>
                {t('mine.delivered', { count: p.delivered })}
              </p>
              <p className="text-sm text-muted-foreground">
                {t(p.expired ? 'mine.expiredOn' : 'mine.validUntil', { date: p.validUntil })}
              </p>
              {p.remaining > 0 && p.serviceId !== null ? (
                <Link to={`/services/${p.serviceId}`} className="text-sm underline">
                  {t('mine.book')}
                </Link>
              ) : null}
            </Card>
          </li>
        ))}
      </ul>
    </section>
  )
}
