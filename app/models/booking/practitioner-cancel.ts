import { z } from 'zod'
import { msg } from '~/lib/i18n/message'
import { multiLineText } from '~/lib/plain-text'

/** A practitioner calling off a client's session (client-safe: the dialog validates with it). */

export const PRACTITIONER_CANCEL_INTENT = 'cancel-session'
export const CANCEL_REASON_REQUIRED = msg('booking:practitionerCancel.reasonRequired')
export const CANCEL_REASON_MAX = 500

/**
 * `PATCH /api/bookings/:id/cancel` from the booking's practitioner, and the dashboard's dialog:
 * the reason (sent to the client, kept on the booking) and whether the time stays closed.
 */
export const PractitionerCancelSchema = z.object({
  reason: multiLineText({ error: CANCEL_REASON_REQUIRED })
    .min(1, CANCEL_REASON_REQUIRED)
    .max(CANCEL_REASON_MAX, msg('booking:practitionerCancel.reasonTooLong', { max: CANCEL_REASON_MAX })),
  keepSlotClosed: z.boolean().default(false),
})
export type PractitionerCancelInput = z.output<typeof PractitionerCancelSchema>

/** The toast and the API's message once it is done (`refund` in dollars). */
export function practitionerCancelled(refund: number) {
  return refund > 0 ? msg('booking:practitionerCancel.doneRefunded') : msg('booking:practitionerCancel.done')
}
