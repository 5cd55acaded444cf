import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  chooseAudioOnly,
  FIRST_HOLD_MS,
  firstPlan,
  LONGEST_HOLD_MS,
  LOWEST_STEP,
  nextPlan,
  startLow,
  stepThatFits,
  type LinkReading,
  type VideoPlan,
} from './video-steps'

const QUIET: LinkReading = { roundTripMs: 20, loss: 0, availableBps: 2_000_000 }
const CONGESTED: LinkReading = { roundTripMs: 600, loss: 0.1, availableBps: null }
/** Neither: a round trip of 200 ms holds the step where it is. */
const MIDDLING: LinkReading = { roundTripMs: 200, loss: 0.02, availableBps: null }

/** Readings every two seconds from `start`, as CallSession takes them. */
function feed(plan: VideoPlan, readings: LinkReading[], start: number) {
  let now = start
  for (const reading of readings) {
    now += 2_000
    plan = nextPlan(plan, reading, now)
  }
  return { plan, now }
}
const times = (n: number, reading: LinkReading) => Array.from({ length: n }, () => reading)

describe("the video's steps", () => {
  test('congestion steps the video down at once, to the step that fits what may be sent', () => {
    const plan = nextPlan(firstPlan(0), CONGESTED, 2_000)
    expect(plan.step).toBe(1)
    expect(nextPlan(firstPlan(0), { ...CONGESTED, availableBps: 150_000 }, 2_000).step).toBe(LOWEST_STEP)
    // A low estimate alone is not congestion: the browser's estimate starts low and climbs.
    expect(nextPlan(firstPlan(0), { ...QUIET, availableBps: 150_000 }, 2_000).step).toBe(0)
    expect(stepThatFits(600_000)).toBe(1)
    expect(stepThatFits(280_000)).toBe(2)
    expect(stepThatFits(null)).toBe(0)
  })

  test('it climbs one step after a quiet spell, not before, and a middling link holds it', () => {
    const down = nextPlan(firstPlan(0), CONGESTED, 2_000)
    expect(feed(down, times(3, QUIET), 2_000).plan.step).toBe(1)
    expect(feed(down, times(4, QUIET), 2_000).plan.step).toBe(0)
    expect(feed(down, times(10, MIDDLING), 2_000).plan.step).toBe(1)
  })

  test('a climb that brings congestion back doubles the next wait; one that holds resets it', () => {
    const down = nextPlan(firstPlan(0), CONGESTED, 2_000)
    const climbed = feed(down, times(4, QUIET), 2_000)
    const failed = nextPlan(climbed.plan, CONGESTED, climbed.now + 2_000)
    expect(failed).toMatchObject({ step: 1, holdMs: 2 * FIRST_HOLD_MS })
    // Back one step only, whatever the estimate (depressed by the congestion the climb caused) says.
    const low = { ...climbed.plan, step: 2 }
    expect(nextPlan(low, { ...CONGESTED, availableBps: 90_000 }, climbed.now + 2_000).step).toBe(3)
    const fromTwo = nextPlan({ ...low, step: 1 }, { ...CONGESTED, availableBps: 90_000 }, climbed.now + 2_000)
    expect(fromTwo.step).toBe(2)
    expect(feed(failed, times(7, QUIET), climbed.now + 2_000).plan.step).toBe(1)
    const again = feed(failed, times(8, QUIET), climbed.now + 2_000)
    expect(again.plan.step).toBe(0)
    // Proved by a quiet spell after it: the wait is back to the first.
    expect(feed(again.plan, times(5, QUIET), again.now).plan.holdMs).toBe(FIRST_HOLD_MS)
  })

  test('congested on the lowest step, twice, the room offers audio only, until the video can climb', () => {
    const lowest = feed(firstPlan(0), times(LOWEST_STEP, CONGESTED), 0)
    expect(lowest.plan).toMatchObject({ step: LOWEST_STEP, offerAudioOnly: false })
    const once = nextPlan(lowest.plan, CONGESTED, lowest.now + 2_000)
    expect(once.offerAudioOnly).toBe(false)
    const twice = nextPlan(once, CONGESTED, lowest.now + 4_000)
    expect(twice.offerAudioOnly).toBe(true)
    // A reading that is merely not congested leaves it there to be taken; a climb withdraws it.
    expect(nextPlan(twice, MIDDLING, lowest.now + 6_000).offerAudioOnly).toBe(true)
    const climbed = feed(twice, times(4, QUIET), lowest.now + 4_000)
    expect(climbed.plan).toMatchObject({ step: LOWEST_STEP - 1, offerAudioOnly: false })
  })

  test('audio only: video is tried again on the lowest step after a quiet spell, and goes off again without asking', () => {
    const chosen = chooseAudioOnly(firstPlan(0), true, 0)
    expect(chosen).toMatchObject({ audioOnly: true, offerAudioOnly: false })
    const tried = feed(chosen, times(4, QUIET), 0)
    expect(tried.plan).toMatchObject({ audioOnly: false, step: LOWEST_STEP })
    const off = nextPlan(tried.plan, CONGESTED, tried.now + 2_000)
    expect(off).toMatchObject({ audioOnly: true, offerAudioOnly: false, holdMs: 2 * FIRST_HOLD_MS })
    // A try that holds is kept, and the video climbs from there.
    const kept = feed(tried.plan, times(8, QUIET), tried.now)
    expect(kept.plan.audioOnly).toBe(false)
    expect(kept.plan.step).toBeLessThan(LOWEST_STEP)
  })

  test('video asked back comes on the lowest step; the other side ending audio only starts it low', () => {
    const back = chooseAudioOnly(chooseAudioOnly(firstPlan(0), true, 0), false, 1_000)
    expect(back).toMatchObject({ audioOnly: false, step: LOWEST_STEP })
    expect(startLow(firstPlan(0), 0).step).toBe(LOWEST_STEP - 1)
  })

  test('whatever the link does, the plan stays within its bounds', () => {
    const reading = fc.record({
      roundTripMs: fc.option(fc.integer({ min: 0, max: 2_000 })),
      loss: fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
      availableBps: fc.option(fc.integer({ min: 0, max: 5_000_000 })),
    })
    const event = fc.oneof(
      reading.map((r) => ({ reading: r })),
      fc.boolean().map((audioOnly) => ({ audioOnly })),
    )
    fc.assert(
      fc.property(fc.array(event, { maxLength: 80 }), (events) => {
        let plan = firstPlan(0)
        let now = 0
        for (const item of events) {
          now += 2_000
          plan = 'reading' in item ? nextPlan(plan, item.reading, now) : chooseAudioOnly(plan, item.audioOnly, now)
          expect(plan.step).toBeGreaterThanOrEqual(0)
          expect(plan.step).toBeLessThanOrEqual(LOWEST_STEP)
          expect(plan.holdMs).toBeGreaterThanOrEqual(FIRST_HOLD_MS)
          expect(plan.holdMs).toBeLessThanOrEqual(LONGEST_HOLD_MS)
          // Audio only is offered only on the lowest step, and never while it is on.
          if (plan.offerAudioOnly) expect(plan.step === LOWEST_STEP && !plan.audioOnly).toBe(true)
        }
      }),
    )
  })

  test('a link that stays congested reaches the lowest step within as many readings as there are steps', () => {
    expect(feed(firstPlan(0), times(LOWEST_STEP, { ...CONGESTED, availableBps: null }), 0).plan.step).toBe(LOWEST_STEP)
  })
})
