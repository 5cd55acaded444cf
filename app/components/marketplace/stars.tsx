import { cn } from '~/lib/cn'

/**
 * Five stars, the number filled being the rating rounded down: one element drawn by the
 * `.stars` class (app/styles/tailwind.css), 1rem high unless a text size class sets another.
 */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const filled = Math.floor(rating)
  return (
    <span
      className={cn('stars', className)}
      style={{ '--filled': filled } as React.CSSProperties}
      role="img"
      aria-label={`Rated ${filled} out of 5`}
    />
  )
}

/**
 * "(3 reviews)". One string, so React writes one text node, not five separated by markers
 * (a listing shows this on every card).
 */
export function reviewCountLabel(reviewCount: number) {
  return `(${reviewCount} ${reviewCount === 1 ? 'review' : 'reviews'})`
}

/** Stars with the number and review count, shown only when there are reviews. */
export function RatingSummary({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  if (reviewCount <= 0) return null
  return (
    <span className="inline-flex items-center gap-1.5 text-sm">
      <Stars rating={rating} />
      <span className="font-medium">{rating.toFixed(1)}</span>
      <span className="text-muted-foreground">{reviewCountLabel(reviewCount)}</span>
    </span>
  )
}
