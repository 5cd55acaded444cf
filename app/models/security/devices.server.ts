import { createHash, randomBytes } from 'node:crypto'
import { createCookie, type Cookie } from '@remix-run/node'
import Bowser from 'bowser'
import { and, count, desc, eq, gt } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { knownDevices, sessions, users } from '~/db/schema'
import { isProduction } from '~/env.server'
import { sendEmail } from '~/integrations/email.server'
import { afterResponse } from '~/lib/after-response.server'
import { formatLongDate, formatTime, zoneAbbreviation } from '~/lib/dates'
import { appOrigin } from '~/lib/url.server'
import { revokeUserSessions, type SessionData } from '~/models/accounts/session.server'
import { regionName } from './fly-regions'
import { SECURITY_PATH } from './security'

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

/** "Chrome on macOS", from a user agent; "Unknown browser" when it says nothing useful. */
export function describeBrowser(userAgent: string) {
  if (!userAgent) return 'Unknown browser'
  const parsed = Bowser.parse(userAgent)
  const browser = parsed.browser.name ?? 'Unknown browser'
  return parsed.os.name ? `${browser} on ${parsed.os.name}` : browser
}

/** A session's public handle: its id is the cookie's secret, so the page never shows it. */
const handleOf = (sid: string) => createHash('sha256').update(sid).digest('hex').slice(0, 24)

export type SessionListing = {
  handle: string
  browser: string
  place: string | null
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

/**
 * Records the browser a sign-in came from; answers the Set-Cookie that keeps its id. A browser
 * new to an account that has signed in before sends the owner an email saying what, where and
 * when, with no link that signs in. An account's first browser is simply recorded.
 */
export async function noteSignInDevice(request: Request, userId: number) {
  const sent: unknown = await browserIdCookie().parse(request.headers.get('Cookie'))
  const deviceId =
    typeof sent === 'string' && /^[\w-]{20,64}$/.test(sent) ? sent : randomBytes(24).toString('base64url')
  const deviceHash = createHash('sha256').update(deviceId).digest('hex')
  const db = getDb()
  const isNew = db.transaction((tx) => {
    const known = tx.select({ n: count() }).from(knownDevices).where(eq(knownDevices.userId, userId)).get()?.n ?? 0
    const inserted = tx.insert(knownDevices).values({ userId, deviceHash }).onConflictDoNothing().run().changes === 1
    return inserted && known > 0
  })
  if (isNew) {
    const device = deviceOf(request)
    const origin = appOrigin(request)
    afterResponse('new device email', () => sendNewDeviceEmail(userId, device, origin))
  }
  return browserIdCookie().serialize(deviceId)
}

async function sendNewDeviceEmail(userId: number, device: SessionData['device'], origin: string) {
  const user = getDb()
    .select({ email: users.email, firstName: users.firstName, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId))
    .get()
  if (!user) return
  const now = new Date()
  const when = `${formatLongDate(now, user.timeZone)} at ${formatTime(now, user.timeZone)} ${zoneAbbreviation(now, user.timeZone)}`
  const where = device.region ? `, near ${regionName(device.region)}` : ''
  await sendEmail({
    to: user.email,
    subject: 'New sign-in to your Solace account',
    text: [
      `Hi ${user.firstName},`,
      '',
      `Your Solace account was just signed in from a browser it had not used before: ${describeBrowser(device.userAgent)}${where}, on ${when}.`,
      '',
      'If this was you, there is nothing to do.',
      `If it was not, change your password now and turn on two-factor sign-in. Your security settings (${origin}${SECURITY_PATH}) list every signed-in session, and each can be signed out there.`,
    ].join('\n'),
  })
}
