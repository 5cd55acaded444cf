import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { StatCard } from '~/components/stat-card'
import { Badge } from '~/components/ui/badge'
import { ButtonLink, buttonClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { formatDate, formatTime, zoneAbbreviation } from '~/lib/dates'
import { centsToDollars, formatPrice } from '~/lib/money'
import { requireUser } from '~/models/auth.server'
import { getClientSessions } from '~/models/booking.server'

export const meta: MetaFunction = () => [{ title: 'My Sessions — Solace' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const { sessions, counts } = getClientSessions(user.id)
  return { firstName: user.firstName, timeZone: user.timeZone, sessions, counts }
}

const STATUS_TONE = { pending: 'warning', confirmed: 'success', completed: 'secondary', cancelled: 'destructive' } as const

export default function ClientDashboard() {
  const { firstName, timeZone, sessions, counts } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Welcome, {firstName}</h1>
        <p className="text-muted-foreground">Your sessions at a glance.</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Total Sessions" value={counts.total} />
        <StatCard label="Upcoming Sessions" value={counts.upcoming} />
        <StatCard label="Completed Sessions" value={counts.completed} />
      </div>
      <section aria-labelledby="my-sessions" className="space-y-4">
        <h2 id="my-sessions" className="text-xl font-semibold">
          My Sessions
        </h2>
        {sessions.length === 0 ? (
          <Card className="p-10 text-center">
            <p className="text-lg font-medium">No sessions yet</p>
            <p className="mt-1 text-sm text-muted-foreground">Find a practitioner and book your first session.</p>
            <ButtonLink to="/services" className="mt-4">
              Browse Services
            </ButtonLink>
          </Card>
        ) : (
          <ul className="space-y-3">
            {sessions.map((s) => (
              <li key={s.id}>
                <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
                  <div className="space-y-1">
                    <div className="flex items-center gap-2">
                      <h3 className="font-semibold">{s.serviceName}</h3>
                      <Badge tone={STATUS_TONE[s.status]}>{s.status}</Badge>
                    </div>
                    <p className="text-sm text-muted-foreground">
                      with {s.practitionerFirstName ? `${s.practitionerFirstName} ${s.practitionerLastName}` : 'a former practitioner'}
                    </p>
                    <p className="text-sm">
                      {formatDate(s.startTime, timeZone)} · {formatTime(s.startTime, timeZone)} – {formatTime(s.endTime, timeZone)}{' '}
                      {zoneAbbreviation(s.startTime, timeZone)} · {s.durationMinutes} minutes · {formatPrice(centsToDollars(s.totalAmountCents))}
                    </p>
                    {s.notes ? <p className="text-sm text-muted-foreground">{s.notes}</p> : null}
                  </div>
                  {s.status === 'confirmed' && s.meetingLink ? (
                    <div className="flex flex-col items-start gap-1 sm:items-end">
                      <a href={s.meetingLink} target="_blank" rel="noreferrer" className={buttonClass({ size: 'sm' })}>
                        Join Session
                      </a>
                      <span className="text-xs break-all text-muted-foreground">{s.meetingLink}</span>
                    </div>
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
