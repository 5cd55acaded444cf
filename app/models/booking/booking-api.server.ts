import { centsToDollars } from '~/lib/money'
import { taxNameOf } from '~/models/billing/price-lines'
import type { Booking } from './booking-read.server'

const iso = (instant: Date | null) => instant?.toISOString() ?? null

/**
 * A booking as the JSON API answers it (`BookingJson`): the model's `Booking` with its times as
 * ISO strings and its amounts in dollars, for the `/api/bookings*` routes only; pages read the
 * `Booking` itself. The fields are listed one by one, so what the API says never grows by itself.
 */
export function bookingJson(booking: Booking) {
  return {
    id: booking.id,
    serviceId: booking.serviceId,
    clientId: booking.clientId,
    practitionerId: booking.practitionerId,
    timeSlotId: booking.timeSlotId,
    startTime: booking.startTime.toISOString(),
    endTime: booking.endTime.toISOString(),
    status: booking.status,
    totalAmount: centsToDollars(booking.totalAmountCents),
    platformFee: centsToDollars(booking.platformFeeCents),
    practitionerAmount: centsToDollars(booking.practitionerAmountCents),
    isPaid: booking.isPaid,
    /** The package whose session paid for it (decision 051), else null: nothing was charged on the booking itself. */
    packageHoldingId: booking.packageHoldingId,
    refundedAmount: centsToDollars(booking.refundedAmountCents),
    /** The tax within totalAmount (0 without), and its name (null without tax). */
    tax: centsToDollars(booking.taxCents),
    taxName: taxNameOf(booking.taxKind),
    holdExpiresAt: iso(booking.holdExpiresAt),
    cancellationReason: booking.cancellationReason,
    cancellationNote: booking.cancellationNote,
    notes: booking.notes,
    createdAt: booking.createdAt.toISOString(),
    updatedAt: booking.updatedAt.toISOString(),
    movedByPractitionerAt: iso(booking.movedByPractitionerAt),
    moveMessage: booking.moveMessage,
    clientNoShowAt: iso(booking.clientNoShowAt),
    practitionerNoShowReportedAt: iso(booking.practitionerNoShowReportedAt),
    sessionEndedAt: iso(booking.sessionEndedAt),
    joinUrl: booking.joinUrl,
    service: {
      name: booking.service.name,
      duration: booking.service.duration,
      price: centsToDollars(booking.totalAmountCents),
      meetingLink: booking.service.meetingLink,
    },
    practitioner: booking.practitioner,
    client: booking.client,
  }
}

export type BookingJson = ReturnType<typeof bookingJson>
