import { useBookingWords } from '~/components/booking/use-booking-words'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { BOOK_AGAIN, HOLD_LAPSED } from '~/models/booking/booking'

/**
 * Why a booking can no longer be paid when its hold ran out (its confirmation page, its payment
 * page), with the way forward: the service's booking page, to pick the same or another time.
 */
export function HoldExpiredNotice({ bookAgainHref, children }: { bookAgainHref: string; children?: React.ReactNode }) {
  const { say } = useBookingWords()
  return (
    <Card className="space-y-3 border-destructive/40 p-5">
      <p className="font-medium">{say(HOLD_LAPSED)}</p>
      <div className="flex flex-wrap gap-2">
        <ButtonLink to={bookAgainHref}>{say(BOOK_AGAIN)}</ButtonLink>
        {children}
      </div>
    </Card>
  )
}
