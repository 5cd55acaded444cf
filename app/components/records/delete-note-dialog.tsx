import { Form, Link } from '@remix-run/react'
import { SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { buttonClass } from '~/components/ui/button'
import { UrlDialog } from '~/components/ui/url-dialog'
import { DELETE_NOTE_INTENT, withParam } from './chart-links'

/** The confirmation before a note is deleted; open while the URL has `deleteNote=<id>`. */
export function DeleteNoteDialog({ note, closeTo }: { note: { id: number; title: string } | null; closeTo: string }) {
  const actionUrl = note ? withParam(closeTo, 'deleteNote', note.id) : undefined
  const pending = useIsSubmitting(actionUrl)
  return (
    <UrlDialog
      open={Boolean(note)}
      closeTo={closeTo}
      title="Delete Note"
      description={
        note ? (
          <p>Are you sure you want to delete the note &ldquo;{note.title}&rdquo;? This action cannot be undone.</p>
        ) : null
      }
    >
      {note ? (
        <Form method="post" action={actionUrl} className="flex justify-end gap-2">
          <input type="hidden" name="intent" value={DELETE_NOTE_INTENT} />
          <input type="hidden" name="noteId" value={note.id} />
          <Link to={closeTo} replace preventScrollReset className={buttonClass({ variant: 'outline' })}>
            Cancel
          </Link>
          <SubmitButton variant="destructive" pending={pending} pendingText="Deleting...">
            Delete
          </SubmitButton>
        </Form>
      ) : null}
    </UrlDialog>
  )
}
