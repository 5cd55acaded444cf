/** Booking texts shared by the server and the screens (this module reaches the browser). */

/** Shown before booking a free session and before cancelling one. */
export const CANCELLATION_POLICY = 'Free cancellation up to 24 hours before your session.'

/** The refund rule of ARCHITECTURE §6, shown before a paid booking. */
export const PAID_CANCELLATION_POLICY =
  'Cancel 24 hours or more before your session for a full refund; later cancellations are not refunded.'
