import { BookingErrorBoundary } from '~/components/booking/booking-error-boundary'
import { RescheduleScreen } from '~/components/booking/reschedule-view'
import { rescheduleAction, rescheduleLoader } from '~/models/booking/reschedule-page.server'
import type { MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = () => [{ title: 'Reschedule — Solace' }]

/**
 * `/practitioner/bookings/:id/reschedule`: the practitioner moves a client's session to another
 * of its service's open times; the client is asked to accept it or cancel with a full refund.
 */
export const loader = rescheduleLoader('practitioner')
export const action = rescheduleAction('practitioner')

export default function PractitionerReschedulePage() {
  return <RescheduleScreen backTo={() => ({ to: '/practitioner/dashboard', label: 'Back to your dashboard' })} />
}

export function ErrorBoundary() {
  return <BookingErrorBoundary back={{ to: '/practitioner/dashboard', label: 'Go to your dashboard' }} />
}
