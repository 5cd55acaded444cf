import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { AppError } from './errors'
import { announceExpensiveStep } from './expensive-steps.server'
import { msg } from './i18n/message'
import { BACKGROUND_SECONDS, counter, gauge, histogram } from './metrics.server'
import { clientIp } from './rate-limit.server'

/**
 * scrypt at N=2^15, r=8, p=3: 32 MiB per hash, one of the settings OWASP lists as equal in
 * work to N=2^17, r=8, p=1 (128 MiB). The server has 512 MB and a flood multiplies the memory
 * of one hash, so we take the least memory for the same work, and run at most two hashes at
 * once and one per address (docs/decisions/015-password-hashing-and-login-limits.md). The
 * parameters are stored in the hash, so older hashes still verify, and `needsRehash` tells
 * when to replace them.
 * Tests lower the cost through PASSWORD_HASH_COST to stay quick; production ignores it.
 */
type Parameters = { N: number; r: number; p: number }

const KEY_LENGTH = 64
const SALT_LENGTH = 16

// Enough for the N=2^17 hashes written before 015, until their owners next sign in; a stored
// value asking for more fails instead of allocating it.
const MAX_MEMORY = 129 * 1024 * 1024

export function currentParameters(): Parameters {
  const fromEnv = Number(process.env.PASSWORD_HASH_COST)
  if (process.env.NODE_ENV !== 'production' && Number.isInteger(fromEnv) && fromEnv >= 10) {
    return { N: 2 ** fromEnv, r: 8, p: 1 }
  }
  return { N: 2 ** 15, r: 8, p: 3 }
}

/** Hashes running at once: each holds its memory and one of libuv's four threads. */
export const HASH_CONCURRENCY = 2
/**
 * Callers that may wait for a place, in all. A waiting caller holds no scrypt memory, only its
 * request; 64 covers a burst of real sign-ins (about ten seconds of work on one shared CPU),
 * and a flood beyond it is refused at once instead of queueing without end.
 */
export const HASH_QUEUE_LENGTH = 64
/**
 * Callers one address, or one account, may have waiting. A person signs in once at a time;
 * past this, the source is refused at once, and it can never fill the queue for everyone.
 */
export const HASH_SHARE_LENGTH = 4
/**
 * Hashes one address may have running. One: whatever an address sends, the other place stays
 * for everyone else, so a sign-in from elsewhere never waits for a flood's hashes to finish.
 */
export const HASH_RUNNING_PER_ADDRESS = 1

export const SERVER_BUSY = msg('common:errors.serverBusy')

/**
 * Whose request a hash is for: the client's address (as `clientIp` reads it) and, when there
 * is one, the account (an email as typed, or `user:<id>`). An address runs one hash at a time,
 * so a source flooding the queue waits behind itself, never in front of everyone else
 * (docs/decisions/015-password-hashing-and-login-limits.md).
 */
export type HashShare = { address: string; account?: string }

/** The share of a request's client, for the account it concerns if any. */
export function hashShare(request: Request, account?: string): HashShare {
  return { address: clientIp(request), account: account?.toLowerCase() }
}

type Waiter = { start: () => void; address: string; account?: string }

/** Hashes running, by address. */
const runningByAddress = new Map<string, number>()
let running = 0
/** Callers waiting, in the order they came. */
const waiting: Waiter[] = []

gauge({
  name: 'solace_password_hash_queue_length',
  help: `Password checks waiting for one of the ${HASH_CONCURRENCY} hashing places (at most ${HASH_QUEUE_LENGTH})`,
  collect() {
    this.set(waiting.length)
  },
})
gauge({
  name: 'solace_password_hashes_running',
  help: `Password hashes running (at most ${HASH_CONCURRENCY})`,
  collect() {
    this.set(running)
  },
})
const hashWait = histogram({
  name: 'solace_password_hash_wait_seconds',
  help: 'How long a password check waited for a hashing place (0 when one was free)',
  buckets: BACKGROUND_SECONDS,
})
const hashRefusals = counter({
  name: 'solace_password_hash_refusals_total',
  help: 'Password checks refused at once (503) because the queue, or the share of their address or account, was full',
})

