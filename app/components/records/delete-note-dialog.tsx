import { ConfirmDeleteDialog } from '~/components/ui/confirm-delete-dialog'
import { DELETE_NOTE_INTENT, withParam } from '~/models/records/chart-links'

/** The confirmation before a note is deleted; open while the URL has `deleteNote=<id>`. */
export function DeleteNoteDialog({ note, closeTo }: { note: { id: number; title: string } | null; closeTo: string }) {
  return (
    <ConfirmDeleteDialog
      action={note ? withParam(closeTo, 'deleteNote', note.id) : undefined}
      closeTo={closeTo}
      title="Delete Note"
      description={
        note ? (
          <p>Are you sure you want to delete the note &ldquo;{note.title}&rdquo;? This action cannot be undone.</p>
        ) : null
      }
      fields={{ intent: DELETE_NOTE_INTENT, noteId: note?.id ?? '' }}
    />
  )
}
