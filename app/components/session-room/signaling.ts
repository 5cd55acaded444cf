import { KEEPALIVE_SILENCE_MS, ROOM_TEXT, signalPath, type RoomEvent, type SignalMessage } from '~/models/sessions/room'

/**
 * The room's signaling channel, with nothing but the browser's own APIs: an EventSource brings
 * the server's events (app/routes/sessions.$id.signal.ts), and each message goes up as one
 * POST. The stream is authorised by the session cookie, which EventSource sends same-origin.
 */

export type SignalingStatus = 'connecting' | 'open' | 'down'

export type SignalingHandlers = {
  onEvent: (event: RoomEvent) => void
  onStatus: (status: SignalingStatus) => void
  /** The server refused the stream (the room closed, say): the page should ask the server again. */
  onRefused: () => void
}

/** A refused POST, with the server's own words when it sent any. */
export class SignalRefused extends Error {}

/** A page load's id in the room: random, and of PeerIdSchema's alphabet. */
export function newPeerId() {
  return crypto.randomUUID().replaceAll('-', '')
}

/**
 * How long to wait before opening a refused stream again (the `attempt`th time, from 0): 1, 2
 * and 4 s, then every 5 s, so a page is back within seconds of its network or a deploy; after a
 * minute of refusals, every 15 s, well inside the 60 streams an account may open in 10 minutes.
 */
export function retryDelayMs(attempt: number) {
  if (attempt < 3) return 1_000 * 2 ** attempt
  return attempt < 14 ? 5_000 : 15_000
}

/**
 * Whether a stream last heard from at `heardAt` has gone silent for longer than its keepalives
 * allow: dead, though the browser may not know it yet.
 */
export function isSilent(heardAt: number, now: number) {
  return now - heardAt > KEEPALIVE_SILENCE_MS
}

/** How often the page checks that its stream still speaks. */
const SILENCE_CHECK_MS = 10_000

/** A POST that has not been answered by then failed (a network gone silent), so the ones after it go. */
const POST_TIMEOUT_MS = 8_000

export class RoomSignaling {
  private source: EventSource | null = null
  private retries = 0
  private retryTimer: ReturnType<typeof setTimeout> | null = null
  private closed = false
  /** Posts go one at a time: an ICE candidate must not reach the other side before its offer. */
  private queue: Promise<unknown> = Promise.resolve()
  /** When the stream last said anything (its opening, an event, a keepalive); page clock ms. */
  private heardAt = 0
  private silenceCheck: ReturnType<typeof setInterval> | null = null

  constructor(
    private readonly bookingId: number,
    readonly peerId: string,
    private readonly handlers: SignalingHandlers,
  ) {}

  /**
   * Opens the event stream. A dropped connection is reopened by EventSource itself; a refused
   * one (an HTTP error: a 409 once the room has closed, a 502 during a deploy) is not, so it is
   * reopened here after a pause while the page checks whether the room is still open.
   */
  open() {
    if (this.closed || this.source) return
    const source = new EventSource(`${signalPath(this.bookingId)}?peer=${encodeURIComponent(this.peerId)}`)
    this.source = source
    this.handlers.onStatus('connecting')
    this.heardAt = Date.now()
    this.silenceCheck ??= setInterval(() => this.reopenIfSilent(), SILENCE_CHECK_MS)
    source.onopen = () => {
      this.heardAt = Date.now()
      this.retries = 0
      this.handlers.onStatus('open')
    }
    source.addEventListener('keepalive', () => {
      this.heardAt = Date.now()
    })
    source.onmessage = ({ data }: MessageEvent<string>) => {
      this.heardAt = Date.now()
      let event: RoomEvent
      try {
        event = JSON.parse(data) as RoomEvent
      } catch {
        return
      }
      this.handlers.onEvent(event)
    }
    source.onerror = () => {
      if (this.closed) return
      if (source.readyState !== EventSource.CLOSED) return this.handlers.onStatus('connecting')
      this.source = null
      this.handlers.onStatus('down')
      this.handlers.onRefused()
      this.retryTimer = setTimeout(() => this.open(), retryDelayMs(this.retries++))
    }
  }

  /** A stream silent past its keepalives is closed and opened again at once (its hello then says where things stand). */
  private reopenIfSilent() {
    const source = this.source
    if (this.closed || !source || !isSilent(this.heardAt, Date.now())) return
    source.close()
    this.source = null
    this.handlers.onStatus('down')
    this.open()
  }

  /** Opens a refused stream now rather than after its pause (the network came back). */
  retryNow() {
    if (this.closed || this.source) return
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.retryTimer = null
    this.open()
  }

  /**
   * Sends one message, after those sent before it. Rejects with SignalRefused (the server's
   * message) or a network error; a failure does not hold up the messages after it.
   */
  post(message: SignalMessage, { isStale }: { isStale?: () => boolean } = {}) {
    // A message outdated while it waited its turn (`isStale`) is dropped unsent.
    const sent = this.queue.then(() => (isStale?.() ? undefined : this.send(message, false)))
    this.queue = sent.catch(() => {})
    return sent
  }

  /** Sends one message even as the page unloads (a `leave` on closing the tab), skipping the queue. */
  postAsPageCloses(message: SignalMessage) {
    this.send(message, true).catch(() => {})
  }

  /** Ends the stream for good: the room ended, this page was replaced, or it unmounts. */
  close() {
    this.closed = true
    if (this.retryTimer) clearTimeout(this.retryTimer)
    if (this.silenceCheck) clearInterval(this.silenceCheck)
    this.source?.close()
    this.source = null
  }

  private async send(message: SignalMessage, keepalive: boolean) {
    const response = await fetch(signalPath(this.bookingId), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(message),
      keepalive,
      signal: keepalive ? undefined : AbortSignal.timeout(POST_TIMEOUT_MS),
    })
    if (response.ok) return
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null
    // The server's words are in the reader's language already; an answer without any (a proxy's
    // error page) says what the page says of a message that did not get through.
    throw new SignalRefused(typeof body?.message === 'string' ? body.message : ROOM_TEXT.notSent)
  }
}
