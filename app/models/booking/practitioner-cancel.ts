import { z } from 'zod'
import { multiLineText } from '~/lib/plain-text'

/** A practitioner calling off a client's session (client-safe: the dialog validates with it). */

export const PRACTITIONER_CANCEL_INTENT = 'cancel-session'
export const CANCEL_REASON_REQUIRED = 'Please tell your client why the session is cancelled'
export const CANCEL_REASON_MAX = 500

/**
 * `PATCH /api/bookings/:id/cancel` from the booking's practitioner, and the dashboard's dialog:
 * the reason (sent to the client, kept on the booking) and whether the time stays closed.
 */
export const PractitionerCancelSchema = z.object({
  reason: multiLineText({ error: CANCEL_REASON_REQUIRED })
    .min(1, CANCEL_REASON_REQUIRED)
    .max(CANCEL_REASON_MAX, `Please keep the reason under ${CANCEL_REASON_MAX} characters`),
  keepSlotClosed: z.boolean().default(false),
})
export type PractitionerCancelInput = z.output<typeof PractitionerCancelSchema>

/** The toast and the API's message once it is done (`refund` in dollars). */
export function practitionerCancelled(refund: number) {
  return refund > 0
    ? 'The session is cancelled and your client is refunded in full. We have emailed them your reason.'
    : 'The session is cancelled. We have emailed your client your reason.'
}
