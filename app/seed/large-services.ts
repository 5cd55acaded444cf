import { SERVICE_CATEGORIES } from '~/db/schema'
import { DAY_MS } from '~/lib/zoned-time'
import { CATEGORY_WORDS, SERVICE_MODIFIERS } from './data/large'
import { CATEGORY_IMAGES, MEETING_HOST, type Category } from './data/services'
import type { BenchPractitioner } from './large-people'
import type { LargeInserts } from './large-statements'
import type { Random } from './random'

export interface BenchService {
  id: number
  name: string
  category: Category
  priceCents: number
  durationMinutes: number
  isActive: boolean
}

const DURATIONS = [30, 45, 60, 75, 90] as const

/** Mostly $45-$150, with a few free, cheap and premium ones so every price filter has hits. */
function price(random: Random) {
  const band = random.weighted([
    ['free', 0.05],
    ['low', 0.05],
    ['normal', 0.8],
    ['high', 0.1],
  ] as const)
  if (band === 'free') return 0
  if (band === 'low') return random.int(5, 8) * 500
  if (band === 'high') return random.int(31, 40) * 500
  return random.int(9, 30) * 500
}

/** A "What to Expect" list reads in session order, whichever items were drawn. */
function inOrder(all: string[], chosen: string[]) {
  return all.filter((item) => chosen.includes(item))
}

/**
 * Spreads `count` services over the practitioners (each gets at least one, the first always
 * active, so everyone can receive slots) and returns them per practitioner.
 */
export function insertBenchServices(
  ins: LargeInserts,
  practitioners: BenchPractitioner[],
  count: number,
  random: Random,
  nowMs: number,
) {
  const perPractitioner = Math.floor(count / practitioners.length)
  const extra = count % practitioners.length
  return practitioners.map((practitioner, p) => {
    const own: BenchService[] = []
    const quota = perPractitioner + (p < extra ? 1 : 0)
    // One practitioner in ten opens with a free introductory call.
    const hasFreeIntro = p % 10 === 0
    for (let k = 0; k < quota; k++) {
      const isFreeIntro = hasFreeIntro && k === 0
      const category: Category = random.chance(0.7) ? practitioner.mainCategory : random.pick(SERVICE_CATEGORIES)
      const words = CATEGORY_WORDS[category]
      const core = random.pick(words.services)
      const name = isFreeIntro ? `Free Intro Call: ${core}` : `${random.pick(SERVICE_MODIFIERS)}${core}`
      const priceCents = isFreeIntro ? 0 : price(random)
      const durationMinutes = isFreeIntro ? 30 : random.pick(DURATIONS)
      const isActive = k === 0 || random.chance(0.93)
      const createdAt = Math.min(nowMs - DAY_MS, practitioner.joinedAt + random.int(1, 30) * DAY_MS)
      const result = ins.service.run({
        practitionerId: practitioner.id,
        name,
        description: random.pick(words.descriptions),
        category,
        priceCents,
        durationMinutes,
        imageUrl: CATEGORY_IMAGES[category],
        meetingLink: `${MEETING_HOST}/bench-${p + 1}-${k + 1}`,
        details: JSON.stringify(inOrder(words.details, random.sample(words.details, random.int(3, 4)))),
        isActive: isActive ? 1 : 0,
        isFreeIntro: isFreeIntro ? 1 : 0,
        createdAt,
      })
      own.push({
        id: Number(result.lastInsertRowid),
        name,
        category,
        priceCents,
        durationMinutes,
        isActive,
      })
    }
    return own
  })
}
