import { Link, useNavigate } from '@remix-run/react'
import { useEffect, useId } from 'react'

/**
 * A dialog whose open state is in the URL (e.g. `?delete=1`): the server renders it open,
 * so it works without JavaScript; closing is a link back to the page without the parameter.
 * With JavaScript, Escape closes it too.
 */
export function UrlDialog({
  open,
  title,
  description,
  closeTo,
  children,
}: {
  open: boolean
  title: string
  description?: React.ReactNode
  closeTo: string
  children: React.ReactNode
}) {
  const id = useId()
  const navigate = useNavigate()
  useEffect(() => {
    if (!open) return
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') navigate(closeTo, { replace: true, preventScrollReset: true })
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open, closeTo, navigate])

  if (!open) return null
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-foreground/40 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        className="relative w-full max-w-md rounded-lg border border-border bg-card p-6 shadow-xl"
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        {description ? <div className="mt-2 text-sm text-muted-foreground">{description}</div> : null}
        <div className="mt-4">{children}</div>
        <Link
          to={closeTo}
          replace
          preventScrollReset
          className="absolute top-3 right-3 rounded px-2 py-1 text-muted-foreground hover:bg-muted"
          aria-label="Close dialog"
        >
          ×
        </Link>
      </div>
    </div>
  )
}
