/**
 * How good the call's connection is, from the peer connection's statistics (`getStats()`),
 * sampled every few seconds. People cope better with a freezing picture when the page says the
 * line is poor than when it says nothing, so the room shows Good, Fair or Poor. Pure, so the
 * thresholds are tested without a browser.
 */

export type Quality = 'good' | 'fair' | 'poor'

/** Counters read at one moment: packets are cumulative, so quality compares two samples. */
export type StatsSample = {
  packetsReceived: number
  packetsLost: number
  /** Seconds, of the pair of candidates in use (or the remote's report); null before any is measured. */
  roundTripTime: number | null
}

/** The few fields read here, of the stats' many kinds (`RTCStatsReport` values are loosely typed). */
type Stat = {
  type: string
  id: string
  kind?: string
  packetsReceived?: number
  packetsLost?: number
  currentRoundTripTime?: number
  roundTripTime?: number
  selectedCandidatePairId?: string
  nominated?: boolean
  state?: string
}

/** One sample from a report: every inbound stream's packets, and the round trip of the pair in use. */
export function readSample(report: RTCStatsReport): StatsSample {
  const stats: Stat[] = []
  report.forEach((stat: Stat) => stats.push(stat))
  let packetsReceived = 0
  let packetsLost = 0
  for (const stat of stats) {
    if (stat.type !== 'inbound-rtp') continue
    packetsReceived += stat.packetsReceived ?? 0
    packetsLost += Math.max(0, stat.packetsLost ?? 0)
  }
  // The transport names the pair it uses; without that, the nominated pair that works.
  const selectedId = stats.find(
    (stat) => stat.type === 'transport' && stat.selectedCandidatePairId,
  )?.selectedCandidatePairId
  const pair =
    stats.find((stat) => stat.type === 'candidate-pair' && stat.id === selectedId) ??
    stats.find((stat) => stat.type === 'candidate-pair' && stat.nominated && stat.state === 'succeeded')
  const remote = stats.find((stat) => stat.type === 'remote-inbound-rtp' && typeof stat.roundTripTime === 'number')
  const roundTripTime = pair?.currentRoundTripTime ?? remote?.roundTripTime ?? null
  return { packetsReceived, packetsLost, roundTripTime }
}

/** Round trip (ms) and loss (a share of packets) past which a call is Fair, then Poor. */
export const FAIR = { roundTripMs: 250, loss: 0.03 }
export const POOR = { roundTripMs: 500, loss: 0.1 }

/**
 * The quality over the time between two samples: the worse of its round trip and its packet
 * loss. Without an earlier sample, loss counts from the start of the call.
 */
export function qualityBetween(previous: StatsSample | null, next: StatsSample): Quality {
  const received = next.packetsReceived - (previous?.packetsReceived ?? 0)
  const lost = next.packetsLost - (previous?.packetsLost ?? 0)
  const loss = received + lost > 0 ? Math.max(0, lost) / (received + Math.max(0, lost)) : 0
  const roundTripMs = (next.roundTripTime ?? 0) * 1_000
  if (roundTripMs > POOR.roundTripMs || loss > POOR.loss) return 'poor'
  if (roundTripMs > FAIR.roundTripMs || loss > FAIR.loss) return 'fair'
  return 'good'
}
