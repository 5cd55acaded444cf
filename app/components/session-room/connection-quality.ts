import type { LinkReading } from './video-steps'

/**
 * How good the call's connection is, from the peer connection's statistics (`getStats()`),
 * sampled every few seconds. People cope better with a freezing picture when the page says the
 * line is poor than when it says nothing, so the room shows Good, Fair or Poor: from the packets
 * lost on the way here, the round trip, and the frame rate of the other's video. The same report
 * also gives the reading the video's steps go by (readLink, video-steps.ts). Pure, so the
 * thresholds are tested without a browser.
 */

export type Quality = 'good' | 'fair' | 'poor'

/** Counters read at one moment: packets are cumulative, so quality compares two samples. */
export type StatsSample = {
  packetsReceived: number
  packetsLost: number
  /** Seconds, of the pair of candidates in use (or the remote's report); null before any is measured. */
  roundTripTime: number | null
  /** Frames of the other's video decoded so far, and when (ms); null without such a video. */
  framesDecoded: number | null
  at: number | null
}

/** The few fields read here, of the stats' many kinds (`RTCStatsReport` values are loosely typed). */
type Stat = {
  type: string
  id: string
  kind?: string
  packetsReceived?: number
  packetsLost?: number
  framesDecoded?: number
  timestamp?: number
  currentRoundTripTime?: number
  roundTripTime?: number
  fractionLost?: number
  availableOutgoingBitrate?: number
  selectedCandidatePairId?: string
  nominated?: boolean
  state?: string
}

function statsOf(report: RTCStatsReport) {
  const stats: Stat[] = []
  report.forEach((stat: Stat) => stats.push(stat))
  return stats
}

/** The pair of candidates in use: the one the transport names, else the nominated one that works. */
function pairInUse(stats: Stat[]) {
  const selectedId = stats.find(
    (stat) => stat.type === 'transport' && stat.selectedCandidatePairId,
  )?.selectedCandidatePairId
  return (
    stats.find((stat) => stat.type === 'candidate-pair' && stat.id === selectedId) ??
    stats.find((stat) => stat.type === 'candidate-pair' && stat.nominated && stat.state === 'succeeded')
  )
}

/** Seconds: the pair's own measure, else the remote's report on our packets; null before either. */
function roundTripOf(stats: Stat[]) {
  const remote = stats.find((stat) => stat.type === 'remote-inbound-rtp' && typeof stat.roundTripTime === 'number')
  return pairInUse(stats)?.currentRoundTripTime ?? remote?.roundTripTime ?? null
}

/** One sample from a report: every inbound stream's packets, the video's frames, and the round trip. */
export function readSample(report: RTCStatsReport): StatsSample {
  const stats = statsOf(report)
  let packetsReceived = 0
  let packetsLost = 0
  for (const stat of stats) {
    if (stat.type !== 'inbound-rtp') continue
    packetsReceived += stat.packetsReceived ?? 0
    packetsLost += Math.max(0, stat.packetsLost ?? 0)
  }
  const video = stats.find((stat) => stat.type === 'inbound-rtp' && stat.kind === 'video')
  return {
    packetsReceived,
    packetsLost,
    roundTripTime: roundTripOf(stats),
    framesDecoded: video?.framesDecoded ?? null,
    at: video?.timestamp ?? null,
  }
}

/** The link as this page's sending sees it: the round trip, what the other side lost of ours, and what we may send. */
export function readLink(report: RTCStatsReport): LinkReading {
  const stats = statsOf(report)
  const roundTrip = roundTripOf(stats)
  const losses = stats.flatMap((stat) =>
    stat.type === 'remote-inbound-rtp' && typeof stat.fractionLost === 'number' ? [stat.fractionLost] : [],
  )
  return {
    roundTripMs: roundTrip === null ? null : roundTrip * 1_000,
    loss: losses.length ? Math.max(...losses) : null,
    availableBps: pairInUse(stats)?.availableOutgoingBitrate ?? null,
  }
}

/**
 * Round trip (ms), loss (a share of packets) and the other's frame rate past which a call is
 * Fair, then Poor. The video's lowest step (video-steps.ts) sends 10 frames a second: Fair.
 */
export const FAIR = { roundTripMs: 250, loss: 0.03, framesPerSecond: 12 }
export const POOR = { roundTripMs: 500, loss: 0.1, framesPerSecond: 5 }

/**
 * The quality over the time between two samples: the worst of its round trip, its packet loss
 * and, when the other's video is expected (their camera on, no audio only), its frame rate.
 * Without an earlier sample, loss counts from the start of the call and the frame rate is not judged.
 */
export function qualityBetween(previous: StatsSample | null, next: StatsSample, expectVideo = false): Quality {
  const received = next.packetsReceived - (previous?.packetsReceived ?? 0)
  const lost = next.packetsLost - (previous?.packetsLost ?? 0)
  const loss = received + lost > 0 ? Math.max(0, lost) / (received + Math.max(0, lost)) : 0
  const roundTripMs = (next.roundTripTime ?? 0) * 1_000
  const fps = expectVideo ? framesPerSecond(previous, next) : null
  if (roundTripMs > POOR.roundTripMs || loss > POOR.loss || (fps !== null && fps < POOR.framesPerSecond)) return 'poor'
  if (roundTripMs > FAIR.roundTripMs || loss > FAIR.loss || (fps !== null && fps < FAIR.framesPerSecond)) return 'fair'
  return 'good'
}

function framesPerSecond(previous: StatsSample | null, next: StatsSample) {
  if (previous?.framesDecoded == null || next.framesDecoded === null || previous.at === null || next.at === null) {
    return null
  }
  const seconds = (next.at - previous.at) / 1_000
  return seconds > 0 ? (next.framesDecoded - previous.framesDecoded) / seconds : null
}
