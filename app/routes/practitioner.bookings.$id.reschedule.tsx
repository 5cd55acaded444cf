import { useTranslation } from 'react-i18next'
import { BookingErrorBoundary } from '~/components/booking/booking-error-boundary'
import { RescheduleScreen } from '~/components/booking/reschedule-view'
import { metaT } from '~/lib/i18n/meta'
import { rescheduleAction, rescheduleLoader } from '~/models/booking/reschedule-page.server'
import type { MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'booking')('titles.reschedule') }]

/**
 * `/practitioner/bookings/:id/reschedule`: the practitioner moves a client's session to another
 * of its service's open times; the client is asked to accept it or cancel with a full refund.
 */
export const loader = rescheduleLoader('practitioner')
export const action = rescheduleAction('practitioner')

export default function PractitionerReschedulePage() {
  const { t } = useTranslation('booking')
  return (
    <RescheduleScreen backTo={() => ({ to: '/practitioner/dashboard', label: t('rescheduleView.backToDashboard') })} />
  )
}

export function ErrorBoundary() {
  const { t } = useTranslation('booking')
  return <BookingErrorBoundary back={{ to: '/practitioner/dashboard', label: t('rescheduleView.goToDashboard') }} />
}
