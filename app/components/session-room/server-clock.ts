import { useEffect, useState } from 'react'

/**
 * The server's clock, as seen from the browser. The room's countdown and the call's timer count
 * against the booking's instants, which the server wrote; a phone whose clock is minutes off
 * would otherwise open the room too early or show the wrong time in the session. So the page
 * measures, once, how far the browser's clock is from the server's `now` (the loader's), and
 * adds that to every later reading of the browser's clock.
 */

/** The server's clock: how far it is ahead of the browser's, and the loader's reading of it. */
export type ServerClock = { offset: number; serverNow: string }

/**
 * Measures the clock's offset once per page: in the page's component, which stays mounted
 * when a revalidation brings a new `now` (so the measure is not redone later, when the call
 * starts, against a `now` that is minutes old by then).
 */
export function useServerClock(serverNow: string): ServerClock {
  const [clock] = useState(() => ({ offset: Date.parse(serverNow) - Date.now(), serverNow }))
  return clock
}

/**
 * The server's time now, updated every `everyMs`. The first render (on the server, and the
 * browser's hydration of it) uses the loader's `now` itself, so both print the same text.
 */
export function useServerNow({ offset, serverNow }: ServerClock, everyMs = 1_000) {
  const [now, setNow] = useState(() => Date.parse(serverNow))
  useEffect(() => {
    const tick = () => setNow(Date.now() + offset)
    tick()
    const timer = setInterval(tick, everyMs)
    return () => clearInterval(timer)
  }, [offset, everyMs])
  return now
}

const pad = (n: number) => String(n).padStart(2, '0')

/** A countdown: '1:44:59' from an hour on, else '14:59'. Rounded up, so it reads 00:00 only at zero. */
export function formatCountdown(ms: number) {
  const total = Math.max(0, Math.ceil(ms / 1_000))
  const hours = Math.floor(total / 3_600)
  const minutes = Math.floor((total % 3_600) / 60)
  const seconds = total % 60
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`
}

/** Time in a session, as minutes and seconds however long it runs ('75:02'): it is read against its length in minutes. */
export function formatElapsed(ms: number) {
  const total = Math.max(0, Math.floor(ms / 1_000))
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`
}
