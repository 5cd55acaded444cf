import { useBookingWords } from '~/components/booking/use-booking-words'
import { AttendedReport } from '~/components/client/no-show-report'
import { REVIEW_PARAM } from '~/components/marketplace/profile-intents'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { BOOK_AGAIN, bookAgainHref } from '~/models/booking/booking'
import type { BookingConfirmation } from '~/models/booking/confirmation.server'
import { MISSED_SESSION } from '~/models/booking/no-show'
import type { SubmissionResult } from '@conform-to/react'

/**
 * What the booking page offers once the session is over: Book Again (the service's booking
 * page) and, while this session waits for its review, Write a Review (the practitioner's profile
 * with its review dialog open, where the one-review-per-attended-session rule is kept). A session
 * marked missed says so, with "I was there" for the client who came.
 */
export function AfterSession({
  booking: b,
  reportResult,
}: {
  booking: BookingConfirmation
  reportResult: SubmissionResult<string[]> | null
}) {
  const { t, say } = useBookingWords()
  if (!b.ended || b.status === 'cancelled') return null
  const p = b.practitioner
  return (
    <Card className="space-y-4 p-5" role="region" aria-label={t('afterSession.label')}>
      {b.clientNoShowAt ? <p>{say(MISSED_SESSION)}</p> : null}
      <div className="flex flex-wrap gap-2">
        <ButtonLink
          to={bookAgainHref(b)}
          aria-label={t('card.actionOf', { action: say(BOOK_AGAIN), service: b.service.name })}
        >
          {say(BOOK_AGAIN)}
        </ButtonLink>
        {b.canReview && p ? (
          <ButtonLink
            to={`/practitioners/${p.id}?${REVIEW_PARAM}=1`}
            variant="outline"
            aria-label={t('afterSession.reviewOf', { name: `${p.firstName} ${p.lastName}` })}
          >
            {t('afterSession.review')}
          </ButtonLink>
        ) : null}
      </div>
      {b.clientNoShowAt ? (
        <AttendedReport
          bookingId={b.id}
          canDispute={b.canDisputeNoShow}
          disputed={b.noShowDisputed}
          lastResult={reportResult}
        />
      ) : null}
    </Card>
  )
}
