import { describe, expect, test } from 'vitest'
import { watchdogStep } from './peer-link'
import { retryDelayMs } from './signaling'

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
})
