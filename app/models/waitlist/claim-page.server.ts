import { redirect } from '@remix-run/node'
import { msg } from '~/lib/i18n/message'
import { redirectWithToast } from '~/lib/toast.server'
import { startCheckout } from '~/models/booking/payments.server'

/**
 * Where taking an offer leads, for the offer page and the Waitlists screen alike: a free session
 * to its confirmation page, a paid one on to checkout, the booking holding the time while the
 * client pays (the booking page's own path: `startCheckout`, which frees the time again when the
 * payment provider will not open a checkout, docs/decisions/011-checkout-failure-frees-the-slot.md).
 */
export async function afterClaim(
  client: { id: number; email: string; timeZone?: string | null },
  booking: { id: number; requiresPayment: boolean },
  origin: string,
) {
  if (!booking.requiresPayment) {
    return redirectWithToast(`/bookings/${booking.id}`, {
      type: 'success',
      title: msg('waitlist:toasts.bookingConfirmed'),
      description: msg('waitlist:toasts.timeIsYours'),
    })
  }
  const { url } = await startCheckout(client, booking.id, origin)
  return redirect(url)
}
