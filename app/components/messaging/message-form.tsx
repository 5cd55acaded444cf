import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormErrors, SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { Field, TextareaField } from '~/components/forms'
import { buttonClass } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import { useHydrated } from '~/components/use-hydrated'
import { useSchemaForm } from '~/components/use-schema-form'
import { REPLY_INTENT, type InboxReply } from '~/models/messaging/inbox-page'
import { MessageSchema } from '~/models/messaging/message'

/**
 * Subject and Message, posted to `action` (the address that shows the form, so a refused message
 * comes back to it with its errors, without JavaScript too): the reply dialog's form and the
 * composer under the thread. `id` tells the two apart when both are on the page.
 */
export function MessageForm({
  id,
  reply,
  action,
  lastResult,
  rows,
  cancelTo,
  label,
  compact = false,
}: {
  id: string
  reply: InboxReply
  action: string
  lastResult: SubmissionResult<string[]> | null
  rows: number
  /** A Cancel link beside Send (the dialog's way out). */
  cancelTo?: string
  /** The form's accessible name, when nothing else names it. */
  label?: string
  /**
   * The composer: labels for screen readers only, the fields saying what they take, so that the
   * thread's box and the composer fit a laptop's screen together.
   */
  compact?: boolean
}) {
  const pending = useIsSubmitting(action)
  const hydrated = useHydrated()
  const { t } = useTranslation('messaging')
  const [form, fields] = useSchemaForm(MessageSchema, {
    id,
    lastResult,
    defaultValue: { subject: reply.subject, content: '' },
  })
  // With JavaScript, Send waits for both fields; without it the server says what is missing.
  const blank = !String(fields.subject.value ?? '').trim() || !String(fields.content.value ?? '').trim()
  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      aria-label={label}
      className={compact ? 'space-y-2' : 'space-y-4'}
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value={REPLY_INTENT} />
      <input type="hidden" name="recipientId" value={reply.recipientId} />
      {reply.isReplyTo ? <input type="hidden" name="isReplyTo" value={reply.isReplyTo} /> : null}
      <Field
        labelProps={{ children: t('form.subject'), className: compact ? 'sr-only' : undefined }}
        inputProps={{
          ...getInputProps(fields.subject, { type: 'text' }),
          placeholder: compact ? t('form.subject') : undefined,
        }}
        errors={fields.subject.errors}
      />
      <TextareaField
        labelProps={{ children: t('form.message'), className: compact ? 'sr-only' : undefined }}
        textareaProps={{
          ...getTextareaProps(fields.content),
          rows,
          placeholder: compact ? t('form.placeholder') : undefined,
        }}
        errors={fields.content.errors}
      />
      <FormErrors id={form.errorId} errors={[...(form.errors ?? []), ...(fields.recipientId.errors ?? [])]} />
      <div className="flex justify-end gap-2">
        {cancelTo ? (
          <Link to={cancelTo} replace preventScrollReset className={buttonClass({ variant: 'outline' })}>
            {t('form.cancel')}
          </Link>
        ) : null}
        <SubmitButton pending={pending} pendingText={t('form.sending')} disabled={pending || (hydrated && blank)}>
          {t('form.send')}
        </SubmitButton>
      </div>
    </Form>
  )
}
