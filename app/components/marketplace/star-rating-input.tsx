import { useTranslation } from 'react-i18next'
import { cn } from '~/lib/cn'

const STAR_PATH = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z'

/**
 * A 1-5 star chooser made of five radio inputs, so it posts `rating` without JavaScript.
 * The stars fill by CSS alone: a star is lit when its own radio is checked or a later one is
 * (`:has()`), and hovering previews the same way.
 */
export function StarRatingInput({
  name,
  form,
  defaultValue,
  errorId,
  legend,
}: {
  name: string
  form?: string
  defaultValue?: string
  errorId?: string
  /** The group's name; 'Rating' by default. */
  legend?: string
}) {
  const { t } = useTranslation('marketplace')
  return (
    <fieldset
      role="radiogroup"
      aria-describedby={errorId}
      aria-invalid={errorId ? true : undefined}
      className="space-y-1.5"
    >
      <legend className="text-sm font-medium text-foreground">{legend ?? t('review.rating')}</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className={cn(
              'relative cursor-pointer rounded-md p-0.5 text-border transition-colors',
              'has-checked:text-accent [&:has(~label_input:checked)]:text-accent',
              'hover:text-accent/70 [&:has(~label:hover)]:text-accent/70',
              'has-focus-visible:ring-2 has-focus-visible:ring-ring',
            )}
          >
            <input
              type="radio"
              name={name}
              form={form}
              value={n}
              defaultChecked={defaultValue === String(n)}
              // Invisible but covering its star, so the click lands on the radio itself.
              className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
            />
            <svg viewBox="0 0 20 20" aria-hidden="true" className="pointer-events-none size-8 fill-current">
              <path d={STAR_PATH} />
            </svg>
            <span className="sr-only">{t('review.stars', { count: n })}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
