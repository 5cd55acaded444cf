import { useTranslation } from 'react-i18next'
import { ConfirmDeleteDialog } from '~/components/ui/confirm-delete-dialog'
import { DELETE_DOCUMENT_INTENT, withParam } from '~/models/records/chart-links'

/** The confirmation before a document and its file are deleted; open while the URL has `deleteDoc=<id>`. */
export function DeleteDocumentDialog({
  document,
  closeTo,
}: {
  document: { id: number; name: string } | null
  closeTo: string
}) {
  const { t } = useTranslation('records')
  return (
    <ConfirmDeleteDialog
      action={document ? withParam(closeTo, 'deleteDoc', document.id) : undefined}
      closeTo={closeTo}
      title={t('deleteDocument.title')}
      description={document ? <p>{t('deleteDocument.confirm', { name: document.name })}</p> : null}
      fields={{ intent: DELETE_DOCUMENT_INTENT, documentId: document?.id ?? '' }}
    />
  )
}
