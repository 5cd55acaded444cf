import { redirect } from '@remix-run/node'
import { AppError } from '~/lib/errors'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { getSession, updateSessionData } from '~/models/accounts/session.server'
import { assertPassword } from '~/models/accounts/user.server'
import { RECENT_VERIFICATION_MS, VERIFICATION_REQUIRED, VERIFY_PATH, WRONG_CODE, WRONG_PASSWORD } from './security'
import { checkSecondFactor, hasAuthenticatorApp } from './two-factor.server'

/**
 * What matters most (a patient's documents, a record's export, the account's email, payouts,
 * an admin's deletions) asks again for a password or a second factor when the last one was
 * given more than ten minutes ago (decision 042). Signing in counts as giving one.
 */

export async function isRecentlyVerified(request: Request, now = Date.now()) {
  const verifiedAt = (await getSession(request)).get('verifiedAt')
  return typeof verifiedAt === 'number' && now - verifiedAt <= RECENT_VERIFICATION_MS
}

function returnPath(request: Request) {
  const url = new URL(request.url)
  url.searchParams.delete('index')
  url.searchParams.delete('_data')
  return `${url.pathname}${url.search}`
}

export function verifyPath(redirectTo: string) {
  return `${VERIFY_PATH}?${new URLSearchParams({ redirectTo })}`
}

/**
 * For screens: carries on when verified recently, else sends the person to verify and back. A
 * form sent meanwhile is not applied: they come back to the page and send it again.
 */
export async function requireRecentVerification(request: Request) {
  if (await isRecentlyVerified(request)) return
  throw redirect(verifyPath(returnPath(request)))
}

/**
 * For /api routes: 403 with `verificationRequired`, answered by POST /api/auth/verify. A
 * browser opening the route as a page (a document's download link) is sent to verify instead,
 * and back to the route after.
 */
export async function requireApiRecentVerification(request: Request) {
  if (await isRecentlyVerified(request)) return
  if (request.method === 'GET' && request.headers.get('sec-fetch-mode') === 'navigate') {
    throw redirect(verifyPath(returnPath(request)))
  }
  throw Response.json(
    { message: inRequestLanguage(VERIFICATION_REQUIRED), verificationRequired: true },
    { status: 403 },
  )
}

/**
 * Checks a password or a code for the signed-in person and records the time. Wrong answers
 * count against the same limits as at sign-in.
 */
export async function verifyAgain(request: Request, userId: number, input: { password?: string; code?: string }) {
  const code = input.code?.replace(/\s+/g, '').toLowerCase()
  if (code) {
    if (!hasAuthenticatorApp(userId) || !(await checkSecondFactor(request, userId, code))) {
      throw new AppError(WRONG_CODE, 400, 'code')
    }
  } else {
    await assertPassword(request, userId, input.password ?? '', WRONG_PASSWORD, 'password')
  }
  const session = await getSession(request)
  if (session.id) updateSessionData(session.id, { verifiedAt: Date.now() })
}
