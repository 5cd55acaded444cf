import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { FormErrors, SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { CheckboxField, TextareaField } from '~/components/forms'
import { buttonClass } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import { UrlDialog } from '~/components/ui/url-dialog'
import { useSchemaForm } from '~/components/use-schema-form'
import { formatDate, formatTime, zoneAbbreviation } from '~/lib/dates'
import { formatPrice } from '~/lib/money'
import { PRACTITIONER_CANCEL_INTENT, PractitionerCancelSchema } from '~/models/booking/practitioner-cancel'

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
  return (
    <UrlDialog
      open={Boolean(session)}
      closeTo={closeTo}
      title="Cancel Session"
      description={
        session ? (
          <>
            <p className="font-medium text-foreground">
              {`${session.serviceName} with ${session.clientName}, ${formatDate(session.startTime, timeZone)} at ` +
                `${formatTime(session.startTime, timeZone)} ${zoneAbbreviation(session.startTime, timeZone)}`}
            </p>
            <p className="mt-2">
              {session.refund > 0
                ? `Your client will be refunded the full ${formatPrice(session.refund)}, and the payment to you is reversed.`
                : 'Nothing was paid for this session.'}{' '}
              We email them your reason.
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
  const [form, fields] = useSchemaForm(PractitionerCancelSchema, { id: `cancel-session-${session.id}`, lastResult })
  return (
    <Form method="post" action={action} preventScrollReset className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={PRACTITIONER_CANCEL_INTENT} />
      <input type="hidden" name="bookingId" value={session.id} />
      <TextareaField
        labelProps={{ children: 'Reason for your client' }}
        textareaProps={{ ...getTextareaProps(fields.reason), rows: 4 }}
        errors={fields.reason.errors}
      />
      <CheckboxField
        labelProps={{ children: 'Keep this time closed (otherwise it opens for booking again)' }}
        inputProps={getInputProps(fields.keepSlotClosed, { type: 'checkbox' })}
        errors={fields.keepSlotClosed.errors}
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div data-dialog-actions className="flex justify-end gap-2">
        <Link to={closeTo} replace preventScrollReset className={buttonClass({ variant: 'outline' })}>
          Keep Session
        </Link>
        <SubmitButton variant="destructive" pending={pending} pendingText="Cancelling...">
          Cancel Session
        </SubmitButton>
      </div>
    </Form>
  )
}
