import { BookingErrorBoundary } from '~/components/booking/booking-error-boundary'
import { RescheduleScreen } from '~/components/booking/reschedule-view'
import { rescheduleAction, rescheduleLoader } from '~/models/booking/reschedule-page.server'
import type { MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = () => [{ title: 'Reschedule — Solace' }]

/** `/bookings/:id/reschedule`: the client moves their own session while free cancellation applies. */
export const loader = rescheduleLoader('client')
export const action = rescheduleAction('client')

export default function ClientReschedulePage() {
  return <RescheduleScreen backTo={(id) => ({ to: `/bookings/${id}`, label: 'Back to your booking' })} />
}

export function ErrorBoundary() {
  return <BookingErrorBoundary back={{ to: '/client-dashboard', label: 'Go to My Sessions' }} />
}
