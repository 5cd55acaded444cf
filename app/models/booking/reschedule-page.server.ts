import { parseWithZod } from '@conform-to/zod/v4'
import { AppError, isAppError } from '~/lib/errors'
import { readForm } from '~/lib/form-data.server'
import { invalid, refused } from '~/lib/forms.server'
import { formatsFor } from '~/lib/i18n/formats'
import { currentLanguage } from '~/lib/i18n/i18n.server'
import { DEFAULT_LANGUAGE, type Language } from '~/lib/i18n/languages'
import { msg } from '~/lib/i18n/message'
import { idFromParam } from '~/lib/route-params'
import { viewerTimeZone } from '~/lib/time-zone.server'
import { redirectWithToast } from '~/lib/toast.server'
import { requirePractitioner, requireUser } from '~/models/accounts/auth.server'
import { timeZoneHref } from '~/models/accounts/time-zone-link'
import { slotCalendar } from '~/models/marketplace/slot-calendar.server'
import { otherPartyOf } from './other-party.server'
import { BOOKING_NOT_FOUND } from './payments.server'
import { sessionMoved, type Mover } from './reschedule'
import { assertMovable, findOwnBookingEitherSide, rescheduleBooking, RescheduleSchema } from './reschedule.server'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'

/**
 * The Reschedule page, one for each side (`/bookings/:id/reschedule` for the client,
 * `/practitioner/bookings/:id/reschedule` for the practitioner): the session as it is, and the
 * service's open times to move it to, or why it can no longer be moved. Anyone but that side
 * of the booking gets the same 404 as a booking that does not exist. Times in the viewer's zone
 * and language.
 */
export function reschedulePage(
  actor: { id: number },
  side: Mover,
  bookingId: number | null,
  params: URLSearchParams,
  timeZone: string,
  now = new Date(),
  language: Language = DEFAULT_LANGUAGE,
) {
  if (bookingId === null) throw new AppError(BOOKING_NOT_FOUND, 404)
  const { row, by } = findOwnBookingEitherSide(actor, bookingId, side)
  let closed: string | null = null
  try {
    assertMovable(row, by, now)
  } catch (error) {
    if (!isAppError(error) || error.status !== 409) throw error
    closed = error.message
  }
  const other = otherPartyOf(row, side)
  const f = formatsFor(language)
  const zone = f.zone(row.startTime, timeZone)
  return {
    booking: {
      id: row.id,
      serviceName: row.serviceName,
      /** The other person's name; null once their account is gone (the page says 'a former …'). */
      otherName: other ? `${other.firstName} ${other.lastName}` : null,
      // Formatted here, in the viewer's zone and language, so the page reads the same before and after hydration.
      when: `${f.longDate(row.startTime, timeZone)}, ${f.time(row.startTime, timeZone)} – ${f.time(row.endTime, timeZone)} ${zone}`,
    },
    side,
    closed,
    calendar:
      closed || row.serviceId === null
        ? null
        : slotCalendar(row.serviceId, params, timeZone, {
            priced: side === 'client' && row.totalAmountCents > 0,
            forMove: true,
          }),
  }
}

export type ReschedulePageData = ReturnType<typeof reschedulePage>

const signedIn = (side: Mover, request: Request) =>
  side === 'client' ? requireUser(request) : requirePractitioner(request)

/** The page's loader, for one side. */
export function rescheduleLoader(side: Mover) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const user = await signedIn(side, request)
    const url = new URL(request.url)
    try {
      const data = reschedulePage(
        user,
        side,
        idFromParam(params.id),
        url.searchParams,
        viewerTimeZone(request, user),
        new Date(),
        currentLanguage(),
      )
      return { data, changeZoneHref: timeZoneHref(`${url.pathname}${url.search}`) }
    } catch (error) {
      if (error instanceof AppError) throw Response.json({ message: error.message }, { status: error.status })
      throw error
    }
  }
}

/**
 * The page's form, for one side: the chosen time (and the practitioner's message). Done, the client goes to their booking and
 * the practitioner to their dashboard, with a toast; refusals (a time that is gone, a window
 * that closed) come back to the page.
 */
export function rescheduleAction(side: Mover) {
  return async ({ request, params }: ActionFunctionArgs) => {
    const user = await signedIn(side, request)
    const submission = parseWithZod(await readForm(request), { schema: RescheduleSchema })
    if (submission.status !== 'success') return invalid(submission)
    try {
      const bookingId = idFromParam(params.id)
      if (bookingId === null) throw new AppError(BOOKING_NOT_FOUND, 404)
      const { timeSlotId, message } = submission.value
      const moved = await rescheduleBooking(user, bookingId, timeSlotId, { side, message })
      return redirectWithToast(side === 'client' ? `/bookings/${moved.id}` : '/practitioner/dashboard', {
        type: 'success',
        title: msg('booking:toasts.rescheduled'),
        description: sessionMoved(side),
      })
    } catch (error) {
      return refused(submission, error, msg('booking:toasts.rescheduleFailed'))
    }
  }
}

export type RescheduleLoader = ReturnType<typeof rescheduleLoader>
export type RescheduleAction = ReturnType<typeof rescheduleAction>
