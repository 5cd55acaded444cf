import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  currentParameters,
  HASH_CONCURRENCY,
  HASH_QUEUE_LENGTH,
  HASH_RUNNING_PER_ADDRESS,
  HASH_SHARE_LENGTH,
  hashPassword,
  needsRehash,
  SERVER_BUSY,
  verifyPassword,
} from './password.server'
import type * as Crypto from 'node:crypto'

/**
 * scrypt stays real unless a test holds it: then every call waits until the test releases it,
 * and the counter records how many ran at once.
 */
const scryptCalls = vi.hoisted(() => ({
  held: false,
  running: 0,
  peak: 0,
  started: 0,
  waiting: [] as Array<() => void>,
}))

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof Crypto>()
  const scrypt = (...args: unknown[]) => {
    if (!scryptCalls.held) return (actual.scrypt as (...a: unknown[]) => void)(...args)
    const keyLength = args[2] as number
    const callback = args.at(-1) as (error: Error | null, key: Buffer) => void
    scryptCalls.started += 1
    scryptCalls.running += 1
    scryptCalls.peak = Math.max(scryptCalls.peak, scryptCalls.running)
    scryptCalls.waiting.push(() => {
      scryptCalls.running -= 1
      callback(null, Buffer.alloc(keyLength))
    })
  }
  return { ...actual, scrypt }
})

/** The tests' own turn in the queue, where a test is not about turns. */
const SHARE = { address: 'test' }

/** Lets every pending promise callback run (the queue hands places over in microtasks). */
const flush = () => new Promise((resolve) => setImmediate(resolve))

/** What a promise settled with by the next turn of the event loop, or 'still waiting'. */
function settledNow(promise: Promise<unknown>) {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => error,
  )
  return Promise.race([outcome, flush().then(() => 'still waiting')])
}

function hold() {
  Object.assign(scryptCalls, { held: true, running: 0, peak: 0, started: 0, waiting: [] })
}

async function releaseAll() {
  while (scryptCalls.waiting.length > 0) {
    scryptCalls.waiting.shift()!()
    await flush()
  }
}

afterEach(async () => {
  await releaseAll()
  scryptCalls.held = false
})

describe('password hashing', () => {
  test('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('Solace-demo-2026', SHARE)
    expect(hash).toMatch(/^scrypt\$\d+\$8\$1\$/)
    expect(hash).not.toContain('Solace-demo-2026')
    await expect(verifyPassword('Solace-demo-2026', hash, SHARE)).resolves.toBe(true)
    await expect(verifyPassword('solace-demo-2026', hash, SHARE)).resolves.toBe(false)
  })

  test('salts every hash', async () => {
    expect(await hashPassword('same', SHARE)).not.toBe(await hashPassword('same', SHARE))
  })

  test('refuses malformed stored values', async () => {
    await expect(verifyPassword('x', 'plain-text', SHARE)).resolves.toBe(false)
    await expect(verifyPassword('x', 'scrypt$4096$8$1$c2FsdA==$', SHARE)).resolves.toBe(false)
    await expect(verifyPassword('x', 'scrypt$abc$8$1$c2FsdA==$a2V5', SHARE)).resolves.toBe(false)
  })

  test('outside tests: N=2^15, r=8, p=3 (32 MiB), and the hash verifies', async () => {
    vi.stubEnv('PASSWORD_HASH_COST', '')
    try {
      expect(currentParameters()).toEqual({ N: 2 ** 15, r: 8, p: 3 })
      const hash = await hashPassword('Solace-demo-2026', SHARE)
      expect(hash).toMatch(/^scrypt\$32768\$8\$3\$/)
      expect(needsRehash(hash)).toBe(false)
      await expect(verifyPassword('Solace-demo-2026', hash, SHARE)).resolves.toBe(true)
    } finally {
      vi.unstubAllEnvs()
    }
  })

  test('a hash made with other parameters needs rehashing; one made today does not', async () => {
    const legacy =
      'scrypt$131072$8$1$AgSfl1SD5pRZJd8nQPpvQg==$ezbDgfs3zx0W3QHYqON9vD8XjUG5nfgK9KhhoFjy0UO5oe0SDfBiw6LlpkD4Yoxh+8WOk39xn3f7c1nMLhdRmw=='
    expect(needsRehash(legacy)).toBe(true)
    expect(needsRehash(legacy.replace('$131072$8$1$', `$${currentParameters().N}$8$3$`))).toBe(true)
    expect(needsRehash('plain-text')).toBe(true)
    expect(needsRehash(await hashPassword('x', SHARE))).toBe(false)
  })
})

