import {
  MAX_EVENTS_PER_REPORT,
  type ConnectionEvent,
  type ConnectionEventKind,
} from '~/models/sessions/connection-events'
import type { CallAction } from './call-state'

/**
 * What the room's page tells the server of how its connection went (issue 45, "Knowing it
 * works"; the server's side is app/models/sessions/connection-events.server.ts): the time to
 * the first remote frame after joining, each reconnection and how long it took, whether a TURN
 * relay carried the call, and how the call ended. Nothing private: kinds, durations and a yes or
 * no, never media, an address or a device.
 *
 * It watches the call's actions (usePeerCall hands it each one) and the current peer connection
 * (CallSession's `onPeerConnection`) for its statistics. Events wait in a small queue and go in
 * one POST; when the network is down (a reconnection's start, precisely) they go when it
 * returns, dated by how long ago they happened on the page's own clock.
 */

/** How often the statistics are read while waiting for the first remote frame. */
const FIRST_MEDIA_POLL_MS = 250
/** Waits between failed sends (then the last, again), and at most this many events held. */
const RETRY_MS = [2_000, 4_000, 8_000, 16_000, 30_000]
const MAX_QUEUED = 40

type Stat = {
  type: string
  id: string
  kind?: string
  framesDecoded?: number
  packetsReceived?: number
  totalSamplesReceived?: number
  selectedCandidatePairId?: string
  selected?: boolean
  nominated?: boolean
  state?: string
  localCandidateId?: string
  remoteCandidateId?: string
  candidateType?: string
}

const statsOf = (report: RTCStatsReport) => {
  const stats: Stat[] = []
  report.forEach((stat: Stat) => stats.push(stat))
  return stats
}

/** Whether a remote frame was decoded: a video frame, or audio samples received. */
export function hasFirstMedia(report: RTCStatsReport) {
  return statsOf(report).some(
    (stat) =>
      stat.type === 'inbound-rtp' &&
      (stat.kind === 'video'
        ? (stat.framesDecoded ?? 0) > 0
        : (stat.packetsReceived ?? 0) > 0 && (stat.totalSamplesReceived ?? 0) > 0),
  )
}

/** Whether the candidate pair in use goes through a TURN relay (either end); null before one is chosen. */
export function usesRelay(report: RTCStatsReport): boolean | null {
  const stats = statsOf(report)
  const byId = new Map(stats.map((stat) => [stat.id, stat]))
  const selectedId = stats.find(
    (stat) => stat.type === 'transport' && stat.selectedCandidatePairId,
  )?.selectedCandidatePairId
  const pair =
    (selectedId ? byId.get(selectedId) : undefined) ??
    stats.find((s) => s.type === 'candidate-pair' && (s.selected || (s.nominated && s.state === 'succeeded')))
  if (!pair) return null
  const ends = [pair.localCandidateId, pair.remoteCandidateId].map((id) => (id ? byId.get(id) : undefined))
  return ends.some((candidate) => candidate?.candidateType === 'relay')
}

type Queued = { kind: ConnectionEventKind; at: number; valueMs?: number; relay?: boolean }

export class ConnectionReport {
  private pc: RTCPeerConnection | null = null
  /** From the join (or the connection to the other's page, if later) until the first remote frame. */
  private firstMediaFrom: number | null = null
  private linkOpenedSinceJoin = false
  private connectedOnce = false
  private reconnectingSince: number | null = null
  private inCall = false
  private queue: Queued[] = []
  private sending = false
  private failures = 0
  private retryTimer: ReturnType<typeof setTimeout> | null = null
  private readonly poll: ReturnType<typeof setInterval>
  private done = false

  constructor(private readonly bookingId: number) {
    this.poll = setInterval(() => void this.lookForFirstMedia(), FIRST_MEDIA_POLL_MS)
    window.addEventListener('online', this.sendNow)
    window.addEventListener('pagehide', this.onPageHide)
  }

  /** The connection to the other's page now (a new one after a reload or a restart). */
  watch(pc: RTCPeerConnection) {
    this.pc = pc
  }

