import { describe, expect, test } from 'vitest'
import { hasFirstMedia, usesRelay } from './connection-report'

/** A stats report as getStats() gives it: a map of stats by id. */
function report(stats: Record<string, unknown>[]) {
  return new Map(stats.map((stat) => [stat.id as string, stat])) as unknown as RTCStatsReport
}

describe('connection report', () => {
  test('the first media is a decoded video frame or received audio samples', () => {
    expect(hasFirstMedia(report([{ id: 'v', type: 'inbound-rtp', kind: 'video', framesDecoded: 0 }]))).toBe(false)
    expect(hasFirstMedia(report([{ id: 'v', type: 'inbound-rtp', kind: 'video', framesDecoded: 1 }]))).toBe(true)
    expect(
      hasFirstMedia(
        report([{ id: 'a', type: 'inbound-rtp', kind: 'audio', packetsReceived: 3, totalSamplesReceived: 0 }]),
      ),
    ).toBe(false)
    expect(
      hasFirstMedia(
        report([{ id: 'a', type: 'inbound-rtp', kind: 'audio', packetsReceived: 3, totalSamplesReceived: 960 }]),
      ),
    ).toBe(true)
    // Our own outgoing frames are not the other's.
    expect(hasFirstMedia(report([{ id: 'o', type: 'outbound-rtp', kind: 'video', framesEncoded: 9 }]))).toBe(false)
  })

  test('a relay is in use when either end of the selected pair is a relay candidate', () => {
    const candidates = [
      { id: 'lh', type: 'local-candidate', candidateType: 'host' },
      { id: 'lr', type: 'local-candidate', candidateType: 'relay' },
      { id: 'rs', type: 'remote-candidate', candidateType: 'srflx' },
    ]
    const pairs = [
      {
        id: 'p1',
        type: 'candidate-pair',
        localCandidateId: 'lh',
        remoteCandidateId: 'rs',
        nominated: true,
        state: 'succeeded',
      },
      {
        id: 'p2',
        type: 'candidate-pair',
        localCandidateId: 'lr',
        remoteCandidateId: 'rs',
        nominated: true,
        state: 'succeeded',
      },
    ]
    expect(
      usesRelay(report([...candidates, ...pairs, { id: 't', type: 'transport', selectedCandidatePairId: 'p2' }])),
    ).toBe(true)
    expect(
      usesRelay(report([...candidates, ...pairs, { id: 't', type: 'transport', selectedCandidatePairId: 'p1' }])),
    ).toBe(false)
    // Without the transport's word (Firefox), the succeeded nominated pair.
    expect(usesRelay(report([...candidates, pairs[1]!]))).toBe(true)
    expect(usesRelay(report(candidates))).toBeNull()
  })
})
