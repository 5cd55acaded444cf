import { type LinkProps } from '@remix-run/react'
import { forwardRef } from 'react'
import { Link } from '~/components/ui/link'
import { cn } from '~/lib/cn'

const variants = {
  primary: 'bg-primary text-primary-foreground hover:bg-primary-hover',
  outline: 'border border-input bg-card text-foreground hover:bg-muted',
  ghost: 'text-foreground hover:bg-muted',
  destructive: 'bg-destructive text-white hover:bg-destructive/90',
  secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/70',
}
/** Heights are minimums: a label that wraps on a narrow screen grows the button, padded, instead of spilling out. */
const sizes = {
  sm: 'min-h-8 px-3 py-1 text-sm',
  md: 'min-h-10 px-4 py-2 text-sm',
  lg: 'min-h-12 px-6 py-2.5 text-base',
}

export type ButtonStyle = { variant?: keyof typeof variants; size?: keyof typeof sizes }

export function buttonClass({ variant = 'primary', size = 'md' }: ButtonStyle = {}, extra?: string) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-md text-center font-medium transition-colors disabled:pointer-events-none disabled:opacity-50',
    variants[variant],
    sizes[size],
    extra,
  )
}

export const Button = forwardRef<HTMLButtonElement, React.ButtonHTMLAttributes<HTMLButtonElement> & ButtonStyle>(
  function Button({ variant, size, className, type = 'button', ...props }, ref) {
    return <button ref={ref} type={type} className={buttonClass({ variant, size }, className)} {...props} />
  },
)

export function ButtonLink({ variant, size, className, ...props }: LinkProps & ButtonStyle) {
  return <Link className={buttonClass({ variant, size }, className)} {...props} />
}
