import { getFormProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { FormErrors, SubmitButton, useIsSubmittingIntent } from '~/components/form-shell'
import { TextareaField } from '~/components/forms'
import { Card } from '~/components/ui/card'
import { useSchemaForm } from '~/components/use-schema-form'
import {
  NO_SHOW_REPORTED,
  NoShowReportSchema,
  REPORT_DETAILS_MAX,
  REPORT_NO_SHOW_INTENT,
} from '~/models/booking/no-show'

/**
 * "Your practitioner did not attend?": from the session's start until 7 days after its end, the
 * client tells our team (a contact message with the booking attached). A `<details>` keeps the
 * form folded away until wanted, without JavaScript too; a refused form comes back open.
 */
export function NoShowReport({
  bookingId,
  canReport,
  reported,
  lastResult,
}: {
  bookingId: number
  canReport: boolean
  reported: boolean
  lastResult: SubmissionResult<string[]> | null
}) {
  if (reported) {
    return (
      <Card className="p-5" role="status">
        <p>{NO_SHOW_REPORTED}</p>
      </Card>
    )
  }
  if (!canReport) return null
  return <ReportForm bookingId={bookingId} lastResult={lastResult} />
}

function ReportForm({ bookingId, lastResult }: { bookingId: number; lastResult: SubmissionResult<string[]> | null }) {
  const pending = useIsSubmittingIntent(REPORT_NO_SHOW_INTENT)
  const [form, fields] = useSchemaForm(NoShowReportSchema, { id: `no-show-report-${bookingId}`, lastResult })
  return (
    <details className="rounded-lg border border-border p-5" open={Boolean(lastResult)}>
      <summary className="cursor-pointer font-medium">Your practitioner did not attend?</summary>
      <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
        <p className="text-sm text-muted-foreground">
          Tell our team: we will look into it and reply by email. Your practitioner does not see this report.
        </p>
        <input type="hidden" name="intent" value={REPORT_NO_SHOW_INTENT} />
        <TextareaField
          labelProps={{ children: 'What happened (optional)' }}
          textareaProps={{ ...getTextareaProps(fields.details), rows: 4, maxLength: REPORT_DETAILS_MAX }}
          errors={fields.details.errors}
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <SubmitButton pending={pending} pendingText="Sending...">
          Send Report
        </SubmitButton>
      </Form>
    </details>
  )
}