  /** Each of the call's actions, as CallSession dispatches it. */
  observe(action: CallAction) {
    if (this.done) return
    const now = performance.now()
    switch (action.type) {
      case 'joined':
        this.inCall = true
        this.firstMediaFrom = now
        this.linkOpenedSinceJoin = false
        this.connectedOnce = false
        return
      case 'link-opened':
        // Waiting for the other person is not the connection's time: it counts from both being in.
        if (this.firstMediaFrom !== null && !this.linkOpenedSinceJoin) this.firstMediaFrom = now
        this.linkOpenedSinceJoin = true
        return
      case 'link-closed':
        // They left (or their page went): a reconnection under way ends without recovering.
        if (action.otherLeft) this.reconnectingSince = null
        return
      case 'connection':
        return this.onConnection(action.state, now)
      case 'left':
        this.inCall = false
        this.firstMediaFrom = null
        this.reconnectingSince = null
        return this.add({ kind: 'left', at: now })
      case 'ended':
        if (this.inCall) this.add({ kind: 'ended', at: now })
        return this.stop()
      case 'replaced':
        return this.stop()
    }
  }

  /** The page unmounts (its call's dispose): if still in the call, it ended by closing. */
  dispose() {
    this.onPageHide()
    this.stop()
  }

  private onConnection(state: RTCPeerConnectionState, now: number) {
    if ((state === 'disconnected' || state === 'failed') && this.connectedOnce && this.reconnectingSince === null) {
      this.reconnectingSince = now
      this.add({ kind: 'reconnecting', at: now })
    }
    if (state !== 'connected') return
    this.connectedOnce = true
    const since = this.reconnectingSince
    if (since === null) return
    this.reconnectingSince = null
    void this.relay().then((relay) => this.add({ kind: 'reconnected', at: now, valueMs: now - since, relay }))
  }

  private async lookForFirstMedia() {
    const from = this.firstMediaFrom
    const pc = this.pc
    if (from === null || !pc || pc.connectionState !== 'connected') return
    try {
      const report = await pc.getStats()
      if (this.firstMediaFrom !== from || !hasFirstMedia(report)) return
      const now = performance.now()
      this.firstMediaFrom = null
      this.add({ kind: 'first_media', at: now, valueMs: now - from, relay: usesRelay(report) ?? undefined })
    } catch {
      // A connection closing as it is read: the next read is of the next one.
    }
  }

  private async relay() {
    try {
      return (this.pc && usesRelay(await this.pc.getStats())) ?? undefined
    } catch {
      return undefined
    }
  }

  private add(event: Queued) {
    if (this.done || this.queue.length >= MAX_QUEUED) return
    this.queue.push({ ...event, valueMs: event.valueMs === undefined ? undefined : Math.round(event.valueMs) })
    this.sendNow()
  }

  private body(events: Queued[]) {
    const now = performance.now()
    const report: { events: ConnectionEvent[] } = {
      events: events.map(({ at, ...event }) => ({ ...event, agoMs: Math.max(0, Math.round(now - at)) })),
    }
    return JSON.stringify(report)
  }

  private readonly sendNow = () => {
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.retryTimer = null
    void this.send()
  }

  /** One report of what waits; a failure puts it back, to go again later. */
  private async send() {
    if (this.sending || !this.queue.length) return
    this.sending = true
    const batch = this.queue.splice(0, MAX_EVENTS_PER_REPORT)
    try {
      const response = await fetch(this.path(), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: this.body(batch),
      })
      // Refused (the room closed, the report is full, a bad event): sending it again would not help.
      if (response.status >= 500) throw new Error(`connection report: ${response.status}`)
      this.failures = 0
    } catch {
      this.queue.unshift(...batch)
      const wait = RETRY_MS[Math.min(this.failures, RETRY_MS.length - 1)]
      this.failures += 1
      if (!this.done) this.retryTimer = setTimeout(this.sendNow, wait)
    } finally {
      this.sending = false
    }
    if (this.queue.length && !this.retryTimer && !this.done) void this.send()
  }

  /** What waits, in one last report that outlives the page (fetch's keepalive). */
  private sendAsPageCloses() {
    const batch = this.queue.splice(0, MAX_EVENTS_PER_REPORT)
    if (!batch.length) return
    void fetch(this.path(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: this.body(batch),
      keepalive: true,
    }).catch(() => {})
    this.queue = []
  }

  /** Closing or reloading the tab while in the call: that is how it ended; the rest goes with it. */
  private readonly onPageHide = () => {
    if (this.done) return
    if (this.inCall) this.queue.push({ kind: 'closed', at: performance.now() })
    this.inCall = false
    this.sendAsPageCloses()
  }

  private path() {
    return `/sessions/${this.bookingId}/connection-events`
  }

  private stop() {
    if (this.done) return
    this.done = true
    clearInterval(this.poll)
    if (this.retryTimer) clearTimeout(this.retryTimer)
    window.removeEventListener('online', this.sendNow)
    window.removeEventListener('pagehide', this.onPageHide)
    // What is queued still goes (the End's event, say).
    this.sendAsPageCloses()
  }
}
