import { handleApi, readOnlyAction } from '~/lib/api.server'
import { requireApiUser } from '~/models/accounts/auth.server'
import { bookingJson } from '~/models/booking/booking-api.server'
import { listClientBookings } from '~/models/booking/booking-read.server'
import type { LoaderFunctionArgs } from '@remix-run/node'

/**
 * GET /api/bookings/client → the signed-in client's bookings (BookingJson[]), newest first;
 * 401 signed out. A folder route on purpose: Remix's Vite plugin treats a file named
 * `*.client.ts` as browser-only and empties it in the server build.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request)
    return Response.json(listClientBookings(user).map(bookingJson))
  })
}

export const action = readOnlyAction
