import { Form } from '@remix-run/react'
import { SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { buttonClass } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import { UrlDialog } from '~/components/ui/url-dialog'
import { formatDate, formatTime, zoneAbbreviation } from '~/lib/dates'
import { centsToDollars, formatPrice } from '~/lib/money'
import { FREE_SESSION_CANCELLATION, PAID_CANCELLATION_POLICY } from '~/models/booking/booking'

export const CANCEL_INTENT = 'cancel'
export const PACKAGE_SESSION_BACK = 'The session goes back to your package.'
export const PACKAGE_SESSION_USED =
  'This session starts in less than 24 hours, so its package session is used and not given back.'

/**
 * What cancelling gives back, said before the client confirms
 * (docs/decisions/007-refunds-and-cancellation-policy.md).
 */
function refundText(booking: {
  isPaid: boolean
  paidCents: number
  refundCents: number
  packageSessionBack?: boolean | null
}) {
  if (booking.packageSessionBack === true) return PACKAGE_SESSION_BACK
  if (booking.packageSessionBack === false) return PACKAGE_SESSION_USED
  if (!booking.isPaid)
    return booking.paidCents === 0 ? FREE_SESSION_CANCELLATION : 'Nothing has been charged for this session.'
  if (booking.refundCents > 0)
    return `You will be refunded ${formatPrice(centsToDollars(booking.refundCents))} in full.`
  const paid = formatPrice(centsToDollars(booking.paidCents))
  return `This session starts in less than 24 hours, so the ${paid} paid will not be refunded.`
}

/** The cancel confirmation, open while the URL has `cancel=<id>`; it posts to `page`. */
export function CancelDialog({
  page,
  booking,
  timeZone,
}: {
  page: string
  booking: {
    id: number
    serviceName: string
    startTime: Date
    isPaid: boolean
    paidCents: number
    refundCents: number
    packageSessionBack?: boolean | null
  } | null
  timeZone: string
}) {
  const action = booking ? `${page}?cancel=${booking.id}` : undefined
  const pending = useIsSubmitting(action)
  return (
    <UrlDialog
      open={Boolean(booking)}
      closeTo={page}
      title="Cancel Session"
      description={
        <>
          <p>Are you sure you want to cancel this booking?</p>
          {booking ? (
            <>
              <p className="mt-1 font-medium text-foreground">
                {booking.serviceName}, {formatDate(booking.startTime, timeZone)} at{' '}
                {formatTime(booking.startTime, timeZone)} {zoneAbbreviation(booking.startTime, timeZone)}
              </p>
              <p className="mt-2 font-medium text-foreground" data-testid="refund-preview">
                {refundText(booking)}
              </p>
              {booking.isPaid ? <p className="mt-1">{PAID_CANCELLATION_POLICY}</p> : null}
            </>
          ) : null}
        </>
      }
    >
      {booking ? (
        <Form method="post" action={action} className="flex justify-end gap-2">
          <input type="hidden" name="intent" value={CANCEL_INTENT} />
          <input type="hidden" name="bookingId" value={booking.id} />
          <Link to={page} replace preventScrollReset className={buttonClass({ variant: 'outline' })}>
            Keep Session
          </Link>
          <SubmitButton variant="destructive" pending={pending} pendingText="Cancelling...">
            Cancel Booking
          </SubmitButton>
        </Form>
      ) : null}
    </UrlDialog>
  )
}
