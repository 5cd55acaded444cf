import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { AppError } from './errors'

/**
 * scrypt at N=2^15, r=8, p=3: 32 MiB per hash, one of the settings OWASP lists as equal in
 * work to N=2^17, r=8, p=1 (128 MiB). The server has 512 MB and a flood multiplies the memory
 * of one hash, so we take the least memory for the same work, and run at most two hashes at
 * once (docs/decisions/015-password-hashing-and-login-limits.md). The parameters are stored
 * in the hash, so older hashes still verify, and `needsRehash` tells when to replace them.
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
 * Callers that may wait for a place. A waiting caller holds no scrypt memory, only its
 * request; 64 covers a burst of real sign-ins (about ten seconds of work on one shared CPU),
 * and a flood beyond it is refused at once instead of queueing without end.
 */
export const HASH_QUEUE_LENGTH = 64

export const SERVER_BUSY = 'The server is busy. Please try again in a moment.'

let running = 0
const waiting: Array<() => void> = []

/** Runs `work` when one of the HASH_CONCURRENCY places is free, first come first served. */
async function queued<T>(work: () => Promise<T>): Promise<T> {
  if (running < HASH_CONCURRENCY) running += 1
  else if (waiting.length >= HASH_QUEUE_LENGTH) throw new AppError(SERVER_BUSY, 503)
  else await new Promise<void>((resolve) => waiting.push(resolve))
  try {
    return await work()
  } finally {
    // The place passes straight to the first caller waiting, so nobody can overtake it.
    const next = waiting.shift()
    if (next) next()
    else running -= 1
  }
}

function derive(password: string, salt: Buffer, keyLength: number, { N, r, p }: Parameters) {
  return queued(
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

export async function hashPassword(password: string) {
  const parameters = currentParameters()
  const salt = randomBytes(SALT_LENGTH)
  const key = await derive(password, salt, KEY_LENGTH, parameters)
  const { N, r, p } = parameters
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string) {
  const hash = parse(stored)
  if (!hash || hash.key.length === 0) return false
  const actual = await derive(password, hash.salt, hash.key.length, hash.parameters)
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
