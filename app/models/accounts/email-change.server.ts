import { and, desc, eq, gt, lt, ne, or } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { emailChangeTokens, passwordResetTokens, users } from '~/db/schema'
import { sendEmail, type Email } from '~/integrations/email.server'
import { escapeHtml, hashLinkToken, newLinkToken } from '~/lib/email-link-token.server'
import { AppError } from '~/lib/errors'
import { tFor } from '~/lib/i18n/i18n.server'
import type { Language } from '~/lib/i18n/languages'
import { log, logLine } from '~/lib/log.server'
import { check, hit, LIMITS } from '~/lib/rate-limit.server'
import {
  EMAIL_CHANGE_LINK_HOURS,
  EMAIL_CHANGE_OTHER_ACCOUNT,
  EMAIL_CHANGE_TAKEN,
  emailChangeLimited,
  INVALID_EMAIL_CHANGE_LINK,
} from './email-change'

/**
 * Changing an account's email. Saving a new address changes nothing yet: the account's
 * settings (`updateAccount` in user.server.ts) record the asked change and this file emails a
 * single-use link to the new address and a notice to the current one. The answer, the stored
 * rows and the emails the person can read are the same whether or not the new address already
 * has an account, so the form tells no one who has one. The email changes only when the
 * account's owner, signed in, opens the link and confirms (a POST: the GET shows what will
 * change and writes nothing, since mail scanners open links).
 */

const LINK_TTL_MS = EMAIL_CHANGE_LINK_HOURS * 60 * 60 * 1000

/** Another account with this email, if any: its id and the language its owner reads. */
function otherOwner(db: Db | Tx, email: string, userId: number) {
  return db
    .select({ id: users.id, language: users.language })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .get()
}

/**
 * Counts one asked change against the account's budget (LIMITS.emailChange); a 429 once it is
 * spent, before anything is written. Counted for taken and free addresses alike.
 */
export function limitEmailChange(userId: number) {
  const key = `email-change:${userId}`
  check(key, LIMITS.emailChange, Date.now(), emailChangeLimited)
  hit(key, LIMITS.emailChange)
}

/**
 * An asked change, recorded; `sendEmailChangeEmails` sends its emails after the commit. A taken
 * address's note is written in the language of the account that owns it (its reader).
 */
export type EmailChangeRequest = { token: string; newEmail: string; taken: boolean; ownerLanguage: Language | null }

/**
 * Records the asked change in the caller's transaction: a new token (only its hash stored,
 * valid for EMAIL_CHANGE_LINK_HOURS), replacing any change still open, so only the newest
 * link works. The row is written for a taken address too, so the pending address shown
 * afterwards does not depend on it; that token is never sent.
 */
export function recordEmailChange(tx: Tx, userId: number, newEmail: string): EmailChangeRequest {
  const owner = otherOwner(tx, newEmail, userId)
  tx.update(emailChangeTokens)
    .set({ isUsed: true })
    .where(and(eq(emailChangeTokens.userId, userId), eq(emailChangeTokens.isUsed, false)))
    .run()
  const { token, hash } = newLinkToken()
  tx.insert(emailChangeTokens)
    .values({ userId, newEmail, token: hash, expiresAt: new Date(Date.now() + LINK_TTL_MS) })
    .run()
  return { token, newEmail, taken: owner !== undefined, ownerLanguage: owner?.language ?? null }
}

/** The account an email-change email is about: its address, name and the language it reads. */
type Account = { email: string; firstName: string; language: Language | null }

const emailsIn = (language: Language | null) => tFor(language ?? 'en', 'emails')

/** Paragraphs as the text part (blank lines between) and as the HTML part. */
function paragraphs(text: string[], html: string[]) {
  return { text: text.join('\n\n'), html: html.map((part) => `<p>${part}</p>`).join('') }
}

/**
 * To the new address: the confirmation link, in the language of the account that asked (its
 * owner is who reads it). Nothing about the account (its name, its email).
 */
