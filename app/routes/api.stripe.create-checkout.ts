import { handleApi, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { appOrigin } from '~/lib/url.server'
import { requireApiUser } from '~/models/accounts/auth.server'
import { BookingPaymentSchema, startCheckout } from '~/models/booking/payments.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * POST /api/stripe/create-checkout { bookingId } → { url } of the hosted Checkout page for the
 * client's own pending booking. 404 for anyone else's; 409 when it is no longer waiting for
 * payment; 502 when Stripe failed.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const user = await requireApiUser(request)
    const { bookingId } = await readJson(request, BookingPaymentSchema)
    return Response.json(await startCheckout(user, bookingId, appOrigin(request)))
  })
}

export const loader = writeOnlyLoader('POST')
