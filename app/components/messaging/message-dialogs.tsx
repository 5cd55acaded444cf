import { useTranslation } from 'react-i18next'
import { ConfirmDeleteDialog } from '~/components/ui/confirm-delete-dialog'
import { UrlDialog } from '~/components/ui/url-dialog'
import { DELETE_INTENT, type InboxReply } from '~/models/messaging/inbox-page'
import { MessageForm } from './message-form'
import type { SubmissionResult } from '@conform-to/react'

/**
 * The inbox's two dialogs, opened by the URL (`&reply=…`, `&delete=<id>`) and posting back to
 * that same URL, so a refused reply renders the dialog again with its errors without JavaScript.
 */

export function ReplyDialog({
  reply,
  action,
  closeTo,
  lastResult,
}: {
  reply: InboxReply | null
  action: string
  closeTo: string
  lastResult: SubmissionResult<string[]> | null
}) {
  const { t } = useTranslation('messaging')
  return (
    <UrlDialog
      open={Boolean(reply)}
      closeTo={closeTo}
      title={reply?.isReplyTo ? t('dialogs.reply') : t('dialogs.newMessage')}
      description={reply ? t('dialogs.to', { name: reply.recipientName }) : undefined}
    >
      {reply ? (
        <MessageForm
          key={`${reply.recipientId}-${reply.isReplyTo}`}
          id={`reply-${reply.recipientId}-${reply.isReplyTo ?? 'new'}`}
          reply={reply}
          action={action}
          lastResult={lastResult}
          rows={6}
          cancelTo={closeTo}
        />
      ) : null}
    </UrlDialog>
  )
}

export function DeleteMessageDialog({
  message,
  action,
  closeTo,
}: {
  message: { id: number; subject: string } | null
  action: string
  closeTo: string
}) {
  const { t } = useTranslation('messaging')
  return (
    <ConfirmDeleteDialog
      action={message ? action : undefined}
      closeTo={closeTo}
      title={t('dialogs.deleteTitle')}
      description={
        <>
          <p>{t('dialogs.deleteConfirm')}</p>
          {message ? <p className="mt-1 font-medium text-foreground">{message.subject}</p> : null}
        </>
      }
      fields={{ intent: DELETE_INTENT, messageId: message?.id ?? '' }}
      preventScrollReset
    />
  )
}
