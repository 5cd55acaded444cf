import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '~/lib/cn'
import type { Namespace } from '~/lib/i18n/languages'
import { namespacesOf, translateMessage } from '~/lib/i18n/message'
import type { TFunction } from 'i18next'

export type ToastData = {
  type: 'success' | 'error' | 'info' | 'warning'
  title: string
  description?: string
}

/** Notification constants: a toast shows for 5 s, a swipe right past 50 px dismisses it, F8 focuses it. */
export const TOAST_DURATION_MS = 5000
const SWIPE_THRESHOLD_PX = 50
const HOTKEY = 'F8'

const tone: Record<ToastData['type'], string> = {
  success: 'border-success/30 bg-success-soft',
  error: 'border-destructive/30 bg-destructive-soft',
  info: 'border-border bg-card',
  warning: 'border-accent/50 bg-accent-soft',
}

/**
 * Shows one toast at a time. It is server-rendered, so it appears without JavaScript too
 * (and then fades out by CSS after 5 s). With JavaScript it closes after 5 s unless hovered
 * or focused, closes on a swipe right past 50 px, and F8 moves focus to it.
 */
export function Toaster({ toast }: { toast: ToastData | null | undefined }) {
  const [open, setOpen] = useState(Boolean(toast))
  const [hydrated, setHydrated] = useState(false)
  const [offset, setOffset] = useState(0)
  const paused = useRef(false)
  const startX = useRef<number | null>(null)
  const viewport = useRef<HTMLOListElement>(null)
  // A toast's words are catalogue keys until shown (app/lib/i18n/message.ts): their namespaces first.
  // Not suspending: a toast of another area's words waits for its catalogue, the page does not.
  const { t, ready } = useTranslation(namespacesOf([toast?.title, toast?.description]) as Namespace[], {
    useSuspense: false,
  })

  useEffect(() => setHydrated(true), [])
  useEffect(() => setOpen(Boolean(toast)), [toast])

  useEffect(() => {
    if (!open) return
    const timer = window.setInterval(() => {
      if (!paused.current) setOpen(false)
    }, TOAST_DURATION_MS)
    return () => window.clearInterval(timer)
  }, [open, toast])

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key === HOTKEY) viewport.current?.focus()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  return (
    <ol
      ref={viewport}
      tabIndex={-1}
      aria-label={`Notifications (${HOTKEY})`}
      className="pointer-events-none fixed right-0 bottom-0 z-50 flex w-full max-w-sm flex-col gap-2 p-4 outline-none"
    >
      {toast && open && ready ? (
        <li
          role="status"
          aria-live="polite"
          aria-atomic="true"
          aria-label={t('toast.label')}
          className={cn(
            'pointer-events-auto relative rounded-lg border p-4 pr-10 shadow-lg transition-transform',
            tone[toast.type],
            !hydrated && 'toast-autohide',
          )}
          style={offset ? { transform: `translateX(${offset}px)` } : undefined}
          onMouseEnter={() => (paused.current = true)}
          onMouseLeave={() => (paused.current = false)}
          onFocus={() => (paused.current = true)}
          onBlur={() => (paused.current = false)}
          onPointerDown={(e) => (startX.current = e.clientX)}
          onPointerMove={(e) => {
            if (startX.current !== null) setOffset(Math.max(0, e.clientX - startX.current))
          }}
          onPointerUp={() => {
            if (offset > SWIPE_THRESHOLD_PX) setOpen(false)
            startX.current = null
            setOffset(0)
          }}
        >
          <p className="text-sm font-semibold">{translateMessage(t as TFunction, toast.title)}</p>
          {toast.description ? (
            <p className="mt-1 text-sm text-muted-foreground">{translateMessage(t as TFunction, toast.description)}</p>
          ) : null}
          {hydrated ? (
            <button
              type="button"
              onClick={() => setOpen(false)}
              className="absolute top-2 right-2 rounded p-1 text-muted-foreground hover:bg-black/5"
              aria-label={t('toast.close')}
            >
              ×
            </button>
          ) : null}
        </li>
      ) : null}
    </ol>
  )
}
