import { parseWithZod } from '@conform-to/zod/v4'
import { redirect } from '@remix-run/node'
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { jsonError } from '~/lib/api.server'
import { AppError } from '~/lib/errors'
import { mayWriteForThePerson } from '~/lib/fetch-metadata.server'
import { chosenLanguage } from '~/lib/i18n/language.server'
import { msg } from '~/lib/i18n/message'
import { hashShare } from '~/lib/password.server'
import { currentRequest, noteRequestUser } from '~/lib/request-context.server'
import { redirectWithToast } from '~/lib/toast.server'
import { deviceOf } from '~/models/security/devices.server'
import { ADMIN_NEEDS_TWO_FACTOR, TWO_FACTOR_SETUP_PATH } from '~/models/security/security'
import { hasAuthenticatorApp } from '~/models/security/two-factor.server'
import { limitPasswordCheck } from './password-attempts.server'
import { isDashboardPath } from './role'
import { REMEMBER_ME_MAX_AGE_S, getSession, noteSessionSeen, sessionStorage } from './session.server'
import { AUTHENTICATION_REQUIRED, dashboardPath, LOG_IN_TO_VIEW_DASHBOARD, LoginSchema, type PublicUser } from './user'
import { getUserById, keepVisitorLanguage, verifyLogin } from './user.server'

export const INVALID_CREDENTIALS = msg('auth:errors.invalidCredentials')

/**
 * remix-auth's form strategy checks the credentials. Both the login screen and POST /api/login
 * come through here, through `authenticate`.
 */
const authenticator = new Authenticator<PublicUser>().use(
  new FormStrategy(async ({ form, request }) => {
    const submission = parseWithZod(form, { schema: LoginSchema })
    if (submission.status !== 'success') {
      const first = Object.values(submission.error ?? {}).flat()[0]
      throw new AppError(first ?? INVALID_CREDENTIALS, 400)
    }
    const { email, password } = submission.value
    // Wrong passwords are limited per account and per address (password-attempts.server.ts);
    // right ones never count, so a person who signs in often is never locked out by it.
    const user = await limitPasswordCheck(request, email, () => verifyLogin(email, password, hashShare(request, email)))
    if (!user) throw new AppError(INVALID_CREDENTIALS, 401)
    return user
  }),
  'form',
)

/**
 * Checks credentials the caller has already read from the request (within its body cap);
 * throws an AppError when refused: 400, 401, 429 (too many wrong passwords) or 503 (the
 * password hashing queue is full).
 *
 * remix-auth's FormStrategy reads the body it is given itself, whole and without a cap, so it
 * never sees the client's request: it gets a new one built from the fields, carrying the
 * client's headers (its address among them) but no body of the client's. Reading the client's
 * body twice (a `clone()` for our capped read, one for the strategy) left a body past the cap
 * unanswered and its memory held: cancelling one branch of a tee waits for the other.
 */
export async function authenticate(request: Request, credentials: { email: string; password: string }) {
  const headers = new Headers(request.headers)
  headers.delete('content-type')
  headers.delete('content-length')
  headers.delete('transfer-encoding')
  const form = new FormData()
  form.set('email', credentials.email)
  form.set('password', credentials.password)
  return authenticator.authenticate('form', new Request(request.url, { method: 'POST', body: form, headers }))
}

/**
 * Starts a session for this user and answers the Set-Cookie header. Any session the request
 * already carried is destroyed, so the session id changes at every login.
 */
export async function createUserSession(request: Request, userId: number, remember: boolean) {
  const storage = sessionStorage()
  const previous = await getSession(request)
  if (previous.id) await storage.destroySession(previous)
  const session = await storage.getSession()
  session.set('userId', userId)
  // Signing in is giving a password (or a passkey): it counts as a recent verification.
  session.set('verifiedAt', Date.now())
  session.set('device', deviceOf(request))
  keepVisitorLanguage(userId, chosenLanguage(request.headers.get('Cookie')))
  noteRequestUser(userId)
  return storage.commitSession(session, remember ? { maxAge: REMEMBER_ME_MAX_AGE_S } : {})
}

/** Ends this request's session on the server; answers the Set-Cookie header that clears it. */
export async function destroyUserSession(request: Request) {
  const session = await getSession(request)
  return sessionStorage().destroySession(session)
}

export async function getSessionId(request: Request) {
  return (await getSession(request)).id || undefined
}

