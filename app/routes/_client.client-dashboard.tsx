import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { StatCard } from '~/components/stat-card'
import { Badge } from '~/components/ui/badge'
import { ButtonLink, buttonClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { UrlDialog } from '~/components/ui/url-dialog'
import { formatDate, formatTime, zoneAbbreviation } from '~/lib/dates'
import { AppError, isAppError } from '~/lib/errors'
import { centsToDollars, formatPrice } from '~/lib/money'
import { idFromParam } from '~/lib/route-params'
import { redirectWithToast } from '~/lib/toast.server'
import { requireUser } from '~/models/auth.server'
import { CANCELLATION_POLICY } from '~/models/booking'
import { BOOKING_NOT_FOUND, cancelBooking, getClientSessions } from '~/models/booking.server'

const PAGE = '/client-dashboard'
const CANCEL_INTENT = 'cancel'

export const meta: MetaFunction = () => [{ title: 'My Sessions — Solace' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const { sessions, counts } = getClientSessions(user.id)
  // `?cancel=<id>` opens the confirmation (a URL, so it works without JavaScript); an id that
  // is not one of this client's cancellable sessions simply leaves it closed.
  const cancelId = idFromParam(new URL(request.url).searchParams.get('cancel') ?? undefined)
  const cancelling = sessions.find((s) => s.id === cancelId && s.canCancel) ?? null
  return { firstName: user.firstName, timeZone: user.timeZone, sessions, counts, cancellingId: cancelling?.id ?? null }
}

/** Cancels one of the client's sessions; the answer is a toast on the dashboard either way. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const formData = await request.formData()
  if (formData.get('intent') !== CANCEL_INTENT) throw new Response('Unknown form', { status: 400 })
  try {
    const bookingId = idFromParam(String(formData.get('bookingId') ?? ''))
    if (bookingId === null) throw new AppError(BOOKING_NOT_FOUND, 404)
    await cancelBooking(user, bookingId)
    return redirectWithToast(PAGE, {
      type: 'success',
      title: 'Booking Cancelled',
      description: 'Your booking has been successfully cancelled.',
    })
  } catch (error) {
    if (!isAppError(error)) {
      console.error(error)
      return redirectWithToast(PAGE, {
        type: 'error',
        title: 'Cancellation Failed',
        description: 'Failed to cancel booking. Please try again.',
      })
    }
    return redirectWithToast(PAGE, { type: 'error', title: 'Cancellation Failed', description: error.message })
  }
}

const STATUS_TONE = { pending: 'warning', confirmed: 'success', completed: 'secondary', cancelled: 'destructive' } as const

export default function ClientDashboard() {
  const { firstName, timeZone, sessions, counts, cancellingId } = useLoaderData<typeof loader>()
  const cancelling = sessions.find((s) => s.id === cancellingId) ?? null
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
                  <div className="flex flex-col items-start gap-2 sm:items-end">
                    {s.status === 'confirmed' && s.meetingLink ? (
                      <>
                        <a href={s.meetingLink} target="_blank" rel="noreferrer" className={buttonClass({ size: 'sm' })}>
                          Join Session
                        </a>
                        <span className="text-xs break-all text-muted-foreground">{s.meetingLink}</span>
                      </>
                    ) : null}
                    {s.canCancel ? (
                      <Link
                        to={`?cancel=${s.id}`}
                        preventScrollReset
                        className={buttonClass({ size: 'sm', variant: 'outline' })}
                        aria-label={`Cancel Session: ${s.serviceName}`}
                      >
                        Cancel Session
                      </Link>
                    ) : null}
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
      <CancelDialog session={cancelling} />
    </div>
  )
}

function CancelDialog({ session }: { session: { id: number; serviceName: string } | null }) {
  const action = session ? `${PAGE}?cancel=${session.id}` : undefined
  const pending = useIsSubmitting(action)
  return (
    <UrlDialog
      open={Boolean(session)}
      closeTo={PAGE}
      title="Cancel Session"
      description={
        <>
          <p>Are you sure you want to cancel this booking?</p>
          {session ? <p className="mt-1 font-medium text-foreground">{session.serviceName}</p> : null}
          <p className="mt-2">{CANCELLATION_POLICY}</p>
        </>
      }
    >
      {session ? (
        <Form method="post" action={action} className="flex justify-end gap-2">
          <input type="hidden" name="intent" value={CANCEL_INTENT} />
          <input type="hidden" name="bookingId" value={session.id} />
          <Link to={PAGE} replace preventScrollReset className={buttonClass({ variant: 'outline' })}>
            Keep Session
          </Link>
          <SubmitButton variant="destructive" pending={pending} pendingText="Cancelling...">
            Cancel Booking
          </SubmitButton>
        </Form>
      ) : null}
    </UrlDialog>
  )
}
