import { SERVICE_CATEGORIES } from '~/db/schema'
import { DAY_MS } from '~/lib/zoned-time'
import { PRACTITIONERS } from './data/accounts'
import { BENCH_ZONES, BIO_TEMPLATES, CATEGORY_WORDS, FIRST_NAMES, LAST_NAMES } from './data/large'
import type { Category } from './data/services'
import type { LargeInserts } from './large-statements'
import type { Random } from './random'

export const BENCH_DOMAIN = 'bench.solace.test'

export interface BenchPractitioner {
  id: number
  firstName: string
  timeZone: string
  mainCategory: Category
  joinedAt: number
}

/** Portraits are abstract (no initials), so the demo ones can be shared by everyone. */
const PORTRAITS = PRACTITIONERS.map((p) => p.profileImageUrl)

function slug(text: string) {
  return text.toLowerCase().replace(/[^a-z]+/g, '')
}

/** A different first/last pairing for each index below 3,600, then the same pairs again. */
function nameAt(index: number) {
  const first = FIRST_NAMES[index % FIRST_NAMES.length] as string
  const last = LAST_NAMES[(index + Math.floor(index / FIRST_NAMES.length)) % LAST_NAMES.length] as string
  return { first, last }
}

/** 555-01xx numbers are reserved for fiction. */
function phone(index: number) {
  return `+1 416-555-01${String(index % 100).padStart(2, '0')}`
}

export function insertBenchClients(ins: LargeInserts, count: number, passwordHash: string, nowMs: number) {
  const ids: number[] = []
  for (let i = 0; i < count; i++) {
    // Offset so clients do not share names with the first practitioners.
    const { first, last } = nameAt(i + 1777)
    const result = ins.user.run({
      email: `${slug(first)}.${slug(last)}.c${i + 1}@${BENCH_DOMAIN}`,
      passwordHash,
      phoneNumber: phone(i),
      firstName: first,
      lastName: last,
      profileImageUrl: null,
      bio: null,
      title: null,
      isPractitioner: 0,
      country: 'CA',
      timeZone: 'America/Toronto',
      stripeAccountId: null,
      stripeAccountStatus: null,
      onboardingComplete: 0,
      createdAt: nowMs - 800 * DAY_MS,
    })
    ids.push(Number(result.lastInsertRowid))
  }
  return ids
}

/** Practitioners with complete profiles and finished payment onboarding, like the demo ones. */
export function insertBenchPractitioners(
  ins: LargeInserts,
  count: number,
  passwordHash: string,
  random: Random,
  nowMs: number,
) {
  const practitioners: BenchPractitioner[] = []
  for (let i = 0; i < count; i++) {
    const { first, last } = nameAt(i)
    const [country, timeZone] = random.pick(BENCH_ZONES)
    const mainCategory = SERVICE_CATEGORIES[i % SERVICE_CATEGORIES.length] as Category
    const words = CATEGORY_WORDS[mainCategory]
    const title = random.pick(words.titles)
    const specialties = random.sample(words.specialties, random.int(2, 4))
    const bio = random
      .pick(BIO_TEMPLATES)
      .replaceAll('{first}', first)
      .replaceAll('{title}', title)
      .replaceAll('{years}', String(random.int(3, 20)))
      .replaceAll('{spec1}', specialties[0] ?? 'wellbeing')
      .replaceAll('{spec2}', specialties[1] ?? 'stress')
    const joinedAt = nowMs - random.int(400, 900) * DAY_MS
    const result = ins.user.run({
      email: `${slug(first)}.${slug(last)}.p${i + 1}@${BENCH_DOMAIN}`,
      passwordHash,
      phoneNumber: phone(i),
      firstName: first,
      lastName: last,
      profileImageUrl: PORTRAITS[i % PORTRAITS.length] ?? null,
      bio,
      title,
      isPractitioner: 1,
      country,
      timeZone,
      stripeAccountId: `acct_bench_${i + 1}`,
      stripeAccountStatus: 'active',
      onboardingComplete: 1,
      createdAt: joinedAt,
    })
    const id = Number(result.lastInsertRowid)
    specialties.forEach((specialty, position) => ins.specialty.run(id, specialty, position))
    practitioners.push({ id, firstName: first, timeZone, mainCategory, joinedAt })
  }
  return practitioners
}
