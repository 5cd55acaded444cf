import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { BookingErrorBoundary } from '~/components/booking/booking-error-boundary'
import { SessionRoomPage } from '~/components/session-room/session-room-page'
import { AppError } from '~/lib/errors'
import { tFor } from '~/lib/i18n/i18n.server'
import { requestLanguage } from '~/lib/i18n/language.server'
import { translateMessage } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
import { idFromParam } from '~/lib/route-params'
import { viewerTimeZone } from '~/lib/time-zone.server'
import { requireUser } from '~/models/accounts/auth.server'
import { BOOKING_NOT_FOUND } from '~/models/booking/payments.server'
import { getRoomPage } from '~/models/sessions/room.server'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import type { TFunction } from 'i18next'

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches, 'room')
  return [{ title: data ? t('titles.room', { service: data.booking.serviceName }) : t('titles.fallback') }]
}

/**
 * `/sessions/:id`: a booking's video room, for its client and its practitioner only (anyone else,
 * and a booking that does not exist, the same 404). Before its window, the session and a
 * countdown; inside it, the camera preview and the call (docs/decisions/039-video-rooms.md).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const language = requestLanguage(request, user)
  try {
    const id = idFromParam(params.id)
    if (id === null) throw new AppError(BOOKING_NOT_FOUND, 404)
    return getRoomPage(user, id, viewerTimeZone(request, user), language)
  } catch (error) {
    if (error instanceof AppError) {
      // The error page shows the message as it is: in the reader's language.
      const message = translateMessage(tFor(language) as TFunction, error.message)
      throw Response.json({ message }, { status: error.status })
    }
    throw error
  }
}

export default function SessionRoom() {
  return <SessionRoomPage {...useLoaderData<typeof loader>()} />
}

export function ErrorBoundary() {
  const { t } = useTranslation('room')
  return <BookingErrorBoundary back={{ to: '/', label: t('back.home') }} />
}
