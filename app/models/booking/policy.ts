/**
 * The two cancellation policies, word for word (docs/decisions/007-refunds-and-cancellation-policy.md).
 * A module of their own, so the public booking page, which shows them before booking, loads
 * these two sentences and not the rest of ./booking.ts (which re-exports them).
 */

/** The refund rule, shown before paying and cancelling. */
export const PAID_CANCELLATION_POLICY =
  'Cancel 24 hours or more before your session for a full refund; later cancellations are not refunded.'

/**
 * A free session's cancellation policy, said before booking it, on its confirmation, in its
 * email and before cancelling it: no money is at stake, so only its start limits cancelling.
 */
export const FREE_SESSION_CANCELLATION = 'This session is free: you can cancel it at any time before it starts.'
