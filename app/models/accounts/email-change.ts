import { z } from 'zod'
import { msg } from '~/lib/i18n/message'

/**
 * Changing an account's email (app/models/accounts/email-change.server.ts): the texts the
 * settings screen, PATCH /api/auth/update-account and the confirmation page share, and the
 * confirmation form's schema. Client-safe. Texts are catalogue keys (app/lib/i18n/message.ts).
 */

/** How long the link sent to the new address works. */
export const EMAIL_CHANGE_LINK_HOURS = 24

/** Said after a save that asked for a new email, whether or not the address is taken. */
export const emailChangeSent = (email: string) => msg('account:emailChange.sent', { email })

/** Under the email field while a change waits for its link. */
export const emailChangePending = (email: string) => msg('account:emailChange.pending', { email })

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000))

/** The 429 once an account has asked for too many changes (LIMITS.emailChange). */
export const emailChangeLimited = (retryAfterMs: number) =>
  msg('account:emailChange.limited', { count: minutes(retryAfterMs) })

export const INVALID_EMAIL_CHANGE_LINK = msg('account:emailChange.invalidLink')

export const EMAIL_CHANGE_OTHER_ACCOUNT = msg('account:emailChange.otherAccount')

/** The address got an account between the request and the confirmation. */
export const EMAIL_CHANGE_TAKEN = msg('account:emailChange.taken')

export const emailChanged = (email: string) => msg('account:emailChange.changed', { email })

export const EMAIL_CHANGED_TITLE = msg('account:emailChange.changedTitle')
export const EMAIL_CHANGE_FAILED_TITLE = msg('account:emailChange.failedTitle')

/** The confirmation page's form: the token from the link, posted back by its button. */
export const ConfirmEmailChangeSchema = z.object({
  token: z
    .string({ error: INVALID_EMAIL_CHANGE_LINK })
    .min(1, INVALID_EMAIL_CHANGE_LINK)
    .max(200, INVALID_EMAIL_CHANGE_LINK),
})
