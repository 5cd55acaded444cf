import { getFormProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { useBookingWords } from '~/components/booking/use-booking-words'
import { FormErrors, SubmitButton, useIsSubmittingIntent } from '~/components/form-shell'
import { TextareaField } from '~/components/forms'
import { Card } from '~/components/ui/card'
import { useSchemaForm } from '~/components/use-schema-form'
import {
  ALREADY_DISPUTED,
  I_WAS_THERE_ANCHOR,
  NO_SHOW_REPORTED,
  NoShowReportSchema,
  REPORT_DETAILS_MAX,
  REPORT_NO_SHOW_INTENT,
  type ReportKind,
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
  const { t, say } = useBookingWords()
  if (reported) {
    return (
      <Card className="p-5" role="status">
        <p>{say(NO_SHOW_REPORTED)}</p>
      </Card>
    )
  }
  if (!canReport) return null
  return (
    <details
      className="rounded-lg border border-border p-5"
      open={Boolean(resultOf('practitioner-absent', lastResult))}
    >
      <summary className="cursor-pointer font-medium">{t('report.practitionerAbsent.summary')}</summary>
      <ReportForm
        bookingId={bookingId}
        kind="practitioner-absent"
        lastResult={lastResult}
        submit={t('report.practitionerAbsent.submit')}
        intro={t('report.practitionerAbsent.intro')}
      />
    </details>
  )
}

/**
 * "I was there": the client of a session marked missed tells our team they came (within 7 days
 * of the mark, once); the admins read it with the room's attendance. Where the missed-session
 * email's link leads (`#i-was-there`).
 */
export function AttendedReport({
  bookingId,
  canDispute,
  disputed,
  lastResult,
}: {
  bookingId: number
  canDispute: boolean
  disputed: boolean
  lastResult: SubmissionResult<string[]> | null
}) {
  const { t, say } = useBookingWords()
  if (disputed) return <p role="status">{say(ALREADY_DISPUTED)}</p>
  if (!canDispute) return null
  return (
    <section
      id={I_WAS_THERE_ANCHOR}
      aria-labelledby="i-was-there-title"
      className="space-y-2 border-t border-border pt-4"
    >
      <h2 id="i-was-there-title" className="font-medium">
        {t('report.clientAttended.title')}
      </h2>
      <ReportForm
        bookingId={bookingId}
        kind="client-attended"
        lastResult={lastResult}
        submit={t('report.clientAttended.submit')}
        intro={t('report.clientAttended.intro')}
      />
    </section>
  )
}

/** The page's last refused report goes back into the form of its own kind only. */
function resultOf(kind: ReportKind, lastResult: SubmissionResult<string[]> | null) {
  const sent = (lastResult?.initialValue as { kind?: string } | undefined)?.kind ?? 'practitioner-absent'
  return sent === kind ? lastResult : null
}

function ReportForm({
  bookingId,
  kind,
  lastResult,
  submit,
  intro,
}: {
  bookingId: number
  kind: ReportKind
  lastResult: SubmissionResult<string[]> | null
  submit: string
  intro: string
}) {
  const { t } = useBookingWords()
  // Both reports post the same intent: only the one of this kind shows it is sending.
  const navigation = useNavigation()
  const pending = useIsSubmittingIntent(REPORT_NO_SHOW_INTENT) && navigation.formData?.get('kind') === kind
  const [form, fields] = useSchemaForm(NoShowReportSchema, {
    id: `${kind}-report-${bookingId}`,
    lastResult: resultOf(kind, lastResult),
  })
  return (
    <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
      <p className="text-sm text-muted-foreground">{intro}</p>
      <input type="hidden" name="intent" value={REPORT_NO_SHOW_INTENT} />
      <input type="hidden" name="kind" value={kind} />
      <TextareaField
        labelProps={{ children: t('report.details') }}
        textareaProps={{ ...getTextareaProps(fields.details), rows: 4, maxLength: REPORT_DETAILS_MAX }}
        errors={fields.details.errors}
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <SubmitButton pending={pending} pendingText={t('report.sending')}>
        {submit}
      </SubmitButton>
    </Form>
  )
}