function confirmationEmail(newEmail: string, link: string, language: Language | null): Email {
  const t = emailsIn(language)
  const hours = EMAIL_CHANGE_LINK_HOURS
  return {
    to: newEmail,
    subject: t('account.emailChange.confirm.subject'),
    ...paragraphs(
      [
        t('account.emailChange.confirm.intro'),
        t('account.emailChange.confirm.linkText', { hours, link }),
        t('account.emailChange.confirm.ignore'),
      ],
      [
        t('account.emailChange.confirm.intro'),
        t('account.emailChange.confirm.linkHtml', { hours, link: escapeHtml(link) }),
        t('account.emailChange.confirm.ignore'),
      ],
    ),
  }
}

/**
 * To a new address that already has an account, instead of a link: one email to the new
 * address either way (so neither the answer nor its timing differs), and its owner learns why
 * no link came and that someone tried, in their own language.
 */
function addressTakenEmail(newEmail: string, origin: string, language: Language | null): Email {
  const t = emailsIn(language)
  const forgot = `${origin}/forgot-password`
  return {
    to: newEmail,
    subject: t('account.emailChange.taken.subject'),
    ...paragraphs(
      [
        t('account.emailChange.taken.intro'),
        t('account.emailChange.taken.ifYouText', { link: forgot }),
        t('account.emailChange.taken.notYou'),
      ],
      [
        t('account.emailChange.taken.intro'),
        t('account.emailChange.taken.ifYouHtml', { link: escapeHtml(forgot) }),
        t('account.emailChange.taken.notYou'),
      ],
    ),
  }
}

/** To the current address when a change is asked: the same words whether or not the new one is taken. */
function changeAskedEmail(account: Account, newEmail: string, origin: string): Email {
  const t = emailsIn(account.language)
  const forgot = `${origin}/forgot-password`
  const hours = EMAIL_CHANGE_LINK_HOURS
  return {
    to: account.email,
    subject: t('account.emailChange.asked.subject'),
    ...paragraphs(
      [
        t('account.greeting', { name: account.firstName }),
        t('account.emailChange.asked.body', { email: newEmail, hours }),
        t('account.emailChange.asked.notYouText', { link: forgot }),
      ],
      [
        t('account.greeting', { name: escapeHtml(account.firstName) }),
        t('account.emailChange.asked.body', { email: escapeHtml(newEmail), hours }),
        t('account.emailChange.asked.notYouHtml', { link: escapeHtml(forgot) }),
      ],
    ),
  }
}

/** To the old address once the change is made. */
function changedEmail(account: Account, newEmail: string, origin: string): Email {
  const t = emailsIn(account.language)
  const contact = `${origin}/contact`
  return {
    to: account.email,
    subject: t('account.emailChange.changed.subject'),
    ...paragraphs(
      [
        t('account.greeting', { name: account.firstName }),
        t('account.emailChange.changed.body', { email: newEmail }),
        t('account.emailChange.changed.notYouText', { link: contact }),
      ],
      [
        t('account.greeting', { name: escapeHtml(account.firstName) }),
        t('account.emailChange.changed.body', { email: escapeHtml(newEmail) }),
        t('account.emailChange.changed.notYouHtml', { link: escapeHtml(contact) }),
      ],
    ),
  }
}

async function sendLogged(email: Email, userId: number) {
  try {
    await sendEmail(email)
  } catch (error) {
    // The change (or the asked change) has been recorded; a failed email is logged, never undone.
    log.error({ err: error }, logLine`[user ${userId}] email-change email failed`)
  }
}

/**
 * After the commit of `recordEmailChange`: the link (or, for a taken address, the note) to
 * the new address, then the notice to the current one. Two emails either way.
 */
export async function sendEmailChangeEmails(
  change: EmailChangeRequest,
  account: Account & { id: number },
  origin: string,
) {
  const link = `${origin}/confirm-email?token=${change.token}`
  await sendLogged(
    change.taken
      ? addressTakenEmail(change.newEmail, origin, change.ownerLanguage)
      : confirmationEmail(change.newEmail, link, account.language),
    account.id,
  )
  await sendLogged(changeAskedEmail(account, change.newEmail, origin), account.id)
}

