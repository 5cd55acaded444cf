import { beforeEach, describe, expect, test } from 'vitest'
import { check, hit, refund, reset, resetAllLimits, TOO_MANY_REQUESTS } from './rate-limit.server'

const limit = { max: 2, windowMs: 1000 }

describe('rate limit', () => {
  beforeEach(resetAllLimits)

  test('allows up to max attempts per window, then answers 429', () => {
    hit('k', limit, 0)
    hit('k', limit, 10)
    expect(() => hit('k', limit, 20)).toThrowError(TOO_MANY_REQUESTS)
    expect(() => hit('k', limit, 30)).toThrow(expect.objectContaining({ name: 'AppError', status: 429 }))
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

  test('check can say how long is left in the window', () => {
    hit('k', limit, 0)
    hit('k', limit, 0)
    const minutes = (ms: number) => `wait ${ms} ms`
    expect(() => check('k', limit, 400, minutes)).toThrow(
      expect.objectContaining({ message: 'wait 600 ms', status: 429 }),
    )
  })

  test("refund takes back one source's attempts and never another's", () => {
    const three = { max: 3, windowMs: 1000 }
    hit('k', three, 0, 'attacker')
    hit('k', three, 0, 'attacker')
    hit('k', three, 0, 'owner')
    expect(() => check('k', three, 0)).toThrow()
    refund('k', 'owner')
    expect(() => check('k', three, 0)).not.toThrow()
    hit('k', three, 0, 'owner')
    // The owner's refunds cannot go below what the owner added: the attacker's two stay.
    refund('k', 'owner')
    refund('k', 'owner')
    refund('k', 'nobody')
    hit('k', three, 0, 'owner')
    expect(() => check('k', three, 0)).toThrow()
    // A count takes back only that many.
    refund('k', 'attacker', 1)
    hit('k', three, 0, 'owner')
    expect(() => hit('k', three, 0, 'owner')).toThrow()
  })
})
