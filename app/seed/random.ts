/**
 * A small seeded PRNG (mulberry32) so every seed run makes the same choices: the same people
 * get the same ratings and the same slots, which keeps screenshots, e2e tests and benchmark
 * numbers comparable between runs. Not for anything secret.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number
  /** Integer in [min, max], both ends included. */
  int(min: number, max: number): number
  chance(probability: number): boolean
  pick<T>(items: readonly T[]): T
  /** `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[]
  /** Picks by weight: `weighted([[5, 0.6], [4, 0.3]])`. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T
  /** An RFC 4122 version-4 shaped id, drawn from this generator (batch ids). */
  uuid(): string
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0

  function next() {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  function int(min: number, max: number) {
    return min + Math.floor(next() * (max - min + 1))
  }

  function pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick() from an empty list')
    return items[Math.floor(next() * items.length)] as T
  }

  function sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items]
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1))
      ;[copy[i], copy[j]] = [copy[j] as T, copy[i] as T]
    }
    return copy.slice(0, Math.min(count, copy.length))
  }

  function weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((sum, [, weight]) => sum + weight, 0)
    let roll = next() * total
    for (const [value, weight] of choices) {
      roll -= weight
      if (roll < 0) return value
    }
    const last = choices[choices.length - 1]
    if (!last) throw new Error('weighted() needs at least one choice')
    return last[0]
  }

  function uuid() {
    const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16))
    hex[12] = '4'
    hex[16] = ((parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16)
    const s = hex.join('')
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`
  }

  return { next, int, chance: (p) => next() < p, pick, sample, weighted, uuid }
}
