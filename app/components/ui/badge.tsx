import { cn } from '~/lib/cn'

const tones = {
  default: 'bg-primary text-primary-foreground',
  secondary: 'bg-secondary text-secondary-foreground',
  outline: 'border border-border text-foreground',
  success: 'bg-success-soft text-success',
  warning: 'bg-accent-soft text-foreground',
  destructive: 'bg-destructive-soft text-destructive',
}

export function Badge({
  tone = 'secondary',
  className,
  ...props
}: React.HTMLAttributes<HTMLSpanElement> & { tone?: keyof typeof tones }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium capitalize',
        tones[tone],
        className,
      )}
      {...props}
    />
  )
}
