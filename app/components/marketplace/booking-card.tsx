import { Form } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { shownMessage } from '~/components/marketplace/i18n'
import { MonthCalendar, SlotPicker, type SlotOption, type CalendarMonth } from '~/components/marketplace/month-calendar'
import { PriceBadge } from '~/components/marketplace/price-badge'
import { Card } from '~/components/ui/card'
import { useHydrated } from '~/components/use-hydrated'
import type { Namespace } from '~/lib/i18n/languages'
import { namespacesOf } from '~/lib/i18n/message'
import { FREE_SESSION_CANCELLATION, PAID_CANCELLATION_POLICY } from '~/models/booking/policy'

/**
 * The booking card of a service's page (`#book`): a month of dates as links, the chosen day's
 * open times as radio buttons, and the button that books (and, for a paid session, goes on to
 * payment). It posts to the service's page, so booking works without JavaScript.
 */
export function BookingCard({
  service,
  bookLabel,
  taxLine,
  month,
  today,
  selected,
  dateChosen,
  dateLabel,
  zoneLabel,
  changeZoneHref,
  markedDays,
  slots,
  chosenSlot,
  error,
  redirecting,
  packageLabel,
}: {
  service: { price: number; duration: number }
  /** The button's words, with the total to pay ('Book & Pay $56.50 CAD'). */
  bookLabel: string
  /** 'Fee … · HST 13% … · Total …' for a taxed service, null without tax (worded by the loader). */
  taxLine: string | null
  month: CalendarMonth
  /** yyyy-MM-dd in the viewer's zone. */
  today: string
  /** The date whose times are shown (yyyy-MM-dd). */
  selected: string
  /** False when the page picked the date itself (the first day with open times). */
  dateChosen: boolean
  dateLabel: string
  zoneLabel: string
  /** The zone picker, coming back to this day. */
  changeZoneHref: string
  /** yyyy-MM-dd days of the month on show that have open times. */
  markedDays: string[]
  slots: SlotOption[]
  /** A time to start with chosen (the one picked before logging in), if any. */
  chosenSlot: number | null
  /** Why the last booking was refused, if it was. */
  error?: string | null
  /** A paid booking was made and the page is about to leave for the payment page. */
  redirecting: boolean
  /** 'Use a package session (3 left)' when the client holds one for this service (worded by the loader), else null. */
  packageLabel: string | null
}) {
  const policy = service.price === 0 ? FREE_SESSION_CANCELLATION : PAID_CANCELLATION_POLICY
  // The policy, the refund notices and a refusal are the booking model's messages: their namespaces too.
  const { t } = useTranslation([
    'marketplace',
    ...(namespacesOf([policy, error, ...slots.map((slot) => slot.noRefund)]) as Namespace[]),
  ])
  const shown = (message: string) => shownMessage(t, message)
  const pending = useIsSubmitting()
  const hydrated = useHydrated()
  // With JavaScript: which time is picked (Book waits for one; its refund notice shows by the button).
  const [picked, setPicked] = useState<{ date: string; id: number } | null>(
    chosenSlot === null ? null : { date: selected, id: chosenSlot },
  )
  const pickedSlot = picked?.date === selected ? slots.find((slot) => slot.id === picked.id) : undefined
  // Without JavaScript each date is a full page load: the fragment brings the booking card
  // back into view. With JavaScript the page stays where it is.
  const hrefFor = (query: { date: string; month: string }) => `?${new URLSearchParams(query)}${hydrated ? '' : '#book'}`

  return (
    <aside aria-labelledby="book-title">
      <Card id="book" className="scroll-mt-20 p-5 sm:p-6">
        <h2 id="book-title" className="text-xl font-semibold">
          {t('marketplace:booking.cardTitle')}
        </h2>
        <div className="mt-3 flex items-center justify-between gap-3 text-sm">
          <span className="text-muted-foreground">{t('marketplace:service.minutes', { count: service.duration })}</span>
          <PriceBadge price={service.price} />
        </div>
        {taxLine ? <p className="mt-2 text-sm">{taxLine}</p> : null}

        <div className="mt-6">
          <p className="mb-3 text-sm font-semibold">{t('marketplace:booking.selectDate')}</p>
          <MonthCalendar month={month} today={today} selected={selected} markedDays={markedDays} hrefFor={hrefFor} />
        </div>

        <Form
          method="post"
          className="mt-6 space-y-4"
          onChange={(event) => {
            const input = event.target as HTMLInputElement
            if (input.name === 'timeSlotId') setPicked({ date: selected, id: Number(input.value) })
          }}
        >
          <input type="hidden" name="date" value={selected} />
          <input type="hidden" name="enhanced" value={String(hydrated)} />
          <SlotPicker
            // A new date is a new set of choices: nothing stays checked from the last one.
            key={selected}
            slots={slots}
            chosenSlot={chosenSlot}
            dateLabel={dateLabel}
            zoneLabel={zoneLabel}
            changeZoneHref={changeZoneHref}
            hint={dateChosen ? undefined : t('marketplace:booking.pickDate')}
            errorId={error ? 'booking-error' : undefined}
          />
          {error ? (
            <p
              id="booking-error"
              role="alert"
              className="rounded-md border border-destructive/30 bg-destructive-soft p-3 text-sm text-destructive"
            >
              {shown(error)}
            </p>
          ) : null}
          {pickedSlot?.noRefund ? (
            <p role="status" className="rounded-md border border-accent/60 bg-accent-soft p-3 text-sm">
              {shown(pickedSlot.noRefund)}
            </p>
          ) : null}
          <SubmitButton
            className="w-full"
            size="lg"
            pending={pending || redirecting}
            disabled={pending || redirecting || (hydrated && !pickedSlot)}
            pendingText={t('marketplace:booking.processing')}
          >
            {bookLabel}
          </SubmitButton>
          {packageLabel ? (
            <SubmitButton
              className="w-full"
              variant="outline"
              name="usePackage"
              value="true"
              pending={pending}
              pendingText={t('marketplace:booking.processing')}
            >
              {packageLabel}
            </SubmitButton>
          ) : null}
          <p className="text-center text-xs text-muted-foreground">{shown(policy)}</p>
        </Form>
      </Card>
    </aside>
  )
}
