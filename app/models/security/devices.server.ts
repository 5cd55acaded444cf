import { createHash, randomBytes } from 'node:crypto'
import { createCookie, type Cookie } from '@remix-run/node'
import Bowser from 'bowser'
import { and, count, desc, eq, gt } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { knownDevices, sessions } from '~/db/schema'
import { isProduction } from '~/env.server'
import { msg, type Message } from '~/lib/i18n/message'
import { revokeUserSessions, type SessionData } from '~/models/accounts/session.server'
import { regionName } from './fly-regions'

/**
 * The account's signed-in sessions as the security page lists them, and the browsers a person
 * has signed in from, so that a sign-in from a new one sends them an email (decision 042).
 */

const EDGE_REGION_HEADER = 'x-solace-edge-region'

/** What a session records of the browser it was started in: its user agent and Fly's edge. */
export function deviceOf(request: Request): SessionData['device'] {
  return {
    userAgent: (request.headers.get('user-agent') ?? '').slice(0, 300),
    region: request.headers.get(EDGE_REGION_HEADER),
  }
}

/** Said of a browser whose user agent says nothing useful. */
export const UNKNOWN_BROWSER = msg('account:devices.unknownBrowser')

/**
 * "Chrome on macOS", from a user agent; "Unknown browser" when it says nothing useful. A message
 * (app/lib/i18n/message.ts): the page or the email puts it in its reader's language.
 */
export function describeBrowser(userAgent: string): Message {
  if (!userAgent) return UNKNOWN_BROWSER
  const parsed = Bowser.parse(userAgent)
  const browser = parsed.browser.name ?? UNKNOWN_BROWSER
  return parsed.os.name ? msg('account:devices.browserOn', { browser, os: parsed.os.name }) : browser
}

/** A session's public handle: its id is the cookie's secret, so the page never shows it. */
const handleOf = (sid: string) => createHash('sha256').update(sid).digest('hex').slice(0, 24)

/** A signed-in session as the security page lists it; `browser` and `place` are messages. */
export type SessionListing = {
  handle: string
  browser: Message
  place: Message | null
  firstSeen: string
  lastSeen: string
  current: boolean
}

export function listSessions(userId: number, currentSid: string | undefined, now = new Date()): SessionListing[] {
  const rows = getDb()
    .select({ sid: sessions.sid, sess: sessions.sess, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expire, now)))
    .orderBy(desc(sessions.createdAt))
    .all()
  return rows
    .map((row) => {
      const device = (row.sess as Partial<SessionData>).device
      return {
        handle: handleOf(row.sid),
        browser: describeBrowser(device?.userAgent ?? ''),
        place: device?.region ? regionName(device.region) : null,
        firstSeen: row.createdAt.toISOString(),
        lastSeen: (row.lastSeenAt ?? row.createdAt).toISOString(),
        current: row.sid === currentSid,
      }
    })
    .sort((a, b) => Number(b.current) - Number(a.current))
}

/** Signs out one of the account's sessions by its handle; answers whether there was one. */
export function signOutSession(userId: number, handle: string) {
  const db = getDb()
  const target = db
    .select({ sid: sessions.sid })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .all()
    .find((row) => handleOf(row.sid) === handle)
  if (!target) return false
  db.delete(sessions)
    .where(and(eq(sessions.sid, target.sid), eq(sessions.userId, userId)))
    .run()
  return true
}

export function signOutOtherSessions(userId: number, currentSid: string | undefined) {
  revokeUserSessions(userId, currentSid ? { exceptSid: currentSid } : {})
}

/**
 * A long-lived, random, unsigned browser id. It proves nothing (it is no credential), it only
 * tells whether this browser signed in to this account before; the table keeps its hash.
 */
let deviceCookie: Cookie | undefined
/** Made on first use: reading the configuration at import would come before the start's check of it. */
function browserIdCookie() {
  deviceCookie ??= createCookie('__device', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: isProduction(),
    maxAge: 400 * 24 * 60 * 60,
  })
  return deviceCookie
}

/** The browser id the request carries, if it is one this site could have made. */
async function sentBrowserId(request: Request) {
  const sent: unknown = await browserIdCookie().parse(request.headers.get('Cookie'))
  return typeof sent === 'string' && /^[\w-]{20,64}$/.test(sent) ? sent : null
}

/** Browsers remembered per account: far more than one person signs in from. */
export const MAX_KNOWN_BROWSERS = 100

const hashOf = (deviceId: string) => createHash('sha256').update(deviceId).digest('hex')

/**
 * The hash of the request's browser id when that browser has signed in to this account before,
 * else null. The id is random and never shown, so whoever has only the password does not have
 * it: the code limits let such a browser past the account-wide ceiling (password-attempts.server.ts).
 */
export async function knownBrowserOf(request: Request, userId: number) {
  const deviceId = await sentBrowserId(request)
  if (!deviceId) return null
  const deviceHash = hashOf(deviceId)
  const known = getDb()
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceHash, deviceHash)))
    .get()
  return known ? deviceHash : null
}

/**
 * Records the browser a sign-in came from; answers the Set-Cookie that keeps its id, and
 * whether the owner should hear of it: a browser new to an account that has signed in before
 * (the caller sends that email, security-emails.server.ts). An account's first browser is
 * simply recorded.
 */
export async function noteSignInDevice(request: Request, userId: number) {
  const deviceId = (await sentBrowserId(request)) ?? randomBytes(24).toString('base64url')
  const deviceHash = hashOf(deviceId)
  const isNew = getDb().transaction((tx) => {
    const known = tx.select({ n: count() }).from(knownDevices).where(eq(knownDevices.userId, userId)).get()?.n ?? 0
    const seen = tx
      .select({ userId: knownDevices.userId })
      .from(knownDevices)
      .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceHash, deviceHash)))
      .get()
    if (seen) return false
    // Past the bound a browser is not recorded (one account cannot fill the table), and is
    // still new each time: its owner hears of it, and it gets no known browser's code budget.
    if (known < MAX_KNOWN_BROWSERS) tx.insert(knownDevices).values({ userId, deviceHash }).run()
    return known > 0
  })
  return { setCookie: await browserIdCookie().serialize(deviceId), isNew }
}
