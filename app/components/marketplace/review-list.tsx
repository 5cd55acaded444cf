import { useTranslation } from 'react-i18next'
import { Card } from '~/components/ui/card'
import type { DatedReview } from '~/models/marketplace/practitioner'
import { PLACEHOLDER_AVATAR } from './placeholders'
import { Stars } from './stars'

/** The profile's "Client Reviews" grid, newest first as the model returns them. */
export function ReviewList({ reviews }: { reviews: DatedReview[] }) {
  const { t } = useTranslation('marketplace')
  if (!reviews.length) {
    return <p className="text-muted-foreground">{t('review.none')}</p>
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2" aria-label={t('review.listLabel')}>
      {reviews.map((review) => (
        <li key={review.id}>
          <Card className="flex h-full flex-col gap-3 p-5">
            <div className="flex items-center justify-between gap-2">
              <Stars rating={review.rating} />
              <time dateTime={review.date} className="text-sm text-muted-foreground">
                {review.dateLabel}
              </time>
            </div>
            <p className="text-sm leading-relaxed whitespace-pre-line">{review.content}</p>
            <div className="mt-auto flex items-center gap-2 pt-2 text-sm">
              <img
                src={review.clientImage ?? PLACEHOLDER_AVATAR}
                alt=""
                width={32}
                height={32}
                loading="lazy"
                className="size-8 rounded-full bg-muted object-cover"
              />
              <span className="font-medium">{review.clientName}</span>
              {review.serviceName ? <span className="text-muted-foreground">{`· ${review.serviceName}`}</span> : null}
            </div>
          </Card>
        </li>
      ))}
    </ul>
  )
}
