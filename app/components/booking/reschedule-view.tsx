import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useBookingWords } from '~/components/booking/use-booking-words'
import { SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { TextareaField } from '~/components/forms'
import { MonthCalendar, SlotPicker } from '~/components/marketplace/month-calendar'
import { Card } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { MOVE_MESSAGE_LABEL, MOVE_MESSAGE_MAX } from '~/models/booking/reschedule'
import type { RescheduleAction, RescheduleLoader, ReschedulePageData } from '~/models/booking/reschedule-page.server'

/** A Reschedule page's screen: the loader's data, the last refusal, and where to go back to. */
export function RescheduleScreen({ backTo }: { backTo: (bookingId: number) => { to: string; label: string } }) {
  const { data, changeZoneHref } = useLoaderData<RescheduleLoader>()
  const actionData = useActionData<RescheduleAction>()
  const { message: messageErrors, ...otherErrors } = actionData?.result.error ?? {}
  const error = Object.values(otherErrors).flat()[0]
  // A refused move keeps what the practitioner wrote, with or without JavaScript.
  const sent = actionData?.result.initialValue?.message
  return (
    <RescheduleView
      data={data}
      changeZoneHref={changeZoneHref}
      backTo={backTo(data.booking.id)}
      error={error}
      message={{ value: typeof sent === 'string' ? sent : '', errors: messageErrors ?? undefined }}
    />
  )
}

/**
 * The Reschedule page of either side: the session as it is, a month of dates as links and the
 * chosen day's open times as radio buttons, posting to the page itself, so it works without
 * JavaScript. `error` is why the last move was refused; `message` the practitioner's words for
 * the client as last sent, and why they were refused.
 */
export function RescheduleView({
  data: { booking, side, closed, calendar },
  changeZoneHref,
  backTo,
  error,
  message,
}: {
  data: ReschedulePageData
  changeZoneHref: string
  backTo: { to: string; label: string }
  error?: string | null
  message?: { value: string; errors?: string[] }
}) {
  const pending = useIsSubmitting()
  const { t, say } = useBookingWords()
  const other =
    booking.otherName ?? (side === 'client' ? t('rescheduleView.formerPractitioner') : t('rescheduleView.formerClient'))
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">{t('rescheduleView.title')}</h1>
        <p className="text-muted-foreground">
          {t('rescheduleView.sessionWith', { service: booking.serviceName, other })}
        </p>
        <p>{t('rescheduleView.now', { when: booking.when })}</p>
        {side === 'practitioner' && !closed ? (
          <p className="text-sm text-muted-foreground">{t('rescheduleView.clientIsEmailed')}</p>
        ) : null}
      </header>
      {closed ? (
        <Card className="p-5" role="alert">
          <p className="font-medium">{say(closed)}</p>
        </Card>
      ) : calendar ? (
        <Card className="space-y-6 p-5 sm:p-6">
          <div>
            <p className="mb-3 text-sm font-semibold">{t('rescheduleView.selectDate')}</p>
            <MonthCalendar
              headingLevel={2}
              month={calendar.month}
              today={calendar.today}
              selected={calendar.selected}
              markedDays={calendar.markedDays}
              hrefFor={(query) => `?${new URLSearchParams(query)}`}
            />
          </div>
          <Form method="post" className="space-y-4">
            <SlotPicker
              key={calendar.selected}
              slots={calendar.slots}
              dateLabel={calendar.dateLabel}
              zoneLabel={calendar.zoneLabel}
              changeZoneHref={changeZoneHref}
              hint={calendar.dateChosen ? undefined : t('rescheduleView.pickDate')}
              errorId={error ? 'reschedule-error' : undefined}
            />
            {side === 'practitioner' ? (
              <TextareaField
                labelProps={{ children: say(MOVE_MESSAGE_LABEL) }}
                textareaProps={{
                  name: 'message',
                  rows: 3,
                  maxLength: MOVE_MESSAGE_MAX,
                  defaultValue: message?.value,
                }}
                errors={message?.errors}
              />
            ) : null}
            {error ? (
              <p id="reschedule-error" role="alert" className="text-sm font-medium text-destructive">
                {say(error)}
              </p>
            ) : null}
            <SubmitButton className="w-full" pending={pending} pendingText={t('rescheduleView.moving')}>
              {t('rescheduleView.move')}
            </SubmitButton>
          </Form>
        </Card>
      ) : (
        <Card className="p-5">
          <p>{t('rescheduleView.serviceGone')}</p>
        </Card>
      )}
      <Link to={backTo.to} className="text-sm underline">
        {backTo.label}
      </Link>
    </div>
  )
}
