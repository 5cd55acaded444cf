import { msg } from '~/lib/i18n/message'

/**
 * The two cancellation policies, word for word (docs/decisions/007-refunds-and-cancellation-policy.md),
 * as catalogue keys (app/locales/<language>/booking.json `policy`): the page showing one puts it
 * in the reader's language (`translateMessage`). A module of their own, so the public booking
 * page, which shows them before booking, loads these two and not the rest of ./booking.ts
 * (which re-exports them).
 */

/** The refund rule, shown before paying and cancelling. */
export const PAID_CANCELLATION_POLICY = msg('booking:policy.paid')

/**
 * A free session's cancellation policy, said before booking it, on its confirmation, in its
 * email and before cancelling it: no money is at stake, so only its start limits cancelling.
 */
export const FREE_SESSION_CANCELLATION = msg('booking:policy.free')
