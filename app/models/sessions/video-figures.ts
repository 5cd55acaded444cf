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

export const VIDEO_CARD_TEXT = {
  title: `Video sessions (last ${VIDEO_WINDOW_DAYS} days)`,
  none: `No video sessions in the last ${VIDEO_WINDOW_DAYS} days.`,
  sessions: 'Sessions',
  bothConnected: 'Both sides connected',
  firstMedia: 'Median time to first media',
  reconnections: 'Reconnections',
  relayed: 'Through a relay (TURN)',
}

export type VideoCardRow = { label: string; value: string }

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const share = (part: number, whole: number) => `${part} of ${whole} (${Math.round((part / whole) * 100)}%)`

/** The card's rows, worded (none when no room was joined in the window). */
export function videoCardRows(figures: VideoFigures): VideoCardRow[] {
  const { sessions, bothConnected, relayed, medianFirstMediaMs, reconnections, medianReconnectMs } = figures
  if (!sessions) return []
  return [
    { label: VIDEO_CARD_TEXT.sessions, value: String(sessions) },
    { label: VIDEO_CARD_TEXT.bothConnected, value: share(bothConnected, sessions) },
    { label: VIDEO_CARD_TEXT.firstMedia, value: medianFirstMediaMs === null ? '—' : seconds(medianFirstMediaMs) },
    {
      label: VIDEO_CARD_TEXT.reconnections,
      value:
        medianReconnectMs === null ? String(reconnections) : `${reconnections} (median ${seconds(medianReconnectMs)})`,
    },
    { label: VIDEO_CARD_TEXT.relayed, value: share(relayed, sessions) },
  ]
}
