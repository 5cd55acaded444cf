import { parseWithZod } from '@conform-to/zod/v4'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { BookingErrorBoundary } from '~/components/booking/booking-error-boundary'
import { BookingConfirmationView } from '~/components/client/booking-confirmation'
import { AppError } from '~/lib/errors'
import { readForm } from '~/lib/form-data.server'
import { invalid, refused, refuseWithRedirect, unknownForm } from '~/lib/forms.server'
import { formatsFor } from '~/lib/i18n/formats'
import { currentLanguage, tFor } from '~/lib/i18n/i18n.server'
import { msg } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
import { idFromParam } from '~/lib/route-params'
import { viewerTimeZone } from '~/lib/time-zone.server'
import { redirectWithToast } from '~/lib/toast.server'
import { appOrigin } from '~/lib/url.server'
import { requireUser } from '~/models/accounts/auth.server'
import { googleCalendarUrl, refundPolicyFor } from '~/models/booking/booking'
import { BOOKING_NOT_FOUND } from '~/models/booking/booking.server'
import { getBookingConfirmation } from '~/models/booking/confirmation.server'
import { NoShowReportSchema, REPORT_NO_SHOW_INTENT, REPORT_SENT } from '~/models/booking/no-show'
import { reportNoShow } from '~/models/booking/no-show.server'
import { ACCEPT_MOVE_INTENT, NEW_TIME_ACCEPTED } from '~/models/booking/reschedule'
import { acceptMove } from '~/models/booking/reschedule.server'
import { CLIENT_INBOX_PATH } from '~/models/messaging/inbox'
import { inboxHref, NEW_MESSAGE } from '~/models/messaging/inbox-page'
import { canMessage } from '~/models/messaging/message.server'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches, 'booking')
  return [{ title: data ? t('titles.booking', { service: data.booking.service.name }) : t('titles.bookingFallback') }]
}

/** The client's own booking; anyone else's, or none, is the page's 404. */
function confirmationOr404(user: { id: number }, param: string | undefined) {
  try {
    const id = idFromParam(param)
    if (id === null) throw new AppError(BOOKING_NOT_FOUND, 404)
    return getBookingConfirmation(user, id)
  } catch (error) {
    if (error instanceof AppError) throw Response.json({ message: error.message }, { status: error.status })
    throw error
  }
}

/**
 * A booking's confirmation page, where booking and paying end: what, when (in the viewer's
 * zone and language), with whom, what was paid, the refund policy as it stands for this booking
 * now, and what happens next. Only the booking's client sees it; to anyone else, the
 * practitioner included, it is the same 404 as a booking that does not exist.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const booking = confirmationOr404(user, params.id)
  const timeZone = viewerTimeZone(request, user)
  const language = currentLanguage()
  const f = formatsFor(language)
  const calendarWords = tFor(language, 'files')
  const { practitioner } = booking
  const practitionerName = practitioner ? `${practitioner.firstName} ${practitioner.lastName}` : null
  const onCalendar = booking.status === 'confirmed' && booking.upcoming
  const zone = f.zone(booking.startTime, timeZone)
  return {
    booking,
    // Formatted here, in the viewer's zone and language, so the page reads the same before and after hydration.
    when: {
      date: f.longDate(booking.startTime, timeZone),
      time: `${f.time(booking.startTime, timeZone)} – ${f.time(booking.endTime, timeZone)} ${zone}`,
    },
    holdUntil:
      booking.awaitingPayment && booking.holdExpiresAt
        ? `${f.time(booking.holdExpiresAt, timeZone)} ${f.zone(booking.holdExpiresAt, timeZone)}`
        : null,
    email: user.email,
    // Nothing was paid and the time is no longer held: no policy to read, only Book Again.
    refundPolicy: booking.holdLapsed ? null : refundPolicyFor(booking, timeZone, new Date(), language),
    calendar: onCalendar
      ? {
          ics: `/bookings/${booking.id}/calendar.ics`,
          google: googleCalendarUrl({
            serviceName: booking.service.name,
            startTime: booking.startTime,
            endTime: booking.endTime,
            about: calendarWords('calendar.googleDetails', {
              name: practitionerName ?? calendarWords('calendar.yourPractitioner'),
            }),
            joinUrl: booking.joinUrl && new URL(booking.joinUrl, appOrigin(request)).href,
          }),
        }
      : null,
    // The first message of a conversation opens straight away in the inbox, when the pair may write.
    messageHref:
      practitioner && canMessage(user.id, practitioner.id)
        ? inboxHref(CLIENT_INBOX_PATH, { with: practitioner.id, reply: NEW_MESSAGE })
        : null,
  }
}

/**
 * The page's forms: Accept New Time (the practitioner moved the session; done or refused, the
 * page again with a toast) and the reports to our team, told apart by `kind`: the practitioner
 * did not attend, or "I was there" against a mark of absence (refused input comes back into the
 * form it came from).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const formData = await readForm(request)
  const { id } = confirmationOr404(user, params.id)
  const page = `/bookings/${id}`
  const intent = formData.get('intent')
  if (intent === REPORT_NO_SHOW_INTENT) {
    const submission = parseWithZod(formData, { schema: NoShowReportSchema })
    if (submission.status !== 'success') return invalid(submission)
    try {
      reportNoShow(user, id, submission.value)
    } catch (error) {
      return refused(submission, error, msg('booking:toasts.reportNotSent'))
    }
    return redirectWithToast(page, {
      type: 'success',
      title: msg('booking:toasts.reportSent'),
      description: REPORT_SENT,
    })
  }
  if (intent !== ACCEPT_MOVE_INTENT) throw unknownForm()
  try {
    acceptMove(user, id)
  } catch (error) {
    return refuseWithRedirect(page, error, msg('booking:toasts.acceptFailed'))
  }
  return redirectWithToast(page, {
    type: 'success',
    title: msg('booking:toasts.newTimeAccepted'),
    description: NEW_TIME_ACCEPTED,
  })
}

export default function BookingConfirmationPage() {
  const reportResult = useActionData<typeof action>()?.result ?? null
  return <BookingConfirmationView {...useLoaderData<typeof loader>()} reportResult={reportResult} />
}

export function ErrorBoundary() {
  const { t } = useTranslation('booking')
  return <BookingErrorBoundary back={{ to: '/client-dashboard', label: t('confirmation.goToSessions') }} />
}
