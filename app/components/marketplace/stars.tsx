import { useTranslation } from 'react-i18next'
import { useFormats } from '~/components/i18n/use-formats'
import { cn } from '~/lib/cn'

/**
 * Five stars, the number filled being the rating rounded down: one element drawn by the
 * `.stars` class (app/styles/tailwind.css), 1rem high unless a text size class sets another.
 */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const { t } = useTranslation('marketplace')
  const filled = Math.floor(rating)
  return (
    <span
      className={cn('stars', className)}
      style={{ '--filled': filled } as React.CSSProperties}
      role="img"
      aria-label={t('stars.rated', { count: filled })}
    />
  )
}

/**
 * "(3 reviews)". One string, so React writes one text node, not five separated by markers
 * (a listing shows this on every card).
 */
export function useReviewCountLabel() {
  const { t } = useTranslation('marketplace')
  return (reviewCount: number) => t('stars.reviewCount', { count: reviewCount })
}

/** Stars with the number and review count, shown only when there are reviews. */
export function RatingSummary({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  const reviewCountLabel = useReviewCountLabel()
  const formats = useFormats()
  if (reviewCount <= 0) return null
  return (
    <span className="inline-flex items-center gap-1.5 text-sm">
      <Stars rating={rating} />
      <span className="font-medium">{formats.number(rating, 1)}</span>
      <span className="text-muted-foreground">{reviewCountLabel(reviewCount)}</span>
    </span>
  )
}
