import { cn } from '~/lib/cn'

/** Five stars, the number filled being the rating rounded down. */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const filled = Math.floor(rating)
  return (
    <span
      className={cn('inline-flex items-center gap-0.5', className)}
      role="img"
      aria-label={`Rated ${filled} out of 5`}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <svg
          key={n}
          viewBox="0 0 20 20"
          aria-hidden="true"
          className={cn('size-4', n <= filled ? 'fill-accent' : 'fill-border')}
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
        </svg>
      ))}
    </span>
  )
}

/** Stars with the number and review count, shown only when there are reviews. */
export function RatingSummary({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  if (reviewCount <= 0) return null
  return (
    <span className="inline-flex items-center gap-1.5 text-sm">
      <Stars rating={rating} />
      <span className="font-medium">{rating.toFixed(1)}</span>
      <span className="text-muted-foreground">
        ({reviewCount} {reviewCount === 1 ? 'review' : 'reviews'})
      </span>
    </span>
  )
}
