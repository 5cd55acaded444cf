import type { Formats } from '~/lib/i18n/formats'
import { msg } from '~/lib/i18n/message'
import type { TFunction } from 'i18next'

/**
 * The admin dashboard's card of how the video rooms worked lately (client-safe wording of
 * video-figures.server.ts's figures; issue 45).
 */

export type VideoFigures = {
  /** Bookings whose room someone joined in the window. */
  sessions: number
  /** Of those, the ones where both people saw or heard the other (both reported first media). */
  bothConnected: number
  /** Of those, the ones where a call went through a TURN relay. */
  relayed: number
  /** Median time from a page's join to its first remote frame, ms (null: none yet). */
  medianFirstMediaMs: number | null
  /** Reconnections started (a connection lost and sought again). */
  reconnections: number
  /** Median time a reconnection took, ms, over those that ended (null: none). */
  medianReconnectMs: number | null
}

export const VIDEO_WINDOW_DAYS = 30

/** The card's heading and empty state (app/locales/<language>/admin.json, `video.*`). */
export const VIDEO_CARD_TEXT = {
  title: msg('admin:video.title', { count: VIDEO_WINDOW_DAYS }),
  none: msg('admin:video.none', { count: VIDEO_WINDOW_DAYS }),
}

export type VideoCardRow = { label: string; value: string }

/** The card's rows, worded in the reader's language (none when no room was joined in the window). */
export function videoCardRows(
  figures: VideoFigures,
  { t, formats }: { t: TFunction<'admin'>; formats: Formats },
): VideoCardRow[] {
  const { sessions, bothConnected, relayed, medianFirstMediaMs, reconnections, medianReconnectMs } = figures
  if (!sessions) return []
  const seconds = (ms: number) => t('video.seconds', { seconds: formats.number(ms / 1000, 1) })
  const share = (part: number, whole: number) =>
    t('video.share', {
      part: formats.number(part),
      whole: formats.number(whole),
      percent: formats.number(Math.round((part / whole) * 100)),
    })
  return [
    { label: t('video.sessions'), value: formats.number(sessions) },
    { label: t('video.bothConnected'), value: share(bothConnected, sessions) },
    {
      label: t('video.firstMedia'),
      value: medianFirstMediaMs === null ? t('video.noValue') : seconds(medianFirstMediaMs),
    },
    {
      label: t('video.reconnections'),
      value:
        medianReconnectMs === null
          ? formats.number(reconnections)
          : t('video.withMedian', { reconnections: formats.number(reconnections), median: seconds(medianReconnectMs) }),
    },
    { label: t('video.relayed'), value: share(relayed, sessions) },
  ]
}
