import { useTranslation } from 'react-i18next'
import { BookingErrorBoundary } from '~/components/booking/booking-error-boundary'
import { RescheduleScreen } from '~/components/booking/reschedule-view'
import { metaT } from '~/lib/i18n/meta'
import { rescheduleAction, rescheduleLoader } from '~/models/booking/reschedule-page.server'
import type { MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'booking')('titles.reschedule') }]

/** `/bookings/:id/reschedule`: the client moves their own session while free cancellation applies. */
export const loader = rescheduleLoader('client')
export const action = rescheduleAction('client')

export default function ClientReschedulePage() {
  const { t } = useTranslation('booking')
  return <RescheduleScreen backTo={(id) => ({ to: `/bookings/${id}`, label: t('rescheduleView.backToBooking') })} />
}

export function ErrorBoundary() {
  const { t } = useTranslation('booking')
  return <BookingErrorBoundary back={{ to: '/client-dashboard', label: t('confirmation.goToSessions') }} />
}
