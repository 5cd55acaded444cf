import { createHmac } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { iceServersFor, turnCredential } from './ice-servers.server'

const now = new Date('2026-12-01T15:00:00Z')
const NOW_SECONDS = now.getTime() / 1000
const none = { STUN_URLS: [], TURN_URLS: [], TURN_SECRET: undefined, TURN_CREDENTIAL_TTL_SECONDS: 14_400 }

describe('ICE servers', () => {
  test('none by default: host candidates only, nothing sent to a public STUN server', () => {
    expect(iceServersFor(42, now, none)).toEqual([])
  })

  test('STUN as configured; TURN with a credential of its own for this person', () => {
    const env = {
      ...none,
      STUN_URLS: ['stun:turn.example.com:3478'],
      TURN_URLS: ['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349'],
      TURN_SECRET: 'a-shared-secret-for-local-tests-only',
    }
    const [stun, turn] = iceServersFor(42, now, env)
    expect(stun).toEqual({ urls: ['stun:turn.example.com:3478'] })
    expect(turn).toMatchObject({ urls: env.TURN_URLS, username: `${NOW_SECONDS + 14_400}:42` })
    // What coturn's use-auth-secret computes: base64(HMAC-SHA1(secret, username)).
    expect(turn!.credential).toBe(createHmac('sha1', env.TURN_SECRET).update(turn!.username!).digest('base64'))
  })
})

describe('turnCredential: the TURN REST scheme', () => {
  test('expires after its lifetime, names the user, and changes with the secret and the time', () => {
    const first = turnCredential('secret-one-for-tests', 7, now, 600)
    expect(first.username).toBe(`${NOW_SECONDS + 600}:7`)
    expect(turnCredential('secret-two-for-tests', 7, now, 600).credential).not.toBe(first.credential)
    expect(turnCredential('secret-one-for-tests', 7, new Date(now.getTime() + 1000), 600).username).toBe(
      `${NOW_SECONDS + 601}:7`,
    )
  })
})
