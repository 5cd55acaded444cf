import { useTranslation } from 'react-i18next'
import { ConfirmDeleteDialog } from '~/components/ui/confirm-delete-dialog'
import { DELETE_NOTE_INTENT, withParam } from '~/models/records/chart-links'

/** The confirmation before a note is deleted; open while the URL has `deleteNote=<id>`. */
export function DeleteNoteDialog({ note, closeTo }: { note: { id: number; title: string } | null; closeTo: string }) {
  const { t } = useTranslation('records')
  return (
    <ConfirmDeleteDialog
      action={note ? withParam(closeTo, 'deleteNote', note.id) : undefined}
      closeTo={closeTo}
      title={t('deleteNote.title')}
      description={note ? <p>{t('deleteNote.confirm', { title: note.title })}</p> : null}
      fields={{ intent: DELETE_NOTE_INTENT, noteId: note?.id ?? '' }}
    />
  )
}
