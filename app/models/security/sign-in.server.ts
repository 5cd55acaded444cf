import { AppError } from '~/lib/errors'
import { msg } from '~/lib/i18n/message'
import { LIMITS, take } from '~/lib/rate-limit.server'
import { redirectWithToast } from '~/lib/toast.server'
import { createUserSession } from '~/models/accounts/auth.server'
import { getSession, sessionStorage } from '~/models/accounts/session.server'
import type { PublicUser } from '~/models/accounts/user'
import { getUserById } from '~/models/accounts/user.server'
import { knownBrowserOf, noteSignInDevice } from './devices.server'
import { SIGN_IN_EXPIRED, WRONG_CODE } from './security'
import { tellOwner } from './security-emails.server'
import { checkSecondFactor, hasAuthenticatorApp, hasSecondFactor } from './two-factor.server'

/**
 * Signing in, once a password (or a passkey) has been checked. With an authenticator app on, a
 * password is only the first step: the session holds the pending sign-in (no user yet) for ten
 * minutes, and a code finishes it. The login screen, its second step and POST /api/login all
 * come through here (decision 042).
 */

const PENDING_SIGN_IN_MS = 10 * 60 * 1000

export type SignInResult = { pending: true; headers: Headers } | { pending: false; user: PublicUser; headers: Headers }

/** After a right password: signed in, or waiting for the second step. */
export async function signInWithPassword(request: Request, user: PublicUser, remember: boolean): Promise<SignInResult> {
  if (!hasAuthenticatorApp(user.id)) return completeSignIn(request, user, remember)
  const storage = sessionStorage()
  const previous = await getSession(request)
  if (previous.id) await storage.destroySession(previous)
  const session = await storage.getSession()
  session.set('pendingSignIn', { userId: user.id, remember, expiresAt: Date.now() + PENDING_SIGN_IN_MS })
  return { pending: true, headers: new Headers({ 'Set-Cookie': await storage.commitSession(session) }) }
}

/**
 * A new session for `user` (both factors given, or the only one there is), and their browser
 * noted; a browser new to the account emails its owner (not to turn on two-factor when it is on).
 */
export async function completeSignIn(request: Request, user: PublicUser, remember: boolean) {
  const headers = new Headers()
  headers.append('Set-Cookie', await createUserSession(request, user.id, remember))
  const browser = await noteSignInDevice(request, user.id)
  headers.append('Set-Cookie', browser.setCookie)
  if (browser.isNew) tellOwner(request, user.id, { kind: 'new-browser', secondFactor: hasSecondFactor(user.id) })
  return { pending: false as const, user, headers }
}

/** Where a finished sign-in lands, saying so. */
export function welcomeBack(to: string, headers: Headers) {
  return redirectWithToast(
    to,
    { type: 'success', title: msg('auth:toasts.welcomeBack'), description: msg('auth:toasts.welcomeBackDescription') },
    { headers },
  )
}

/** The sign-in waiting for its code in this browser, or null (none, or it took too long). */
export async function pendingSignIn(request: Request) {
  const pending = (await getSession(request)).get('pendingSignIn')
  if (!pending || pending.expiresAt <= Date.now()) return null
  return pending
}

/** The second step: a right code (or recovery code) finishes the pending sign-in. */
export async function finishSignIn(request: Request, code: string) {
  const pending = await pendingSignIn(request)
  const user = pending && getUserById(pending.userId, { activeOnly: true })
  if (!pending || !user) throw new AppError(SIGN_IN_EXPIRED, 401)
  if (!(await checkSecondFactor(request, user.id, code))) {
    await warnOfWrongCode(request, user.id)
    throw new AppError(WRONG_CODE, 400, 'code')
  }
  return completeSignIn(request, user, pending.remember)
}

/**
 * A wrong code right after the right password: whoever sent it may hold the password, so its
 * owner is told (no link, nothing to type). Not for a browser that has signed in to the account
 * before, which is the owner mistyping (nobody else has its random id), and at most once an
 * hour per account (LIMITS.wrongCodesEmail, which also makes it once per pending sign-in), so
 * nobody can flood the owner's mailbox by starting sign-ins again and again.
 */
async function warnOfWrongCode(request: Request, userId: number) {
  if (await knownBrowserOf(request, userId)) return
  if (take(`wrong-codes-email:${userId}`, LIMITS.wrongCodesEmail)) tellOwner(request, userId, { kind: 'wrong-codes' })
}
