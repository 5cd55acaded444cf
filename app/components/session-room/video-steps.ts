/**
 * How each page's video gives way on a narrow link, so the voices keep going (issue 45, "Quality
 * that adapts"; decision 039). Chromium adapts too, but only after loss has already hit both
 * kinds: its bandwidth estimate trails a sudden drop by seconds, and once the link is back it
 * climbs to the full picture again and overruns a link that is still narrow. Here, whenever the
 * link shows congestion (a queue building up, packets lost), the video this page sends steps
 * down at once to a smaller, slower and cheaper picture, and it climbs back one step at a time,
 * after a quiet spell that doubles each time a climb brings congestion back. On the lowest
 * step, a link still too narrow makes the room offer audio only; while audio only is on, video
 * is tried again after a spell, the same way, and stays off if the link is still narrow.
 *
 * Pure: CallSession feeds it a reading of the statistics every few seconds and applies the plan
 * to its senders (sender-tuning.ts); the rules are tested without a browser (video-steps.test.ts).
 */

/** The steps, from the full picture down. Bits per second; frames per second; 2 halves the width. */
export const VIDEO_STEPS = [
  { maxBitrate: 1_500_000, scaleResolutionDownBy: 1, maxFramerate: 30 },
  { maxBitrate: 500_000, scaleResolutionDownBy: 1.5, maxFramerate: 24 },
  { maxBitrate: 200_000, scaleResolutionDownBy: 2, maxFramerate: 15 },
  { maxBitrate: 80_000, scaleResolutionDownBy: 4, maxFramerate: 10 },
] as const
export const LOWEST_STEP = VIDEO_STEPS.length - 1

/**
 * What the voices need before video gets anything: Opus at its usual 32 kbit/s with its packet
 * headers (50 packets a second), each way.
 */
export const AUDIO_NEEDS_BPS = 64_000

/** Past these the link is congested; under the quiet ones it is quiet (neither: hold the step). */
export const CONGESTED = { roundTripMs: 300, loss: 0.05 }
export const QUIET = { roundTripMs: 150, loss: 0.01 }

/** The first quiet spell before a climb (or before video is tried again), doubled after each failed try, up to the longest. */
export const FIRST_HOLD_MS = 8_000
export const LONGEST_HOLD_MS = 64_000
/** A climb (or a try of video) followed this soon by congestion failed: the next waits twice as long. */
const TRIAL_MS = 8_000

/** One reading of the link, as this page's sending sees it (connection-quality.ts readLink). */
export type LinkReading = {
  /** Round trip of the pair in use, ms; null before one is measured. */
  roundTripMs: number | null
  /** Share of this page's packets the other side reported lost lately (the worst of audio and video). */
  loss: number | null
  /** The browser's estimate of what it may send, bits per second; null when unknown. */
  availableBps: number | null
}

export type VideoPlan = {
  step: number
  /** No video sent: the person chose audio only, and no try has brought it back yet. */
  audioOnly: boolean
  /** The link is too narrow for video even on the lowest step: the room offers audio only. */
  offerAudioOnly: boolean
  /** When the link was last congested, or the plan last moved, page clock ms. */
  since: number
  /** How long the link must stay quiet before the next climb or try. */
  holdMs: number
  /** The climb (or the try of video after audio only) not yet proved by a quiet spell. */
  trial: { at: number; fromAudioOnly: boolean } | null
  /** Readings in a row that were congested on the lowest step. */
  narrowReadings: number
}

export const firstPlan = (now: number): VideoPlan => ({
  step: 0,
  audioOnly: false,
  offerAudioOnly: false,
  since: now,
  holdMs: FIRST_HOLD_MS,
  trial: null,
  narrowReadings: 0,
})

/** Readings in a row, congested on the lowest step, before audio only is offered. */
const NARROW_READINGS_BEFORE_OFFER = 2

