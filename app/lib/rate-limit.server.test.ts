import { beforeEach, describe, expect, test } from 'vitest'
import { check, hit, reset, resetAllLimits, TOO_MANY_REQUESTS } from './rate-limit.server'

const limit = { max: 2, windowMs: 1000 }

describe('rate limit', () => {
  beforeEach(resetAllLimits)

  test('allows up to max attempts per window, then answers 429', () => {
    hit('k', limit, 0)
    hit('k', limit, 10)
    expect(() => hit('k', limit, 20)).toThrowError(TOO_MANY_REQUESTS)
    try {
      hit('k', limit, 30)
    } catch (error) {
      expect((error as { status: number }).status).toBe(429)
    }
  })

  test('a new window starts after windowMs', () => {
    hit('k', limit, 0)
    hit('k', limit, 0)
    expect(() => hit('k', limit, 999)).toThrow()
    expect(() => hit('k', limit, 1000)).not.toThrow()
  })

  test('keys are independent; check does not count; reset clears', () => {
    hit('a', limit, 0)
    hit('a', limit, 0)
    expect(() => check('a', limit, 0)).toThrow()
    expect(() => check('b', limit, 0)).not.toThrow()
    expect(() => check('b', limit, 0)).not.toThrow()
    reset('a')
    expect(() => check('a', limit, 0)).not.toThrow()
  })
})
