import { useNavigate } from '@remix-run/react'
import { useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from '~/components/ui/link'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])'

/**
 * A dialog whose open state is in the URL (e.g. `?delete=1`): the server renders it open,
 * so it works without JavaScript; closing is a link back to the page without the parameter.
 * With JavaScript, focus moves into it on opening (its first field, else the dialog) and stays
 * inside while Tab cycles, Escape closes it, and closing gives focus back to what opened it.
 * A dialog taller than the screen scrolls inside itself; a row marked `data-dialog-actions`
 * (the submit buttons) stays in view at its bottom. Forms inside never scroll on their own.
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
  const { t } = useTranslation()
  const id = useId()
  const navigate = useNavigate()
  const dialog = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const box = dialog.current
    const first = box?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea')
    ;(first ?? box)?.focus()

    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') navigate(closeTo, { replace: true, preventScrollReset: true })
      if (event.key !== 'Tab' || !box) return
      const items = Array.from(box.querySelectorAll<HTMLElement>(FOCUSABLE))
      if (!items.length) return
      const [head, tail] = [items[0]!, items[items.length - 1]!]
      if (event.shiftKey && (document.activeElement === head || document.activeElement === box)) {
        event.preventDefault()
        tail.focus()
      } else if (!event.shiftKey && document.activeElement === tail) {
        event.preventDefault()
        head.focus()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => {
      window.removeEventListener('keydown', onKey)
      // Back to the link or button that opened it, when it is still on the page.
      if (opener?.isConnected) opener.focus({ preventScroll: true })
    }
  }, [open, closeTo, navigate])

  if (!open) return null
  return (
    // m-0: a dialog is often the child of a `space-y-*` page, whose margin would shrink a fixed
    // box (inset 0 less the margin) and push the dialog off centre.
    <div className="fixed inset-0 z-50 m-0 flex items-center justify-center bg-foreground/40 p-4">
      {/*
       * max-h-full: never taller than the overlay's padded box, so nothing is cut at either end.
       * The dialog is the only scroll box: a form inside must not scroll on its own, or the
       * actions row sticks 1.5rem past the form's edge (meant for the dialog's padding) and is
       * clipped there, half its buttons out of sight.
       */}
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        tabIndex={-1}
        className="relative max-h-full w-full max-w-md overflow-y-auto rounded-lg border border-border bg-card p-6 shadow-xl outline-none [&_[data-dialog-actions]]:sticky [&_[data-dialog-actions]]:-bottom-6 [&_[data-dialog-actions]]:-mx-6 [&_[data-dialog-actions]]:border-t [&_[data-dialog-actions]]:border-border [&_[data-dialog-actions]]:bg-card [&_[data-dialog-actions]]:px-6 [&_[data-dialog-actions]]:py-3"
      >
        <h2 id={`${id}-title`} className="pr-8 text-lg font-semibold">
          {title}
        </h2>
        {description ? <div className="mt-2 text-sm text-muted-foreground">{description}</div> : null}
        <div className="mt-4">{children}</div>
        <Link
          to={closeTo}
          replace
          preventScrollReset
          className="absolute top-3 right-3 rounded px-2 py-1 text-muted-foreground hover:bg-muted"
          aria-label={t('actions.closeDialog')}
        >
          ×
        </Link>
      </div>
    </div>
  )
}
