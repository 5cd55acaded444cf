import { z } from 'zod'

/**
 * Changing an account's email (app/models/accounts/email-change.server.ts): the texts the
 * settings screen, PATCH /api/auth/update-account and the confirmation page share, and the
 * confirmation form's schema. Client-safe.
 */

/** How long the link sent to the new address works. */
export const EMAIL_CHANGE_LINK_HOURS = 24

/** Said after a save that asked for a new email, whether or not the address is taken. */
export const emailChangeSent = (email: string) =>
  `We sent a confirmation link to ${email}. Your email changes when you open it; until then, keep signing in with your current email.`

/** Under the email field while a change waits for its link. */
export const emailChangePending = (email: string) =>
  `Waiting for confirmation: ${email}. Open the link we sent there to finish the change.`

function minutes(ms: number) {
  const count = Math.max(1, Math.ceil(ms / 60_000))
  return count === 1 ? '1 minute' : `${count} minutes`
}

/** The 429 once an account has asked for too many changes (LIMITS.emailChange). */
export const emailChangeLimited = (retryAfterMs: number) =>
  `You have asked to change your email too many times. Try again in ${minutes(retryAfterMs)}.`

export const INVALID_EMAIL_CHANGE_LINK =
  'This confirmation link is invalid or has expired. Ask for the change again from your account settings.'

export const EMAIL_CHANGE_OTHER_ACCOUNT =
  'This link was sent for another account. Sign in to the account whose email you asked to change, then open the link again.'

/** The address got an account between the request and the confirmation. */
export const EMAIL_CHANGE_TAKEN = 'This email address now belongs to another account, so your email was not changed.'

export const emailChanged = (email: string) => `Your account's email is now ${email}. Use it the next time you sign in.`

export const EMAIL_CHANGED_TITLE = 'Email Changed'
export const EMAIL_CHANGE_FAILED_TITLE = 'Failed to Change Email'

/** The confirmation page's form: the token from the link, posted back by its button. */
export const ConfirmEmailChangeSchema = z.object({
  token: z
    .string({ error: INVALID_EMAIL_CHANGE_LINK })
    .min(1, INVALID_EMAIL_CHANGE_LINK)
    .max(200, INVALID_EMAIL_CHANGE_LINK),
})
