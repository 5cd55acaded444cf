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
  if (!packages.length) return null
  return (
    <section id="packages" aria-labelledby="my-packages" className="space-y-3">
      <h2 id="my-packages" className="text-xl font-semibold">
        My Packages
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {packages.map((p) => (
          <li key={p.id}>
            <Card className="space-y-1 p-4">
              <p className="font-medium">{p.serviceName}</p>
              <p className="text-sm">
                <strong>{`${p.remaining} of ${p.sessions} sessions left`}</strong>
                {` · ${p.delivered} delivered`}
              </p>
              <p className="text-sm text-muted-foreground">
                {p.expired ? `Expired on ${p.validUntil}` : `Valid until ${p.validUntil}`}
              </p>
              {p.remaining > 0 && p.serviceId !== null ? (
                <Link to={`/services/${p.serviceId}`} className="text-sm underline">
                  Book a session
                </Link>
              ) : null}
            </Card>
          </li>
        ))}
      </ul>
    </section>
  )
}
