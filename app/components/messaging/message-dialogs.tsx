import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { FormErrors, SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { Field, TextareaField } from '~/components/forms'
import { buttonClass } from '~/components/ui/button'
import { ConfirmDeleteDialog } from '~/components/ui/confirm-delete-dialog'
import { Link } from '~/components/ui/link'
import { UrlDialog } from '~/components/ui/url-dialog'
import { useHydrated } from '~/components/use-hydrated'
import { useSchemaForm } from '~/components/use-schema-form'
import { DELETE_INTENT, REPLY_INTENT, type InboxReply } from '~/models/messaging/inbox-page'
import { MessageSchema } from '~/models/messaging/message'

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
  return (
    <UrlDialog
      open={Boolean(reply)}
      closeTo={closeTo}
      title={reply?.isReplyTo ? 'Reply' : 'New message'}
      description={reply ? `To ${reply.recipientName}` : undefined}
    >
      {reply ? (
        <ReplyForm
          key={`${reply.recipientId}-${reply.isReplyTo}`}
          reply={reply}
          action={action}
          closeTo={closeTo}
          lastResult={lastResult}
        />
      ) : null}
    </UrlDialog>
  )
}

function ReplyForm({
  reply,
  action,
  closeTo,
  lastResult,
}: {
  reply: InboxReply
  action: string
  closeTo: string
  lastResult: SubmissionResult<string[]> | null
}) {
  const pending = useIsSubmitting(action)
  const hydrated = useHydrated()
  const [form, fields] = useSchemaForm(MessageSchema, {
    id: `reply-${reply.recipientId}-${reply.isReplyTo ?? 'new'}`,
    lastResult,
    defaultValue: { subject: reply.subject, content: '' },
  })
  // With JavaScript, Send waits for both fields; without it the server says what is missing.
  const blank = !String(fields.subject.value ?? '').trim() || !String(fields.content.value ?? '').trim()
  return (
    <Form method="post" action={action} preventScrollReset className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={REPLY_INTENT} />
      <input type="hidden" name="recipientId" value={reply.recipientId} />
      {reply.isReplyTo ? <input type="hidden" name="isReplyTo" value={reply.isReplyTo} /> : null}
      <Field
        labelProps={{ children: 'Subject' }}
        inputProps={getInputProps(fields.subject, { type: 'text' })}
        errors={fields.subject.errors}
      />
      <TextareaField
        labelProps={{ children: 'Message' }}
        textareaProps={{ ...getTextareaProps(fields.content), rows: 6 }}
        errors={fields.content.errors}
      />
      <FormErrors id={form.errorId} errors={[...(form.errors ?? []), ...(fields.recipientId.errors ?? [])]} />
      <div className="flex justify-end gap-2">
        <Link to={closeTo} replace preventScrollReset className={buttonClass({ variant: 'outline' })}>
          Cancel
        </Link>
        <SubmitButton pending={pending} pendingText="Sending..." disabled={pending || (hydrated && blank)}>
          Send
        </SubmitButton>
      </div>
    </Form>
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
  return (
    <ConfirmDeleteDialog
      action={message ? action : undefined}
      closeTo={closeTo}
      title="Delete Message"
      description={
        <>
          <p>Delete this message from your inbox? The other person keeps their copy.</p>
          {message ? <p className="mt-1 font-medium text-foreground">{message.subject}</p> : null}
        </>
      }
      fields={{ intent: DELETE_INTENT, messageId: message?.id ?? '' }}
      preventScrollReset
    />
  )
}
