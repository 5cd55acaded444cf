import { Form } from '@remix-run/react'
import { useBookingWords } from '~/components/booking/use-booking-words'
import { SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { useFormats } from '~/components/i18n/use-formats'
import { buttonClass } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import { UrlDialog } from '~/components/ui/url-dialog'
import type { Formats } from '~/lib/i18n/formats'
import { msg } from '~/lib/i18n/message'
import { FREE_SESSION_CANCELLATION, PAID_CANCELLATION_POLICY } from '~/models/booking/booking'

export const CANCEL_INTENT = 'cancel'
export const PACKAGE_SESSION_BACK = msg('booking:cancelDialog.packageSessionBack')
export const PACKAGE_SESSION_USED = msg('booking:cancelDialog.packageSessionUsed')

/**
 * What cancelling gives back, said before the client confirms
 * (docs/decisions/007-refunds-and-cancellation-policy.md), as a catalogue message.
 */
function refundText(
  booking: {
    isPaid: boolean
    paidCents: number
    refundCents: number
    packageSessionBack?: boolean | null
  },
  f: Formats,
) {
  if (booking.packageSessionBack === true) return PACKAGE_SESSION_BACK
  if (booking.packageSessionBack === false) return PACKAGE_SESSION_USED
  if (!booking.isPaid)
    return booking.paidCents === 0 ? FREE_SESSION_CANCELLATION : msg('booking:cancelDialog.nothingCharged')
  if (booking.refundCents > 0) return msg('booking:cancelDialog.refund', { amount: f.priceCents(booking.refundCents) })
  return msg('booking:cancelDialog.noRefund', { amount: f.priceCents(booking.paidCents) })
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
  const { t, say } = useBookingWords()
  const f = useFormats()
  const action = booking ? `${page}?cancel=${booking.id}` : undefined
  const pending = useIsSubmitting(action)
  return (
    <UrlDialog
      open={Boolean(booking)}
      closeTo={page}
      title={t('cancelDialog.title')}
      description={
        <>
          <p>{t('cancelDialog.areYouSure')}</p>
          {booking ? (
            <>
              <p className="mt-1 font-medium text-foreground">
                {t('cancelDialog.session', {
                  service: booking.serviceName,
                  date: f.date(booking.startTime, timeZone),
                  time: f.time(booking.startTime, timeZone),
                  zone: f.zone(booking.startTime, timeZone),
                })}
              </p>
              <p className="mt-2 font-medium text-foreground" data-testid="refund-preview">
                {say(refundText(booking, f))}
              </p>
              {booking.isPaid ? <p className="mt-1">{say(PAID_CANCELLATION_POLICY)}</p> : null}
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
            {t('cancelDialog.keep')}
          </Link>
          <SubmitButton variant="destructive" pending={pending} pendingText={t('cancelDialog.cancelling')}>
            {t('cancelDialog.confirm')}
          </SubmitButton>
        </Form>
      ) : null}
    </UrlDialog>
  )
}
