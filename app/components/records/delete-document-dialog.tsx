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
  return (
    <ConfirmDeleteDialog
      action={document ? withParam(closeTo, 'deleteDoc', document.id) : undefined}
      closeTo={closeTo}
      title="Delete Document"
      description={
        document ? (
          <p>Are you sure you want to delete &ldquo;{document.name}&rdquo;? This action cannot be undone.</p>
        ) : null
      }
      fields={{ intent: DELETE_DOCUMENT_INTENT, documentId: document?.id ?? '' }}
    />
  )
}
