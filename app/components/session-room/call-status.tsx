import { SignalIcon } from './room-icons'
import { formatCountdown, formatElapsed, useServerNow, type ServerClock } from './server-clock'
import { useRoomText } from './use-room-text'
import type { CallState } from './call-state'
import type { TFunction } from 'i18next'

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
  const { t } = useRoomText()

  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
      <p role="timer" className="font-medium tabular-nums">
        {sinceStart >= 0
          ? t('elapsed', { time: formatElapsed(sinceStart), minutes: booking.durationMinutes })
          : t('startsIn', { time: formatCountdown(-sinceStart) })}
      </p>
      <p role="status" className="flex items-center gap-1.5 text-muted-foreground">
        {state.link === 'connected' && state.quality ? <SignalIcon bars={BARS[state.quality]} /> : null}
        {connectionText(t, state, otherFirstName)}
      </p>
    </div>
  )
}

function connectionText(t: TFunction<'room'>, state: CallState, otherFirstName: string) {
  switch (state.link) {
    case 'connected':
      return state.quality ? t('connection', { quality: t(`quality.${state.quality}`) }) : ''
    case 'connecting':
      return t('connecting')
    case 'reconnecting':
      return t('reconnecting')
    case 'none':
      // Who is there is known only through the room's stream.
      if (state.signaling !== 'open') return t(state.signaling)
      if (state.otherLeft) return t('otherLeft', { name: otherFirstName })
      return state.other.joined ? t('connecting') : t('otherNotJoined', { name: otherFirstName })
  }
}