export function isCongested(reading: LinkReading) {
  return (
    (reading.roundTripMs ?? 0) > CONGESTED.roundTripMs ||
    (reading.loss ?? 0) > CONGESTED.loss ||
    // Not even the voices' share left: a link this narrow is congested whatever its queue says.
    (reading.availableBps !== null && reading.availableBps < AUDIO_NEEDS_BPS)
  )
}

function isQuiet(reading: LinkReading) {
  return (reading.roundTripMs ?? 0) < QUIET.roundTripMs && (reading.loss ?? 0) < QUIET.loss
}

/** The highest step whose picture fits in what the browser says it may send, after the voices. */
export function stepThatFits(availableBps: number | null) {
  if (availableBps === null) return 0
  const index = VIDEO_STEPS.findIndex((step) => step.maxBitrate + AUDIO_NEEDS_BPS <= availableBps)
  return index === -1 ? LOWEST_STEP : index
}

/** The plan after one reading, at `now` (ms on the page's clock). */
export function nextPlan(plan: VideoPlan, reading: LinkReading, now: number): VideoPlan {
  if (isCongested(reading)) return giveWay(plan, reading, now)
  // A climb that a whole spell of readings did not undo has proved itself: the hold starts short again.
  const proven = plan.trial !== null && now - plan.trial.at >= TRIAL_MS
  const settled = proven ? { ...plan, trial: null, holdMs: FIRST_HOLD_MS } : plan
  // The offer of audio only stays until the video climbs: one that came and went with each
  // reading would be gone before a person could take it.
  const calm = { ...settled, narrowReadings: 0 }
  if (!isQuiet(reading) || now - calm.since < calm.holdMs) return calm
  // A quiet spell long enough: video again if it was off, else one step up.
  const trial = { at: now, fromAudioOnly: calm.audioOnly }
  if (calm.audioOnly) return { ...calm, audioOnly: false, step: LOWEST_STEP, since: now, trial }
  if (calm.step === 0) return calm
  return { ...calm, step: calm.step - 1, offerAudioOnly: false, since: now, trial }
}

/** Congestion: at least one step down, and a trial that brought it failed. */
function giveWay(plan: VideoPlan, reading: LinkReading, now: number): VideoPlan {
  const failed = plan.trial !== null && now - plan.trial.at < TRIAL_MS
  const holdMs = failed ? Math.min(plan.holdMs * 2, LONGEST_HOLD_MS) : plan.holdMs
  const base = { ...plan, since: now, holdMs, trial: null }
  // Video tried again after audio only, on a link still too narrow: off again, without asking twice.
  if (failed && plan.trial?.fromAudioOnly) return { ...base, audioOnly: true, narrowReadings: 0 }
  if (plan.audioOnly) return base
  // A failed climb goes back one step; congestion out of the blue goes as far down as the estimate says.
  const step = Math.min(
    LOWEST_STEP,
    failed ? plan.step + 1 : Math.max(plan.step + 1, stepThatFits(reading.availableBps)),
  )
  const narrowReadings = plan.step === LOWEST_STEP ? plan.narrowReadings + 1 : 0
  return { ...base, step, narrowReadings, offerAudioOnly: narrowReadings >= NARROW_READINGS_BEFORE_OFFER }
}

/**
 * The person's choice: audio only (the offer taken, or the switch), or video back now. Video
 * asked back comes on the lowest step and climbs; if the link cannot carry it, the offer comes again.
 */
export function chooseAudioOnly(plan: VideoPlan, audioOnly: boolean, now: number): VideoPlan {
  if (audioOnly) return { ...plan, audioOnly: true, offerAudioOnly: false, narrowReadings: 0, since: now, trial: null }
  return { ...plan, audioOnly: false, offerAudioOnly: false, step: LOWEST_STEP, since: now, trial: null }
}

/** The other side turned their audio only off: the link was narrow, so video starts low and climbs. */
export function startLow(plan: VideoPlan, now: number): VideoPlan {
  return { ...plan, step: Math.max(plan.step, LOWEST_STEP - 1), since: now, trial: null }
}
