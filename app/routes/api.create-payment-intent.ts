import { handleApi, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { requireApiUser } from '~/models/accounts/auth.server'
import { BookingPaymentSchema, preparePaymentIntent } from '~/models/booking/payments.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * POST /api/create-payment-intent { bookingId } → { clientSecret } for the embedded payment
 * form. Same rules as create-checkout: the client's own booking, still waiting for payment.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const user = await requireApiUser(request)
    const { bookingId } = await readJson(request, BookingPaymentSchema)
    return Response.json(await preparePaymentIntent(user, bookingId))
  })
}

export const loader = writeOnlyLoader('POST')