const count = (map: Map<string, number>, key: string) => map.get(key) ?? 0
function add(map: Map<string, number>, key: string, change: number) {
  const value = count(map, key) + change
  if (value > 0) map.set(key, value)
  else map.delete(key)
}

function refuseWhenFull({ address, account }: HashShare) {
  const full =
    waiting.length >= HASH_QUEUE_LENGTH ||
    waiting.filter((waiter) => waiter.address === address).length >= HASH_SHARE_LENGTH ||
    (account !== undefined && waiting.filter((waiter) => waiter.account === account).length >= HASH_SHARE_LENGTH)
  if (full) {
    hashRefusals.inc()
    throw new AppError(SERVER_BUSY, 503)
  }
}

const mayStart = (address: string) => count(runningByAddress, address) < HASH_RUNNING_PER_ADDRESS

/** The caller to start when a place frees: the first to come whose address may run one more. */
function nextWaiter() {
  const next = waiting.findIndex((waiter) => mayStart(waiter.address))
  return next < 0 ? undefined : waiting.splice(next, 1)[0]
}

/**
 * Runs `work` once one of the HASH_CONCURRENCY places is free and its address has no hash
 * running; until then it waits, first come first served among the callers that may start.
 */
async function queued<T>(share: HashShare, work: () => Promise<T>): Promise<T> {
  if (running < HASH_CONCURRENCY && mayStart(share.address)) {
    running += 1
    add(runningByAddress, share.address, 1)
    hashWait.observe(0)
  } else {
    refuseWhenFull(share)
    const asked = performance.now()
    await new Promise<void>((start) => waiting.push({ start, address: share.address, account: share.account }))
    hashWait.observe((performance.now() - asked) / 1000)
  }
  try {
    return await work()
  } finally {
    add(runningByAddress, share.address, -1)
    // The place passes straight to the next caller that may start (counted as running from
    // now), so nobody can overtake it; with none, it is free.
    const next = nextWaiter()
    if (next) {
      add(runningByAddress, next.address, 1)
      next.start()
    } else running -= 1
  }
}

function derive(password: string, salt: Buffer, keyLength: number, { N, r, p }: Parameters, share: HashShare) {
  announceExpensiveStep('password hash')
  return queued(
    share,
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem: MAX_MEMORY }, (error, key) =>
          error ? reject(error) : resolve(key),
        )
      }),
  )
}

function parse(stored: string) {
  const [scheme, N, r, p, salt, key, ...rest] = stored.split('$')
  if (scheme !== 'scrypt' || rest.length > 0 || !salt || !key) return null
  const parameters = { N: Number(N), r: Number(r), p: Number(p) }
  if (!Object.values(parameters).every((n) => Number.isSafeInteger(n) && n > 0)) return null
  return { parameters, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') }
}

export async function hashPassword(password: string, share: HashShare) {
  const parameters = currentParameters()
  const salt = randomBytes(SALT_LENGTH)
  const key = await derive(password, salt, KEY_LENGTH, parameters, share)
  const { N, r, p } = parameters
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string, share: HashShare) {
  const hash = parse(stored)
  if (!hash || hash.key.length === 0) return false
  const actual = await derive(password, hash.salt, hash.key.length, hash.parameters, share)
  return timingSafeEqual(actual, hash.key)
}

/** True when a stored hash was made with other parameters than today's (replace it at the next login). */
export function needsRehash(stored: string) {
  const hash = parse(stored)
  if (!hash) return true
  const current = currentParameters()
  const { N, r, p } = hash.parameters
  return N !== current.N || r !== current.r || p !== current.p || hash.key.length !== KEY_LENGTH
}
