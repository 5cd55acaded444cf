import { randomBytes } from 'node:crypto'
import { createCookie, createSessionStorage } from '@remix-run/node'
import { and, eq, lt, ne } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { sessions } from '~/db/schema'
import { getEnv, isProduction } from '~/env.server'

export const REMEMBER_ME_MAX_AGE_S = 60 * 60 * 24 * 30
/** Without "remember me" the cookie ends with the browser, and the server row after 12 h. */
const BROWSER_SESSION_TTL_MS = 12 * 60 * 60 * 1000

type SessionData = { userId: number }

function buildStorage() {
  const cookie = createCookie('__session', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: isProduction(),
    secrets: [getEnv().SESSION_SECRET],
  })

  return createSessionStorage<SessionData>({
    cookie,
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

let storage: ReturnType<typeof buildStorage> | undefined

export function sessionStorage() {
  storage ??= buildStorage()
  return storage
}

export function getSession(request: Request) {
  return sessionStorage().getSession(request.headers.get('Cookie'))
}

/** Signs the user out everywhere (password change or reset, account deletion, admin removal). */
export function revokeUserSessions(userId: number, options: { exceptSid?: string } = {}) {
  const where = options.exceptSid
    ? and(eq(sessions.userId, userId), ne(sessions.sid, options.exceptSid))
    : eq(sessions.userId, userId)
  getDb().delete(sessions).where(where).run()
}

/** Removes expired rows; run by the primary's maintenance loop, never by a GET. */
export function purgeExpiredSessions(now = new Date()) {
  return getDb().delete(sessions).where(lt(sessions.expire, now)).run().changes
}
