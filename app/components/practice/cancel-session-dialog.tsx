import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormErrors, SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { CheckboxField, TextareaField } from '~/components/forms'
import { useFormats } from '~/components/i18n/use-formats'
import { buttonClass } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import { UrlDialog } from '~/components/ui/url-dialog'
import { useSchemaForm } from '~/components/use-schema-form'
import { PRACTITIONER_CANCEL_INTENT, PractitionerCancelSchema } from '~/models/booking/practitioner-cancel'
import { shownClientName } from './client-name'

export type SessionToCancel = {
  id: number
  serviceName: string
  clientName: string
  startTime: string
  /** What the client paid and gets back in full (dollars); 0 when nothing was paid. */
  refund: number
}

/**
 * The practitioner's Cancel Session dialog, open while the URL has `cancel=<id>` (so it works
 * without JavaScript): a reason for the client and whether the time stays closed. It posts to
 * `action`, the dialog's own address, so refusals come back into it; closing goes to `closeTo`.
 */
export function CancelSessionDialog({
  closeTo,
  action,
  session,
  timeZone,
  lastResult,
}: {
  closeTo: string
  action: string
  session: SessionToCancel | null
  timeZone: string
  lastResult: SubmissionResult<string[]> | null
}) {
  const { t } = useTranslation('practice')
  const formats = useFormats()
  return (
    <UrlDialog
      open={Boolean(session)}
      closeTo={closeTo}
      title={t('sessions.cancelTitle')}
      description={
        session ? (
          <>
            <p className="font-medium text-foreground">
              {t('sessions.cancelSession', {
                service: session.serviceName,
                name: shownClientName(t, session.clientName),
                date: formats.date(session.startTime, timeZone),
                time: formats.time(session.startTime, timeZone),
                zone: formats.zone(session.startTime, timeZone),
              })}
            </p>
            <p className="mt-2">
              {session.refund > 0
                ? t('sessions.refunded', { amount: formats.price(session.refund) })
                : t('sessions.nothingPaid')}{' '}
              {t('sessions.reasonEmailed')}
            </p>
          </>
        ) : null
      }
    >
      {session ? (
        <CancelSessionForm
          key={session.id}
          closeTo={closeTo}
          action={action}
          session={session}
          lastResult={lastResult}
        />
      ) : null}
    </UrlDialog>
  )
}

function CancelSessionForm({
  closeTo,
  action,
  session,
  lastResult,
}: {
  closeTo: string
  action: string
  session: SessionToCancel
  lastResult: SubmissionResult<string[]> | null
}) {
  const pending = useIsSubmitting(action)
  const { t } = useTranslation('practice')
  const [form, fields] = useSchemaForm(PractitionerCancelSchema, { id: `cancel-session-${session.id}`, lastResult })
  return (
    <Form method="post" action={action} preventScrollReset className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={PRACTITIONER_CANCEL_INTENT} />
      <input type="hidden" name="bookingId" value={session.id} />
      <TextareaField
        labelProps={{ children: t('sessions.reason') }}
        textareaProps={{ ...getTextareaProps(fields.reason), rows: 4 }}
        errors={fields.reason.errors}
      />
      <CheckboxField
        labelProps={{ children: t('sessions.keepClosed') }}
        inputProps={getInputProps(fields.keepSlotClosed, { type: 'checkbox' })}
        errors={fields.keepSlotClosed.errors}
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div data-dialog-actions className="flex justify-end gap-2">
        <Link to={closeTo} replace preventScrollReset className={buttonClass({ variant: 'outline' })}>
          {t('sessions.keepSession')}
        </Link>
        <SubmitButton variant="destructive" pending={pending} pendingText={t('sessions.cancelling')}>
          {t('sessions.cancelSubmit')}
        </SubmitButton>
      </div>
    </Form>
  )
}