describe('the hashing queue', () => {
  test(`never runs more than ${HASH_CONCURRENCY} hashes or verifications at once, nor more than ${HASH_RUNNING_PER_ADDRESS} per address; each address's callers first come first served`, async () => {
    const stored = await hashPassword('secret', SHARE)
    hold()
    const order: string[] = []
    const addresses = ['192.0.2.1', '192.0.2.2', '192.0.2.3']
    const calls = addresses.flatMap((address) =>
      Array.from({ length: HASH_SHARE_LENGTH }, (_, i) =>
        (i % 2 ? hashPassword('secret', { address }) : verifyPassword('secret', stored, { address })).then(() =>
          order.push(`${address} ${i}`),
        ),
      ),
    )
    await flush()
    expect(scryptCalls.running).toBe(HASH_CONCURRENCY)
    await releaseAll()
    await Promise.all(calls)
    expect(scryptCalls.started).toBe(addresses.length * HASH_SHARE_LENGTH)
    expect(scryptCalls.peak).toBe(HASH_CONCURRENCY)
    for (const address of addresses) {
      const own = order.filter((entry) => entry.startsWith(`${address} `))
      expect(own).toEqual(Array.from({ length: HASH_SHARE_LENGTH }, (_, i) => `${address} ${i}`))
    }
  })

  // Before: first come first served, so 60 sign-ins from one address made everyone wait for them.
  test('an address with a hash running leaves the other place to everyone else: a flood waits behind itself', async () => {
    hold()
    const flood = { address: '203.0.113.9' }
    const flooding = Array.from({ length: 1 + HASH_SHARE_LENGTH }, () => hashPassword('secret', flood))
    await flush()
    expect(scryptCalls.running).toBe(HASH_RUNNING_PER_ADDRESS)
    // Someone else starts at once, without waiting for any of the flood's hashes.
    const other = hashPassword('secret', { address: '198.51.100.7' })
    await flush()
    expect(scryptCalls.running).toBe(HASH_RUNNING_PER_ADDRESS + 1)
    await releaseAll()
    await Promise.all([...flooding, other])
  })

  test('an address, or an account, with its share waiting is refused at once with 503; others still get in line', async () => {
    hold()
    const address = { address: '203.0.113.9' }
    const accepted = Array.from({ length: HASH_RUNNING_PER_ADDRESS + HASH_SHARE_LENGTH }, () =>
      hashPassword('secret', address),
    )
    await flush()
    expect(await settledNow(hashPassword('secret', address))).toMatchObject({ status: 503, message: SERVER_BUSY })

    // One account from many addresses is one share too: the first takes the free place, the
    // next ones wait, and past the share the next is refused.
    const account = (i: number) => ({ address: `198.51.100.${i}`, account: 'someone@example.com' })
    accepted.push(...Array.from({ length: 1 + HASH_SHARE_LENGTH }, (_, i) => hashPassword('secret', account(i))))
    await flush()
    expect(scryptCalls.running).toBe(HASH_CONCURRENCY)
    expect(await settledNow(hashPassword('secret', account(99)))).toMatchObject({ status: 503 })

    const someoneElse = settledNow(hashPassword('secret', { address: '192.0.2.1', account: 'other@example.com' }))
    expect(await someoneElse).toBe('still waiting')
    await releaseAll()
    await expect(Promise.all(accepted)).resolves.toHaveLength(accepted.length)
  })

  test('a caller beyond the queue length is refused at once with 503; the queue then carries on', async () => {
    hold()
    // Each from its own address, so only the queue's length refuses.
    const accepted = Array.from({ length: HASH_CONCURRENCY + HASH_QUEUE_LENGTH }, (_, i) =>
      hashPassword('secret', { address: `10.0.${Math.floor(i / 200)}.${i % 200}` }),
    )
    await flush()
    // Refused while nothing has finished: the answer does not wait for a place.
    const extraHash = settledNow(hashPassword('secret', { address: '192.0.2.1' }))
    const extraVerify = settledNow(verifyPassword('secret', 'scrypt$1024$8$1$c2FsdA==$a2V5', { address: '192.0.2.2' }))
    expect(await extraHash).toMatchObject({ name: 'AppError', status: 503, message: SERVER_BUSY })
    expect(await extraVerify).toMatchObject({ name: 'AppError', status: 503 })
    expect(scryptCalls.started).toBe(HASH_CONCURRENCY)
    await releaseAll()
    await expect(Promise.all(accepted)).resolves.toHaveLength(HASH_CONCURRENCY + HASH_QUEUE_LENGTH)
    expect(scryptCalls.peak).toBe(HASH_CONCURRENCY)

    // The refused callers took no place: the queue is empty again.
    scryptCalls.held = false
    await expect(verifyPassword('secret', await hashPassword('secret', SHARE), SHARE)).resolves.toBe(true)
  })
})
