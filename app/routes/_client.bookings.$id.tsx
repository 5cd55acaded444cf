import { useLoaderData } from '@remix-run/react'
import { BookingConfirmationView } from '~/components/client/booking-confirmation'
import { GeneralErrorBoundary, NotFound } from '~/components/error-boundary'
import { formatLongDate, formatTime, zoneAbbreviation } from '~/lib/dates'
import { AppError } from '~/lib/errors'
import { idFromParam } from '~/lib/route-params'
import { viewerTimeZone } from '~/lib/time-zone.server'
import { requireUser } from '~/models/accounts/auth.server'
import { googleCalendarUrl, refundPolicyFor } from '~/models/booking/booking'
import { BOOKING_NOT_FOUND } from '~/models/booking/booking.server'
import { getBookingConfirmation } from '~/models/booking/confirmation.server'
import { CLIENT_INBOX_PATH } from '~/models/messaging/inbox'
import { inboxHref, NEW_MESSAGE } from '~/models/messaging/inbox-page'
import { canMessage } from '~/models/messaging/message.server'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.booking.service.name} — your booking — Solace` : 'Booking — Solace' },
]

/**
 * A booking's confirmation page, where booking and paying end: what, when (in the viewer's
 * zone), with whom, what was paid, the refund policy as it stands for this booking now, and
 * what happens next. Only the booking's client sees it; to anyone else, the practitioner
 * included, it is the same 404 as a booking that does not exist.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const id = idFromParam(params.id)
  let booking
  try {
    if (id === null) throw new AppError(BOOKING_NOT_FOUND, 404)
    booking = getBookingConfirmation(user, id)
  } catch (error) {
    if (error instanceof AppError) throw Response.json({ message: error.message }, { status: error.status })
    throw error
  }
  const timeZone = viewerTimeZone(request, user)
  const { practitioner } = booking
  const practitionerName = practitioner ? `${practitioner.firstName} ${practitioner.lastName}` : null
  const onCalendar = booking.status === 'confirmed' && booking.upcoming
  const zone = zoneAbbreviation(booking.startTime, timeZone)
  return {
    booking,
    // Formatted here, in the viewer's zone, so the page reads the same before and after hydration.
    when: {
      date: formatLongDate(booking.startTime, timeZone),
      time: `${formatTime(booking.startTime, timeZone)} – ${formatTime(booking.endTime, timeZone)} ${zone}`,
    },
    holdUntil:
      booking.awaitingPayment && booking.holdExpiresAt
        ? `${formatTime(booking.holdExpiresAt, timeZone)} ${zoneAbbreviation(booking.holdExpiresAt, timeZone)}`
        : null,
    email: user.email,
    // Nothing was paid and the time is no longer held: no policy to read, only Book Again.
    refundPolicy: booking.holdLapsed ? null : refundPolicyFor(booking, timeZone),
    calendar: onCalendar
      ? {
          ics: `/bookings/${booking.id}/calendar.ics`,
          google: googleCalendarUrl({
            serviceName: booking.service.name,
            startTime: booking.startTime,
            endTime: booking.endTime,
            practitionerName: practitionerName ?? 'your practitioner',
            meetingLink: booking.service.meetingLink,
          }),
        }
      : null,
    // The first message of a conversation opens straight away in the inbox, when the pair may write.
    messageHref:
      practitioner && canMessage(user.id, practitioner.id)
        ? inboxHref(CLIENT_INBOX_PATH, { with: practitioner.id, reply: NEW_MESSAGE })
        : null,
  }
}

export default function BookingConfirmationPage() {
  return <BookingConfirmationView {...useLoaderData<typeof loader>()} />
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        // The loader's own words ('Booking not found'): its module is server-only.
        404: (error) => (
          <NotFound
            title={(error.data as { message?: string } | null)?.message}
            hint="This booking does not exist or is not yours."
            back={{ to: '/client-dashboard', label: 'Go to My Sessions' }}
          />
        ),
      }}
    />
  )
}
