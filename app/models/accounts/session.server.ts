import { randomBytes } from 'node:crypto'
import { createCookie, createSessionStorage, type Cookie } from '@remix-run/node'
import { and, desc, eq, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm'
import { LRUCache } from 'lru-cache'
import { getDb } from '~/db/client.server'
import { preparedOnce } from '~/db/prepared.server'
import { sessions } from '~/db/schema'
import { getEnv, isProduction } from '~/env.server'
import { isPrimaryInstance } from '~/integrations/litefs.server'
import { siteMayWrite } from '~/lib/fetch-metadata.server'
import { noteRequestUser } from '~/lib/request-context.server'

export const REMEMBER_ME_MAX_AGE_S = 60 * 60 * 24 * 30
/**
 * Sessions one account keeps: signing in again and again cannot fill the table (issue 41); past
 * it, the session seen longest ago is signed out (refusing a sign-in would lock the owner out).
 */
export const MAX_SESSIONS_PER_USER = 50
/** Without "remember me" the cookie ends with the browser, and the server row after 12 h. */
const BROWSER_SESSION_TTL_MS = 12 * 60 * 60 * 1000

/**
 * What a session row keeps. `verifiedAt` is when a password or second factor was last given
 * (decision 042's recent verification); `device` what the sessions list shows; `pendingSignIn`
 * a password accepted and its second step still to come (no `userId` until then); `challenge`
 * a WebAuthn challenge waiting for its answer, used once; `totpSetup` an authenticator app's
 * secret being set up, shown to this session only and gone with it (two-factor.server.ts).
 */
export type SessionData = {
  userId: number
  verifiedAt: number
  device: { userAgent: string; region: string | null }
  pendingSignIn: { userId: number; remember: boolean; expiresAt: number }
  challenge: { value: string; purpose: 'register' | 'sign-in'; expiresAt: number }
  totpSetup: { secret: string; expiresAt: number }
}

let cookie: Cookie | undefined

/** The session cookie: signed, so a made-up id is refused before any row is read. */
function sessionCookie() {
  cookie ??= createCookie('__session', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: isProduction(),
    secrets: [getEnv().SESSION_SECRET],
  })
  return cookie
}

function buildStorage() {
  return createSessionStorage<SessionData>({
    cookie: sessionCookie(),
    async createData(data, expires) {
      const sid = randomBytes(32).toString('base64url')
      getDb()
        .insert(sessions)
        .values({
          sid,
          userId: data.userId ?? null,
          sess: data,
          expire: expires ?? new Date(Date.now() + BROWSER_SESSION_TTL_MS),
        })
        .run()
      if (data.userId) keepNewestSessions(data.userId)
      return sid
    },
    async readData(sid) {
      const row = getDb()
        .select({ sess: sessions.sess, expire: sessions.expire })
        .from(sessions)
        .where(eq(sessions.sid, sid))
        .get()
      if (!row || row.expire.getTime() <= Date.now()) return null
      return row.sess as Partial<SessionData>
    },
    async updateData(sid, data, expires) {
      getDb()
        .update(sessions)
        .set({ sess: data, userId: data.userId ?? null, ...(expires ? { expire: expires } : {}) })
        .where(eq(sessions.sid, sid))
        .run()
    },
    async deleteData(sid) {
      getDb().delete(sessions).where(eq(sessions.sid, sid)).run()
    },
  })
}

/**
 * The sessions list's "last seen": written at most every five minutes per session and process
 * (remembered here, so most requests do not even try), only on the primary (a replica cannot
 * write) and only for a request the person made themselves (decision 032: a GET another site
 * started changes nothing).
 */
const SEEN_EVERY_MS = 5 * 60 * 1000
const seen = new LRUCache<string, number>({ max: 10_000 })
export async function noteSessionSeen(sid: string, now = Date.now()) {
  const last = seen.get(sid)
  if (last !== undefined && now - last < SEEN_EVERY_MS) return
  if (!(await isPrimaryInstance())) return
  seen.set(sid, now)
  getDb()
    .update(sessions)
    .set({ lastSeenAt: new Date(now) })
    .where(
      and(
        eq(sessions.sid, sid),
        or(isNull(sessions.lastSeenAt), lt(sessions.lastSeenAt, new Date(now - SEEN_EVERY_MS))),
      ),
    )
    .run()
}

