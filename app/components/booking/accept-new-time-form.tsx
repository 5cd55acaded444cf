import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { SubmitButton, useIsSubmittingIntent } from '~/components/form-shell'
import { ACCEPT_MOVE_INTENT } from '~/models/booking/reschedule'

/**
 * Accept New Time: the client takes the time their practitioner moved the session to. Posts to
 * the booking's page (its action answers it), from there or from the dashboard's card.
 */
export function AcceptNewTimeForm({ bookingId, serviceName }: { bookingId: number; serviceName: string }) {
  const { t } = useTranslation('booking')
  const pending = useIsSubmittingIntent(ACCEPT_MOVE_INTENT)
  return (
    <Form method="post" action={`/bookings/${bookingId}`}>
      <input type="hidden" name="intent" value={ACCEPT_MOVE_INTENT} />
      <SubmitButton
        size="sm"
        pending={pending}
        pendingText={t('acceptNewTime.pending')}
        aria-label={t('card.actionOf', { action: t('acceptNewTime.label'), service: serviceName })}
      >
        {t('acceptNewTime.label')}
      </SubmitButton>
    </Form>
  )
}
