import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/**
 * scrypt, memory-hard, with OWASP's parameters (N=2^17, r=8, p=1: 128 MiB per hash).
 * The parameters are stored in the hash, so they can be raised later and old hashes still
 * verify. Tests lower N through PASSWORD_HASH_COST to stay quick; production ignores it.
 */
const KEY_LENGTH = 64

function costExponent() {
  const fromEnv = Number(process.env.PASSWORD_HASH_COST)
  if (process.env.NODE_ENV !== 'production' && Number.isInteger(fromEnv) && fromEnv >= 10) {
    return fromEnv
  }
  return 17
}

function derive(password: string, salt: Buffer, options: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 256 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

export async function hashPassword(password: string) {
  const N = 2 ** costExponent()
  const r = 8
  const p = 1
  const salt = randomBytes(16)
  const key = await derive(password, salt, { N, r, p })
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string) {
  const [scheme, N, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !N || !r || !p || !salt || !key) return false
  const expected = Buffer.from(key, 'base64')
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
