import { beforeEach, describe, expect, test } from 'vitest'
import { CLIENT_IP_HEADER, resetAllLimits } from '~/lib/rate-limit.server'
import { accountLocked, limitPasswordCheck } from './password-attempts.server'

function from(ip: string) {
  return new Request('http://localhost/login', { method: 'POST', headers: { [CLIENT_IP_HEADER]: ip } })
}

/** A password check that answers only when the test says so, and counts how often it ran. */
function pending() {
  let answer!: (right: boolean) => void
  const result = new Promise<true | null>((resolve) => (answer = (right) => resolve(right ? true : null)))
  const check = {
    runs: 0,
    verify: () => {
      check.runs += 1
      return result
    },
    answer,
  }
  return check
}

beforeEach(resetAllLimits)

describe('limitPasswordCheck', () => {
  test('checks still running count: of 30 wrong passwords sent at once, 10 are checked and 20 refused', async () => {
    const check = pending()
    const attempts = Array.from({ length: 30 }, (_, i) =>
      limitPasswordCheck(from(`198.51.100.${i + 1}`), 'owner@example.com', check.verify).then(
        (result) => ({ result }),
        (error: unknown) => error,
      ),
    )
    check.answer(false)
    expect(check.runs).toBe(10)
    const outcomes = await Promise.all(attempts)
    expect(outcomes.filter((outcome) => 'result' in (outcome as object))).toHaveLength(10)
    const refused = outcomes.filter((outcome) => (outcome as { status?: number }).status === 429)
    expect(refused).toHaveLength(20)
    expect(refused[0]).toMatchObject({ message: accountLocked(15 * 60_000) })
  })

  test('a check that could not run (the hash queue refused it) is not counted', async () => {
    const busy = Object.assign(new Error('busy'), { status: 503 })
    for (let i = 0; i < 20; i++) {
      await expect(limitPasswordCheck(from('192.0.2.1'), 'owner@example.com', () => Promise.reject(busy))).rejects.toBe(
        busy,
      )
    }
    await expect(limitPasswordCheck(from('192.0.2.1'), 'owner@example.com', async () => true)).resolves.toBe(true)
  })
})
