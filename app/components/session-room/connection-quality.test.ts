import { describe, expect, test } from 'vitest'
import { qualityBetween, readLink, readSample } from './connection-quality'
import { sdpSessionId } from './peer-link'
import { formatCountdown, formatElapsed } from './server-clock'

/** A stats report as getStats() gives it: a map of stats by id. */
function report(stats: Record<string, unknown>[]) {
  return new Map(stats.map((stat) => [stat.id as string, stat])) as unknown as RTCStatsReport
}

describe('connection quality', () => {
  test('reads the packets of every inbound stream and the round trip of the pair in use', () => {
    const sample = readSample(
      report([
        { id: 'a', type: 'inbound-rtp', kind: 'audio', packetsReceived: 100, packetsLost: 2 },
        { id: 'v', type: 'inbound-rtp', kind: 'video', packetsReceived: 300, packetsLost: 8 },
        { id: 't', type: 'transport', selectedCandidatePairId: 'p2' },
        { id: 'p1', type: 'candidate-pair', nominated: true, state: 'succeeded', currentRoundTripTime: 0.9 },
        { id: 'p2', type: 'candidate-pair', nominated: true, state: 'succeeded', currentRoundTripTime: 0.04 },
      ]),
    )
    expect(sample).toEqual({
      packetsReceived: 400,
      packetsLost: 10,
      roundTripTime: 0.04,
      framesDecoded: null,
      at: null,
    })
  })

  test("reads the frames of the other's video, and when", () => {
    const sample = readSample(
      report([{ id: 'v', type: 'inbound-rtp', kind: 'video', framesDecoded: 600, timestamp: 20_000 }]),
    )
    expect(sample).toMatchObject({ framesDecoded: 600, at: 20_000 })
  })

  test("reads the link as this page's sending sees it: round trip, the other's worst loss of ours, what may be sent", () => {
    const link = readLink(
      report([
        { id: 't', type: 'transport', selectedCandidatePairId: 'p' },
        { id: 'p', type: 'candidate-pair', currentRoundTripTime: 0.32, availableOutgoingBitrate: 180_000 },
        { id: 'ra', type: 'remote-inbound-rtp', kind: 'audio', fractionLost: 0.01 },
        { id: 'rv', type: 'remote-inbound-rtp', kind: 'video', fractionLost: 0.08 },
      ]),
    )
    expect(link).toEqual({ roundTripMs: 320, loss: 0.08, availableBps: 180_000 })
    expect(readLink(report([]))).toEqual({ roundTripMs: null, loss: null, availableBps: null })
  })

  test('without a round trip of its pair, the remote report says it', () => {
    const sample = readSample(report([{ id: 'r', type: 'remote-inbound-rtp', roundTripTime: 0.3 }]))
    expect(sample.roundTripTime).toBe(0.3)
  })

  test('Good, Fair or Poor by the worse of round trip and loss, over the time between samples', () => {
    const at = (received: number, lost: number, roundTripTime: number | null = 0.05) => ({
      packetsReceived: received,
      packetsLost: lost,
      roundTripTime,
      framesDecoded: null,
      at: null,
    })
    expect(qualityBetween(null, at(1000, 0))).toBe('good')
    expect(qualityBetween(null, at(0, 0, null))).toBe('good')
    expect(qualityBetween(null, at(1000, 0, 0.3))).toBe('fair')
    expect(qualityBetween(null, at(1000, 0, 0.6))).toBe('poor')
    // 5% of the last interval's packets lost: fair, whatever the call's start was like.
    expect(qualityBetween(at(1000, 0), at(1950, 50))).toBe('fair')
    expect(qualityBetween(at(1000, 200), at(2000, 200))).toBe('good')
    expect(qualityBetween(at(1000, 0), at(1800, 200))).toBe('poor')
  })

  test("the other's frame rate counts when their video is expected", () => {
    const at = (framesDecoded: number, seconds: number) => ({
      packetsReceived: 1000 * seconds,
      packetsLost: 0,
      roundTripTime: 0.05,
      framesDecoded,
      at: seconds * 1_000,
    })
    // 20, 10 and 4 frames a second over two seconds.
    expect(qualityBetween(at(100, 10), at(140, 12), true)).toBe('good')
    expect(qualityBetween(at(100, 10), at(120, 12), true)).toBe('fair')
    expect(qualityBetween(at(100, 10), at(108, 12), true)).toBe('poor')
    // Their camera off, or audio only: no frames is no fault of the line's.
    expect(qualityBetween(at(100, 10), at(100, 12), false)).toBe('good')
    // The first sample of a connection has nothing to count frames against.
    expect(qualityBetween(null, at(0, 2), true)).toBe('good')
  })
})

describe('the other side restarting its connection', () => {
  test("is told by the session id of the description's o= line", () => {
    const sdp = (id: string) => `v=0\r\no=- ${id} 2 IN IP4 127.0.0.1\r\ns=-\r\n`
    expect(sdpSessionId(sdp('4611731400430051336'))).toBe('4611731400430051336')
    expect(sdpSessionId('v=0\r\ns=-\r\n')).toBeNull()
  })
})

describe('clock text', () => {
  test('a countdown rounds up and shows hours only when there are some', () => {
    expect(formatCountdown(105 * 60_000 - 1)).toBe('1:45:00')
    expect(formatCountdown(14 * 60_000 + 59_500)).toBe('15:00')
    expect(formatCountdown(1)).toBe('00:01')
    expect(formatCountdown(-5_000)).toBe('00:00')
  })

  test('time in a session is minutes and seconds, past the hour too', () => {
    expect(formatElapsed(0)).toBe('00:00')
    expect(formatElapsed(12 * 60_000 + 5_900)).toBe('12:05')
    expect(formatElapsed(75 * 60_000 + 2_000)).toBe('75:02')
  })
})
