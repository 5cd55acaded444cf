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
  if (!state) return null
  const href = `/bookings/${bookingId}/intake`
  if (state === 'sent') {
    return (
      <Link
        to={href}
        className="text-sm underline"
        aria-label={`Intake form sent: see what you sent for ${serviceName}`}
      >
        Intake form sent: see what you sent
      </Link>
    )
  }
  return (
    <div className="space-y-1">
      <p className="text-sm font-medium">Your practitioner asks you to complete an intake form before the session.</p>
      <Link to={href} className={buttonClass({ size: 'sm' })} aria-label={`Complete intake form: ${serviceName}`}>
        {state === 'draft' ? 'Continue Intake Form' : 'Complete Intake Form'}
      </Link>
    </div>
  )
}