export async function getUserId(request: Request) {
  const session = await getSession(request)
  const userId = session.get('userId')
  return typeof userId === 'number' ? userId : null
}

/**
 * The user of each page request being answered: the root loader, the area's layout and the page
 * each ask for it. A GET changes no session, so they share one read; each asking read the
 * session's row, checked its cookie's signature and read the account again (issue 49: 6 of a
 * dashboard's 21 statements). Remix hands each loader a copy of the request, so the answer is
 * kept with the HTTP request's own context (server/request-context.js); a POST's action may
 * change the account before its loaders run, and reads it again.
 */
const userOfRequest = new WeakMap<object, Promise<PublicUser | null>>()

/**
 * The signed-in user; a suspended account reads as signed out. The request's log line gets
 * their id, and the sessions list when they were last seen.
 */
export function getUser(request: Request) {
  const context = currentRequest()
  if (!context || context.method !== 'GET' || request.method !== 'GET') return readUser(request)
  let user = userOfRequest.get(context)
  if (!user) {
    user = readUser(request)
    userOfRequest.set(context, user)
  }
  return user
}

async function readUser(request: Request) {
  const session = await getSession(request)
  const userId = session.get('userId')
  const user = typeof userId === 'number' ? getUserById(userId, { activeOnly: true }) : null
  if (user) {
    noteRequestUser(user.id, user.language)
    if (session.id && mayWriteForThePerson(request)) await noteSessionSeen(session.id)
  }
  return user
}

function currentPath(request: Request) {
  const url = new URL(request.url)
  return `${url.pathname}${url.search}`
}

export function loginPath(returnTo?: string) {
  return returnTo ? `/login?${new URLSearchParams({ redirect: returnTo })}` : '/login'
}

/**
 * For screens: the signed-in user, or a redirect to /login that comes back here afterwards.
 * A visitor sent there from a dashboard is told why (spec: the client dashboard's 'Authentication
 * required' toast); from another page, the login form says enough.
 */
export async function requireUser(request: Request) {
  const user = await getUser(request)
  if (user) return user
  const to = loginPath(currentPath(request))
  if (!isDashboardPath(new URL(request.url).pathname)) throw redirect(to)
  throw await redirectWithToast(to, {
    type: 'info',
    title: AUTHENTICATION_REQUIRED,
    description: LOG_IN_TO_VIEW_DASHBOARD,
  })
}

/** Practitioner screens: others go to their own dashboard. */
export async function requirePractitioner(request: Request) {
  const user = await requireUser(request)
  if (!user.isPractitioner) throw redirect(dashboardPath(user))
  return user
}

/**
 * Admin screens: non-admins go to /; an admin without an authenticator app is sent to set one
 * up first, and comes back here after (decision 042).
 */
export async function requireAdmin(request: Request) {
  const user = await requireUser(request)
  if (!user.isAdmin) throw redirect('/')
  if (!hasAuthenticatorApp(user.id)) {
    throw await redirectWithToast(
      `${TWO_FACTOR_SETUP_PATH}?${new URLSearchParams({ redirectTo: currentPath(request) })}`,
      {
        type: 'info',
        title: ADMIN_NEEDS_TWO_FACTOR,
        description: msg('auth:errors.adminNeedsTwoFactorWhy'),
      },
    )
  }
  return user
}

/** Login and signup screens: a signed-in user goes to their dashboard instead. */
export async function requireAnonymous(request: Request) {
  const user = await getUser(request)
  if (user) throw redirect(dashboardPath(user))
}

/** For /api routes: the signed-in user, or a 401 JSON answer. */
export async function requireApiUser(request: Request) {
  const user = await getUser(request)
  if (!user) throw jsonError(AUTHENTICATION_REQUIRED, 401)
  return user
}

export async function requireApiPractitioner(request: Request) {
  const user = await requireApiUser(request)
  if (!user.isPractitioner) throw jsonError(msg('auth:errors.onlyPractitioners'), 403)
  return user
}

export async function requireApiAdmin(request: Request) {
  const user = await requireApiUser(request)
  if (!user.isAdmin) throw jsonError(msg('auth:errors.onlyAdmins'), 403)
  if (!hasAuthenticatorApp(user.id)) throw jsonError(ADMIN_NEEDS_TWO_FACTOR, 403)
  return user
}
