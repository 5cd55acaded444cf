import { handleApi, readJson, requireMethod } from '~/lib/api.server'
import { requireApiPractitioner, requireApiUser } from '~/models/accounts/auth.server'
import { bookingJson } from '~/models/booking/booking-api.server'
import { listPractitionerBookings } from '~/models/booking/booking-read.server'
import { createBooking, CreateBookingSchema } from '~/models/booking/booking.server'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'

/** GET /api/bookings → the signed-in practitioner's bookings (BookingJson[]); 401 / 403 otherwise. */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiPractitioner(request)
    return Response.json(listPractitionerBookings(user).map(bookingJson))
  })
}

/**
 * POST /api/bookings { serviceId, timeSlotId } → 201 { id, requiresPayment }. A slot taken
 * meanwhile answers 409. A paid booking is pending and holds its slot for 30 minutes; pay it
 * through /api/stripe/create-checkout or /api/create-payment-intent. Other methods 405.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    // GET is the loader; listing it keeps the 405's Allow header complete.
    requireMethod(request, 'GET', 'POST')
    const user = await requireApiUser(request)
    const input = await readJson(request, CreateBookingSchema)
    return Response.json(await createBooking(user, input), { status: 201 })
  })
}
