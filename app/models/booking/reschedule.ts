/** Moving a booking (client-safe: the pages and the API share these words). */

/** Who moves it: the client may while free cancellation applies, the practitioner until it starts. */
export type Mover = 'client' | 'practitioner'

export const RESCHEDULE_WINDOW_CLOSED =
  'Free cancellation for this session has ended, so it can no longer be moved here. Please message your practitioner.'
export const STARTED_NOT_MOVABLE = 'This session has already started or ended and can no longer be moved.'
export const SAME_TIME = 'The session is already at that time. Please choose another.'
/**
 * Moves one booking may have, by either side together (issue 41): each emails the other side, so
 * a booking moved again and again cannot flood a person's inbox. Past it, cancelling is the way.
 */
export const MAX_MOVES = 3
export const TOO_MANY_MOVES = `This session has already been moved ${MAX_MOVES} times, the most one booking can be. It can still be cancelled, and another time booked.`
/** The practitioner's message with a new time: plain text, shown to the client and emailed. */
export const MOVE_MESSAGE_MAX = 500
export const MOVE_MESSAGE_TOO_LONG = `Please keep the message under ${MOVE_MESSAGE_MAX} characters`
export const MOVE_MESSAGE_PRACTITIONER_ONLY = 'Only the practitioner can send a message with a new time.'
export const MOVE_MESSAGE_LABEL = 'Message for your client (optional)'
export const ACCEPT_MOVE_INTENT = 'accept-move'
export const NOTHING_TO_ACCEPT = 'There is no new time to accept for this session.'
export const NEW_TIME_ACCEPTED = 'You accepted the new time. See you then.'

/** The toast and the API's message once a booking moved. */
export function sessionMoved(by: Mover) {
  return by === 'practitioner'
    ? 'The session has a new time. Your client is emailed it within a few minutes, and can accept it or cancel for a full refund.'
    : 'Your session has a new time. The updated invitation is emailed to you within a few minutes.'
}