/** The address of the account's open asked change (the newest; only it can be confirmed), or null. */
export function pendingEmailOf(userId: number, now = new Date()) {
  return (
    getDb()
      .select({ newEmail: emailChangeTokens.newEmail })
      .from(emailChangeTokens)
      .where(
        and(
          eq(emailChangeTokens.userId, userId),
          eq(emailChangeTokens.isUsed, false),
          gt(emailChangeTokens.expiresAt, now),
        ),
      )
      .orderBy(desc(emailChangeTokens.id))
      .get()?.newEmail ?? null
  )
}

/**
 * The open change this token names, for the signed-in `userId`: refused when the link is
 * spent, expired or unknown (400), another account's (403), or its address has meanwhile
 * become another account's (409).
 */
function usableChange(db: Db | Tx, userId: number, token: string) {
  const row = db
    .select({ userId: emailChangeTokens.userId, newEmail: emailChangeTokens.newEmail })
    .from(emailChangeTokens)
    .where(
      and(
        eq(emailChangeTokens.token, hashLinkToken(token)),
        eq(emailChangeTokens.isUsed, false),
        gt(emailChangeTokens.expiresAt, new Date()),
      ),
    )
    .get()
  if (!row) throw new AppError(INVALID_EMAIL_CHANGE_LINK, 400)
  if (row.userId !== userId) throw new AppError(EMAIL_CHANGE_OTHER_ACCOUNT, 403)
  const account = db
    .select({ email: users.email, firstName: users.firstName, language: users.language })
    .from(users)
    .where(eq(users.id, userId))
    .get()
  if (!account) throw new AppError(INVALID_EMAIL_CHANGE_LINK, 400)
  if (otherOwner(db, row.newEmail, userId) !== undefined) throw new AppError(EMAIL_CHANGE_TAKEN, 409)
  return { account, newEmail: row.newEmail }
}

/** What the confirmation page shows before its button is pressed; writes nothing. */
export function emailChangeFor(userId: number, token: string) {
  const { account, newEmail } = usableChange(getDb(), userId, token)
  return { currentEmail: account.email, newEmail }
}

/**
 * Makes the change the link names, in one IMMEDIATE transaction: the account's email becomes
 * the new address, every open asked change and reset link of the account is spent (a reset
 * link sent to the old address stops working). The old address is then told. Answers the new
 * email.
 */
export async function confirmEmailChange(userId: number, token: string, origin: string) {
  let changed: ReturnType<typeof usableChange>
  try {
    changed = getDb().transaction(
      (tx) => {
        const change = usableChange(tx, userId, token)
        tx.update(users).set({ email: change.newEmail, updatedAt: new Date() }).where(eq(users.id, userId)).run()
        tx.update(emailChangeTokens).set({ isUsed: true }).where(eq(emailChangeTokens.userId, userId)).run()
        tx.update(passwordResetTokens).set({ isUsed: true }).where(eq(passwordResetTokens.userId, userId)).run()
        return change
      },
      { behavior: 'immediate' },
    )
  } catch (error) {
    // Another account took the address at this very moment: the unique index decides.
    if (String(error).includes('UNIQUE constraint failed: users.email')) throw new AppError(EMAIL_CHANGE_TAKEN, 409)
    throw error
  }
  await sendLogged(changedEmail(changed.account, changed.newEmail, origin), userId)
  return changed.newEmail
}

/** Removes asked changes that can no longer be confirmed (spent or expired); answers how many. */
export function purgeSpentEmailChangeTokens(now = new Date()) {
  return getDb()
    .delete(emailChangeTokens)
    .where(or(eq(emailChangeTokens.isUsed, true), lt(emailChangeTokens.expiresAt, now)))
    .run().changes
}
