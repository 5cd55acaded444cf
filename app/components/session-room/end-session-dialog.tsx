import { useEffect, useId, useRef } from 'react'
import { Button } from '~/components/ui/button'
import { useRoomText } from './use-room-text'

/**
 * The confirmation before End session: ending closes the room for both people for good and
 * completes the booking, so it is asked first, with Cancel focused (a stray Enter keeps the
 * call). A native modal `<dialog>`: the browser keeps focus inside, Escape cancels, and the rest
 * of the page is inert while it is open. The room itself needs JavaScript, so this may too; it
 * lives in the page's state rather than the URL (a navigation would revalidate the live call).
 */
export function EndSessionDialog({
  open,
  clientFirstName,
  onCancel,
  onConfirm,
}: {
  open: boolean
  clientFirstName: string
  onCancel: () => void
  onConfirm: () => void
}) {
  const id = useId()
  const ref = useRef<HTMLDialogElement>(null)
  const { t } = useRoomText()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      // Escape, or the browser closing it: the same as Cancel.
      onClose={() => open && onCancel()}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg border border-border bg-card p-6 text-card-foreground shadow-xl backdrop:bg-foreground/40"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('endConfirm.title')}
      </h2>
      <p id={`${id}-body`} className="mt-2 text-sm text-muted-foreground">
        {t('endConfirm.body', { name: clientFirstName })}
      </p>
      <div className="mt-6 flex justify-end gap-2">
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the safe choice first, in a dialog just opened */}
        <Button variant="outline" autoFocus onClick={onCancel}>
          {t('endConfirm.cancel')}
        </Button>
        <Button variant="destructive" onClick={onConfirm}>
          {t('endConfirm.confirm')}
        </Button>
      </div>
    </dialog>
  )
}
