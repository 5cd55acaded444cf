import { and, eq, gt, lt, or } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { passwordResetTokens, users } from '~/db/schema'
import { sendEmail } from '~/integrations/email.server'
import { afterResponse } from '~/lib/after-response.server'
import { escapeHtml, hashLinkToken, newLinkToken } from '~/lib/email-link-token.server'
import { AppError } from '~/lib/errors'
import { tFor } from '~/lib/i18n/i18n.server'
import type { Language } from '~/lib/i18n/languages'
import { msg } from '~/lib/i18n/message'
import { log, logLine } from '~/lib/log.server'
import { hashPassword, hashShare } from '~/lib/password.server'
import { clientIp, hit, LIMITS } from '~/lib/rate-limit.server'
import { appOrigin } from '~/lib/url.server'
import { clearPasswordFailures } from './password-attempts.server'
import { refuseCommonPassword } from './password-rules.server'
import { revokeUserSessions } from './session.server'

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

export const FORGOT_PASSWORD_SENT = msg('auth:forgotPassword.sent')
export const PASSWORD_RESET_DONE = msg('auth:resetPassword.done')

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

/** Paragraphs as the text part (blank lines between) and as the HTML part. */
function paragraphs(text: string[], html: string[]) {
  return { text: text.join('\n\n'), html: html.map((part) => `<p>${part}</p>`).join('') }
}

/**
 * Emails a single-use reset link valid for one hour, when the account exists, in the language
 * the account reads. The caller answers the same either way, so the form does not reveal who
 * has an account.
 */
async function requestPasswordReset(email: string, origin: string) {
  const account = getDb()
    .select({ id: users.id, language: users.language })
    .from(users)
    .where(eq(users.email, email))
    .get()
  if (!account) return
  const link = issueResetLink(account.id, origin, RESET_TOKEN_TTL_MS)
  const t = tFor(account.language ?? 'en', 'emails')
  await sendEmail({
    to: email,
    subject: t('auth.passwordReset.subject'),
    ...paragraphs(
      [t('auth.passwordReset.intro'), t('auth.passwordReset.linkText', { link }), t('auth.passwordReset.ignore')],
      [
        t('auth.passwordReset.intro'),
        t('auth.passwordReset.linkHtml', { link: escapeHtml(link) }),
        t('auth.passwordReset.ignore'),
      ],
    ),
  })
}

/**
 * Tells someone an admin made an account for them, with a link (the reset page, valid for a
 * week, once) to choose their own password: the admin never has to pass a password on. In the
 * account's language when it has one. A failing email is logged (the outbox keeps it); the
 * account stands either way.
 */
export async function sendAccountCreatedEmail(
  user: { id: number; email: string; firstName: string; language?: Language | null },
  origin: string,
) {
  const link = issueResetLink(user.id, origin, WELCOME_TOKEN_TTL_MS)
  const login = `${origin}/login`
  const t = tFor(user.language ?? 'en', 'emails')
  try {
    await sendEmail({
      to: user.email,
      subject: t('auth.accountCreated.subject'),
      ...paragraphs(
        [
          t('auth.greeting', { name: user.firstName }),
          t('auth.accountCreated.intro'),
          t('auth.accountCreated.linkText', { link }),
          t('auth.accountCreated.afterText', { login }),
        ],
        [
          t('auth.greeting', { name: escapeHtml(user.firstName) }),
          t('auth.accountCreated.intro'),
          t('auth.accountCreated.linkHtml', { link: escapeHtml(link) }),
          t('auth.accountCreated.afterHtml', { login: escapeHtml(login) }),
        ],
      ),
    })
  } catch (error) {
    log.error({ err: error }, logLine`[user ${user.id}] account email failed`)
  }
}

export const INVALID_RESET_TOKEN = msg('auth:resetPassword.invalidToken')

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
