import { describe, expect, test, vi } from 'vitest'
import { KEEPALIVE_MS } from '~/models/sessions/room'
import { watchdogStep } from './peer-link'
import { isSilent, retryDelayMs, RoomSignaling } from './signaling'

describe('recovering a call without a click', () => {
  test('a refused stream is tried again after 1, 2 and 4 s, then every 5 s, and after a minute every 15 s', () => {
    const delays = Array.from({ length: 16 }, (_, attempt) => retryDelayMs(attempt))
    expect(delays.slice(0, 5)).toEqual([1_000, 2_000, 4_000, 5_000, 5_000])
    expect(delays.slice(3, 14).every((delay) => delay === 5_000)).toBe(true)
    // The first 14 tries take about a minute; then the page stays well inside 60 streams in 10 minutes.
    expect(delays.slice(0, 14).reduce((sum, delay) => sum + delay, 0)).toBe(62_000)
    expect(delays.slice(14)).toEqual([15_000, 15_000])
  })

  test('the watchdog restarts a connection that is not connected, rolling back an offer never answered', () => {
    const pc = (connectionState: RTCPeerConnectionState, signalingState: RTCSignalingState) => ({
      connectionState,
      signalingState,
    })
    expect(watchdogStep(pc('connected', 'stable'), false)).toBe('none')
    expect(watchdogStep(pc('closed', 'closed'), false)).toBe('none')
    expect(watchdogStep(pc('disconnected', 'stable'), false)).toBe('restart')
    expect(watchdogStep(pc('failed', 'stable'), false)).toBe('restart')
    expect(watchdogStep(pc('connecting', 'have-remote-offer'), false)).toBe('restart')
    // An offer made while the network was gone never reached the other side: no answer will come.
    expect(watchdogStep(pc('failed', 'have-local-offer'), false)).toBe('rollback-and-restart')
    // Connected, an offer just made is left to be answered; one still pending at the next tick was lost.
    expect(watchdogStep(pc('connected', 'have-local-offer'), false)).toBe('none')
    expect(watchdogStep(pc('connected', 'have-local-offer'), true)).toBe('rollback-and-restart')
  })

  test('a stream that has said nothing for two and a half keepalives is taken for dead', () => {
    expect(isSilent(0, 2 * KEEPALIVE_MS)).toBe(false)
    expect(isSilent(0, 2.5 * KEEPALIVE_MS)).toBe(false)
    expect(isSilent(0, 2.5 * KEEPALIVE_MS + 1)).toBe(true)
  })
})

describe("the room's stream", () => {
  /** An EventSource that only records what the page does with it. */
  class FakeEventSource {
    static made: FakeEventSource[] = []
    static readonly CLOSED = 2
    readyState = 0
    listeners = new Map<string, () => void>()
    onopen: (() => void) | null = null
    onmessage: ((event: { data: string }) => void) | null = null
    onerror: (() => void) | null = null
    constructor(readonly url: string) {
      FakeEventSource.made.push(this)
    }
    addEventListener(type: string, listener: () => void) {
      this.listeners.set(type, listener)
    }
    close() {
      this.readyState = FakeEventSource.CLOSED
    }
  }

  test('one that falls silent past its keepalives is closed and opened again; keepalives keep it', () => {
    vi.useFakeTimers()
    vi.stubGlobal('EventSource', FakeEventSource)
    try {
      const statuses: string[] = []
      const signaling = new RoomSignaling(7, 'peer-of-this-page', {
        onEvent: () => {},
        onStatus: (status) => statuses.push(status),
        onRefused: () => {},
      })
      signaling.open()
      const [first] = FakeEventSource.made
      first!.onopen?.()
      // Keepalives every 20 s: the stream lives on.
      for (let i = 0; i < 5; i++) {
        vi.advanceTimersByTime(KEEPALIVE_MS)
        first!.listeners.get('keepalive')?.()
      }
      expect(FakeEventSource.made).toHaveLength(1)
      // Then nothing, though the browser says nothing either.
      vi.advanceTimersByTime(60_000)
      expect(first!.readyState).toBe(FakeEventSource.CLOSED)
      expect(FakeEventSource.made).toHaveLength(2)
      expect(statuses.slice(-2)).toEqual(['down', 'connecting'])
      signaling.close()
    } finally {
      vi.unstubAllGlobals()
      vi.useRealTimers()
    }
  })
})
