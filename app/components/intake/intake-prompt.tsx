import { useTranslation } from 'react-i18next'
import { buttonClass } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import type { IntakeState } from '~/models/intake/intake-state.server'

/**
 * Where a booking's intake form stands, for its client: a button to complete it (or carry on with
 * the draft), or a link to what they sent. Nothing when the practitioner asks none.
 */
export function IntakePrompt({
  bookingId,
  state,
  serviceName,
}: {
  bookingId: number
  state: IntakeState | null
  serviceName: string
}) {
  const { t } = useTranslation('intake')
  if (!state) return null
  const href = `/bookings/${bookingId}/intake`
  if (state === 'sent') {
    return (
      <Link to={href} className="text-sm underline" aria-label={t('prompt.sentLabel', { service: serviceName })}>
        {t('prompt.sent')}
      </Link>
    )
  }
  return (
    <div className="space-y-1">
      <p className="text-sm font-medium">{t('prompt.asks')}</p>
      <Link
        to={href}
        className={buttonClass({ size: 'sm' })}
        aria-label={t('prompt.completeLabel', { service: serviceName })}
      >
        {t(state === 'draft' ? 'prompt.continue' : 'prompt.complete')}
      </Link>
    </div>
  )
}
