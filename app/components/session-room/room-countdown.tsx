import { useRevalidator } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { ROOM_TEXT } from '~/models/sessions/room'
import { ClockIcon } from './room-icons'
import { formatCountdown, useServerNow, type ServerClock } from './server-clock'

/** How long to wait before asking the server again when it still says "early" at zero (its clock leads ours a little). */
const RETRY_MS = 2_000

/**
 * Before the room's window: when it opens, counting down. The server writes the time left when
 * it makes the page, so without JavaScript the page says it too (as of its loading); with it,
 * the count goes on by the server's clock, and at zero the page asks its loader again, which
 * then answers with the open room: the person waiting is let in without reloading.
 */
export function RoomCountdown({ opensAt, clock }: { opensAt: string; clock: ServerClock }) {
  const now = useServerNow(clock)
  const left = Date.parse(opensAt) - now
  const revalidator = useRevalidator()
  const lastAsked = useRef(0)

  useEffect(() => {
    if (left > 0 || revalidator.state !== 'idle' || Date.now() - lastAsked.current < RETRY_MS) return
    lastAsked.current = Date.now()
    revalidator.revalidate()
  }, [left, revalidator])

  return (
    <div className="space-y-2">
      <p className="flex items-center gap-2 font-medium">
        <ClockIcon className="size-5 text-primary" />
        {ROOM_TEXT.opensBeforeStart}
      </p>
      {/* A timer's every second is not read out; its text is there to read on demand. */}
      <p role="timer" className="text-3xl font-semibold tabular-nums">
        {left > 0 ? ROOM_TEXT.opensIn(formatCountdown(left)) : ROOM_TEXT.opening}
      </p>
    </div>
  )
}