/**
 * Changes some of a session's data on the server only: the cookie holds just the id, so it is
 * not sent again (committing would turn a "remember me" cookie into one that ends with the browser).
 */
export function updateSessionData(sid: string, patch: Partial<SessionData>) {
  const row = getDb().select({ sess: sessions.sess }).from(sessions).where(eq(sessions.sid, sid)).get()
  if (!row) return
  getDb()
    .update(sessions)
    .set({ sess: { ...row.sess, ...patch } })
    .where(eq(sessions.sid, sid))
    .run()
}

let storage: ReturnType<typeof buildStorage> | undefined

export function sessionStorage() {
  storage ??= buildStorage()
  return storage
}

export function getSession(request: Request) {
  return sessionStorage().getSession(request.headers.get('Cookie'))
}

/**
 * Signed cookies already checked, and the session id each names: the same cookie always names
 * the same id (the signature is over it), so the HMAC runs once per cookie, not once per request
 * (it was most of a kept page's answer). A forged cookie is never remembered.
 */
const verifiedIds = new LRUCache<string, string>({ max: 10_000 })

/** The row a kept page is checked against, on every request the cache could answer: prepared once. */
const keptPageSessionRow = preparedOnce((db) =>
  db
    // The data as its stored text: compared whole, never read here.
    .select({ state: sql<string>`${sessions.sess}`, expire: sessions.expire, userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.sid, sql.placeholder('sid')))
    .prepare(),
)

async function verifiedSessionId(cookieHeader: string) {
  const known = verifiedIds.get(cookieHeader)
  if (known) return known
  const sid: unknown = await sessionCookie().parse(cookieHeader)
  if (typeof sid !== 'string' || !sid) return null
  verifiedIds.set(cookieHeader, sid)
  return sid
}

/**
 * The session a signed-in page is kept for (server/private-render-cache.js, decision 054), read
 * as `getSession` and `getUser` read it: the signed cookie's id, its row unexpired and signed in.
 * `state` is the row's data as stored (who, verified when, pending steps): a kept page is only
 * answered to the very same state. `seen` notes "last seen" as a rendered page does (a GET
 * another site started writes nothing: decision 032). Null for anything else, which is rendered.
 */
export async function sessionForKeptPage(cookieHeader: string, headers: { 'sec-fetch-site'?: string }) {
  const sid = await verifiedSessionId(cookieHeader)
  if (!sid) return null
  const row = keptPageSessionRow().get({ sid })
  const userId = row?.userId
  if (!row || typeof userId !== 'number' || row.expire.getTime() <= Date.now()) return null
  const mayWrite = siteMayWrite(headers['sec-fetch-site'])
  return {
    id: sid,
    state: row.state,
    seen: async () => {
      // The request's log line names its user, as getUser does for a rendered page.
      noteRequestUser(userId)
      if (mayWrite) await noteSessionSeen(sid)
    },
  }
}

/** Signs the user out everywhere (password change or reset, account deletion, admin removal). */
export function revokeUserSessions(userId: number, options: { exceptSid?: string } = {}) {
  const where = options.exceptSid
    ? and(eq(sessions.userId, userId), ne(sessions.sid, options.exceptSid))
    : eq(sessions.userId, userId)
  getDb().delete(sessions).where(where).run()
}

/** Signs out all but the account's MAX_SESSIONS_PER_USER sessions seen most recently. */
function keepNewestSessions(userId: number) {
  const db = getDb()
  const kept = db
    .select({ sid: sessions.sid })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`), desc(sessions.createdAt))
    .limit(MAX_SESSIONS_PER_USER)
  db.delete(sessions)
    .where(and(eq(sessions.userId, userId), notInArray(sessions.sid, kept)))
    .run()
}

/** Removes expired rows; run by the primary's maintenance loop, never by a GET. */
export function purgeExpiredSessions(now = new Date()) {
  return getDb().delete(sessions).where(lt(sessions.expire, now)).run().changes
}
