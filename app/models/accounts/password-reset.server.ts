import { and, eq, gt, lt, or } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { passwordResetTokens, users } from '~/db/schema'
import { sendEmail } from '~/integrations/email.server'
import { afterResponse } from '~/lib/after-response.server'
import { escapeHtml, hashLinkToken, newLinkToken } from '~/lib/email-link-token.server'
import { AppError } from '~/lib/errors'
import { log, logLine } from '~/lib/log.server'
import { hashPassword, hashShare } from '~/lib/password.server'
import { clientIp, hit, LIMITS } from '~/lib/rate-limit.server'
import { appOrigin } from '~/lib/url.server'
import { clearPasswordFailures } from './password-attempts.server'
import { refuseCommonPassword } from './password-rules.server'
import { revokeUserSessions } from './session.server'
import { findIdByEmail } from './user.server'

/**
 * "Forgot password" for the screen and POST /api/auth/forgot-password: limited per address
 * and per email, and answered the same whether or not the account exists, in the same time:
 * the lookup, the token and the email all happen after the answer (`afterResponse`), so its
 * timing cannot tell a real account from a made-up one.
 */
export function forgotPassword(request: Request, email: string) {
  hit(`reset-ip:${clientIp(request)}`, LIMITS.passwordResetPerIp)
  hit(`reset:${email}`, LIMITS.passwordReset)
  const origin = appOrigin(request)
  afterResponse('password reset email', () => requestPasswordReset(email, origin))
}

export const FORGOT_PASSWORD_SENT =
  'If an account with that email exists, a password reset link has been sent. Please check your email.'
export const PASSWORD_RESET_DONE =
  'Your password has been reset successfully! You can now log in with your new password.'

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000
/** A person whose account an admin made may not read their email the same hour. */
const WELCOME_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000

/** A new single-use token for the user (only its hash is stored); answers the page's link. */
function issueResetLink(userId: number, origin: string, ttlMs: number) {
  const { token, hash } = newLinkToken()
  getDb()
    .insert(passwordResetTokens)
    .values({ userId, token: hash, expiresAt: new Date(Date.now() + ttlMs) })
    .run()
  return `${origin}/reset-password?token=${token}`
}

/**
 * Emails a single-use reset link valid for one hour, when the account exists. The caller
 * answers the same either way, so the form does not reveal who has an account.
 */
async function requestPasswordReset(email: string, origin: string) {
  const userId = findIdByEmail(email)
  if (userId === undefined) return
  const link = issueResetLink(userId, origin, RESET_TOKEN_TTL_MS)
  await sendEmail({
    to: email,
    subject: 'Reset your Solace password',
    text: [
      'We received a request to reset the password of your Solace account.',
      '',
      `Choose a new password here (the link works once, for one hour): ${link}`,
      '',
      'If you did not ask for this, ignore this email; your password stays as it is.',
    ].join('\n'),
    html: `<p>We received a request to reset the password of your Solace account.</p><p><a href="${link}">Choose a new password</a> (the link works once, for one hour).</p><p>If you did not ask for this, ignore this email; your password stays as it is.</p>`,
  })
}

/**
 * Tells someone an admin made an account for them, with a link (the reset page, valid for a
 * week, once) to choose their own password: the admin never has to pass a password on. A
 * failing email is logged (the outbox keeps it); the account stands either way.
 */
export async function sendAccountCreatedEmail(user: { id: number; email: string; firstName: string }, origin: string) {
  const link = issueResetLink(user.id, origin, WELCOME_TOKEN_TTL_MS)
  try {
    await sendEmail({
      to: user.email,
      subject: 'Your Solace account is ready: choose your password',
      text: [
        `Hi ${user.firstName},`,
        '',
        'An account on Solace has been created for you with this email address.',
        '',
        `Choose your password here (the link works once, for 7 days): ${link}`,
        '',
        `Afterwards you can sign in at ${origin}/login. If you did not expect this, ignore this email.`,
      ].join('\n'),
      html: `<p>Hi ${escapeHtml(user.firstName)},</p><p>An account on Solace has been created for you with this email address.</p><p><a href="${link}">Choose your password</a> (the link works once, for 7 days).</p><p>Afterwards you can sign in at <a href="${origin}/login">${origin}/login</a>. If you did not expect this, ignore this email.</p>`,
    })
  } catch (error) {
    log.error({ err: error }, logLine`[user ${user.id}] account email failed`)
  }
}

export const INVALID_RESET_TOKEN = 'This reset link is invalid or has expired. Please request a new password reset.'

/** The open (unused, unexpired) token row for a token from an email link, if any. */
function findUsableToken(db: Db | Tx, token: string) {
  return db
    .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.token, hashLinkToken(token)),
        eq(passwordResetTokens.isUsed, false),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .get()
}

/** True when the token can still be used (the reset page checks it before showing the form). */
export function isResetTokenUsable(token: string) {
  return Boolean(findUsableToken(getDb(), token))
}

/**
 * Sets the new password, spends the token (and any other open ones), signs out everywhere,
 * and lifts a lock on the account from wrong passwords: the owner has just proved who they are.
 * Anonymous, so the cheap steps come first: the address's limit, then the token, and only a
 * usable token reaches the hash (a flood of made-up tokens once filled the hash queue and
 * turned every sign-in away). The token is checked again when it is spent.
 */
export async function resetPassword(request: Request, token: string, newPassword: string) {
  hit(`reset-submit-ip:${clientIp(request)}`, LIMITS.passwordResetSubmitPerIp)
  if (!isResetTokenUsable(token)) throw new AppError(INVALID_RESET_TOKEN, 400, 'token')
  refuseCommonPassword(newPassword, 'newPassword')
  const passwordHash = await hashPassword(newPassword, hashShare(request))
  const db = getDb()
  const email = db.transaction(
    (tx) => {
      const row = findUsableToken(tx, token)
      if (!row) throw new AppError(INVALID_RESET_TOKEN, 400, 'token')
      tx.update(passwordResetTokens).set({ isUsed: true }).where(eq(passwordResetTokens.userId, row.userId)).run()
      const user = tx
        .update(users)
        .set({ passwordHash, updatedAt: new Date() })
        .where(eq(users.id, row.userId))
        .returning({ email: users.email })
        .get()
      revokeUserSessions(row.userId)
      return user?.email
    },
    { behavior: 'immediate' },
  )
  if (email) clearPasswordFailures(email)
}

/** Removes reset tokens that can no longer be used (spent or expired); answers how many. */
export function purgeSpentResetTokens(now = new Date()) {
  return getDb()
    .delete(passwordResetTokens)
    .where(or(eq(passwordResetTokens.isUsed, true), lt(passwordResetTokens.expiresAt, now)))
    .run().changes
}
