import { AppError, isAppError } from '~/lib/errors'
import { fileOrRefusal } from '~/lib/file-refusal.server'
import { currentLanguage, inRequestLanguage } from '~/lib/i18n/i18n.server'
import { idFromParam } from '~/lib/route-params'
import { appOrigin } from '~/lib/url.server'
import { requireUser } from '~/models/accounts/auth.server'
import { getSessionForCalendar } from '~/models/booking/booking-read.server'
import { BOOKING_NOT_FOUND } from '~/models/booking/booking.server'
import { sessionIcs } from '~/models/booking/session-event.server'
import type { LoaderFunctionArgs } from '@remix-run/node'

/**
 * GET /bookings/:id/calendar.ics: the client's own upcoming session as a calendar invitation, in
 * their language (their choice, else their browser's); a refusal in the same language.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const id = idFromParam(params.id)
  return fileOrRefusal(() => {
    try {
      return calendarFile(user, id, appOrigin(request))
    } catch (error) {
      // fileOrRefusal writes a refusal's message as it is: here it is put in the reader's words first.
      if (isAppError(error)) throw new AppError(inRequestLanguage(error.message), error.status)
      throw error
    }
  })
}

function calendarFile(user: { id: number }, id: number | null, origin: string) {
  if (id === null) throw new AppError(BOOKING_NOT_FOUND, 404)
  const session = getSessionForCalendar(user, id)
  const ics = sessionIcs(
    {
      id: session.id,
      serviceName: session.service.name,
      startTime: session.startTime,
      endTime: session.endTime,
      status: session.status,
      sequence: session.sequence,
      updatedAt: session.updatedAt,
      joinUrl: session.joinUrl,
      otherName: session.practitioner ? `${session.practitioner.firstName} ${session.practitioner.lastName}` : null,
      asClient: true,
    },
    origin,
    currentLanguage(),
  )
  return new Response(ics, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="solace-session-${session.id}.ics"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
