import { ROOM_TEXT } from '~/models/sessions/room'
import { SignalIcon } from './room-icons'
import { formatCountdown, formatElapsed, useServerNow, type ServerClock } from './server-clock'
import type { CallState } from './call-state'

const BARS = { good: 3, fair: 2, poor: 1 } as const

/**
 * The line under the call: how far into the booked session it is (by the server's clock, so
 * both people read the same time), and where the connection stands, in one place: who the page
 * is waiting for, connecting, reconnecting, or, once connected, how good the line is.
 */
export function CallStatus({
  state,
  otherFirstName,
  booking,
  clock,
}: {
  state: CallState
  otherFirstName: string
  booking: { startTime: string; durationMinutes: number }
  clock: ServerClock
}) {
  const now = useServerNow(clock)
  const sinceStart = now - Date.parse(booking.startTime)

  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
      <p role="timer" className="font-medium tabular-nums">
        {sinceStart >= 0
          ? ROOM_TEXT.elapsed(formatElapsed(sinceStart), booking.durationMinutes)
          : ROOM_TEXT.startsIn(formatCountdown(-sinceStart))}
      </p>
      <p role="status" className="flex items-center gap-1.5 text-muted-foreground">
        {state.link === 'connected' && state.quality ? <SignalIcon bars={BARS[state.quality]} /> : null}
        {connectionText(state, otherFirstName)}
      </p>
    </div>
  )
}

function connectionText(state: CallState, otherFirstName: string) {
  switch (state.link) {
    case 'connected':
      return state.quality ? ROOM_TEXT.connection(ROOM_TEXT.quality[state.quality]) : ''
    case 'connecting':
      return ROOM_TEXT.connecting
    case 'reconnecting':
      return ROOM_TEXT.reconnecting
    case 'none':
      // Who is there is known only through the room's stream.
      if (state.signaling !== 'open') return ROOM_TEXT[state.signaling]
      if (state.otherLeft) return ROOM_TEXT.otherLeft(otherFirstName)
      return state.other.joined ? ROOM_TEXT.connecting : ROOM_TEXT.otherNotJoined(otherFirstName)
  }
}
