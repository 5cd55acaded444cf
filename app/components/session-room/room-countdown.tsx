import { useRevalidator } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useHydrated } from '~/components/use-hydrated'
import { ROOM_TEXT } from '~/models/sessions/room'
import { ClockIcon } from './room-icons'
import { formatCountdown, useServerNow, type ServerClock } from './server-clock'
import { useRoomText } from './use-room-text'

/** How long to wait before asking the server again when it still says "early" at zero (its clock leads ours a little). */
const RETRY_MS = 2_000

/**
 * Before the room's window: when it opens, as a time of day in the viewer's zone (the server's
 * HTML, true whenever it is read), and, with JavaScript, counting down by the server's clock. At
 * zero the page asks its loader again, which then answers with the open room: the person waiting
 * is let in without reloading. Without JavaScript there is no countdown: one written when the
 * page was made would stand still, and be wrong a second later.
 */
export function RoomCountdown({
  opensAt,
  opensAtTime,
  clock,
}: {
  opensAt: string
  /** '6:35 PM EST', in the viewer's zone. */
  opensAtTime: string
  clock: ServerClock
}) {
  const hydrated = useHydrated()
  const now = useServerNow(clock)
  const left = Date.parse(opensAt) - now
  const revalidator = useRevalidator()
  const lastAsked = useRef(0)
  const { t, say } = useRoomText()

  useEffect(() => {
    if (left > 0 || revalidator.state !== 'idle' || Date.now() - lastAsked.current < RETRY_MS) return
    lastAsked.current = Date.now()
    revalidator.revalidate()
  }, [left, revalidator])

  return (
    <div className="space-y-2">
      <p className="flex items-center gap-2 font-medium">
        <ClockIcon className="size-5 text-primary" />
        {say(ROOM_TEXT.opensBeforeStart)}
      </p>
      <p>{t('opensAt', { time: opensAtTime })}</p>
      {/* A timer's every second is not read out; its text is there to read on demand. */}
      {hydrated ? (
        <p role="timer" className="text-3xl font-semibold tabular-nums">
          {left > 0 ? t('opensIn', { time: formatCountdown(left) }) : t('opening')}
        </p>
      ) : null}
    </div>
  )
}
