import { createHmac } from 'node:crypto'
import { getEnv, type Env } from '~/env.server'
import type { SessionRoomData } from './room'

/**
 * A TURN credential in the TURN REST scheme that coturn's `use-auth-secret` checks: the username
 * is `<expiry in Unix seconds>:<user id>` and the password is the base64 HMAC-SHA1 of it under
 * the shared secret. It lasts `ttlSeconds`; nothing is stored, and the TURN server needs no list
 * of users.
 */
export function turnCredential(secret: string, userId: number, now: Date, ttlSeconds: number) {
  const username = `${Math.floor(now.getTime() / 1000) + ttlSeconds}:${userId}`
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') }
}

/**
 * The ICE servers a person's browser may use for one room: the configured STUN servers and,
 * when TURN is configured, the TURN servers with a credential of their own. None by default
 * (docs/decisions/039-video-rooms.md).
 */
export function iceServersFor(
  userId: number,
  now = new Date(),
  env: Pick<Env, 'STUN_URLS' | 'TURN_URLS' | 'TURN_SECRET' | 'TURN_CREDENTIAL_TTL_SECONDS'> = getEnv(),
): SessionRoomData['iceServers'] {
  const servers: SessionRoomData['iceServers'] = []
  if (env.STUN_URLS.length) servers.push({ urls: env.STUN_URLS })
  if (env.TURN_URLS.length && env.TURN_SECRET) {
    servers.push({
      urls: env.TURN_URLS,
      ...turnCredential(env.TURN_SECRET, userId, now, env.TURN_CREDENTIAL_TTL_SECONDS),
    })
  }
  return servers
}
