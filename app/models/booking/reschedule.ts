import { msg } from '~/lib/i18n/message'

/** Moving a booking (client-safe: the pages and the API share these words, catalogue keys in booking.json `move`). */

/** Who moves it: the client may while free cancellation applies, the practitioner until it starts. */
export type Mover = 'client' | 'practitioner'

export const RESCHEDULE_WINDOW_CLOSED = msg('booking:move.windowClosed')
export const STARTED_NOT_MOVABLE = msg('booking:move.startedNotMovable')
export const SAME_TIME = msg('booking:move.sameTime')
/**
 * Moves one booking may have, by either side together (issue 41): each emails the other side, so
 * a booking moved again and again cannot flood a person's inbox. Past it, cancelling is the way.
 */
export const MAX_MOVES = 3
export const TOO_MANY_MOVES = msg('booking:move.tooManyMoves', { max: MAX_MOVES })
/** The practitioner's message with a new time: plain text, shown to the client and emailed. */
export const MOVE_MESSAGE_MAX = 500
export const MOVE_MESSAGE_TOO_LONG = msg('booking:move.messageTooLong', { max: MOVE_MESSAGE_MAX })
export const MOVE_MESSAGE_PRACTITIONER_ONLY = msg('booking:move.messagePractitionerOnly')
export const MOVE_MESSAGE_LABEL = msg('booking:move.messageLabel')
export const ACCEPT_MOVE_INTENT = 'accept-move'
export const NOTHING_TO_ACCEPT = msg('booking:move.nothingToAccept')
export const NEW_TIME_ACCEPTED = msg('booking:move.newTimeAccepted')

/** The toast and the API's message once a booking moved. */
export function sessionMoved(by: Mover) {
  return by === 'practitioner' ? msg('booking:move.movedByPractitioner') : msg('booking:move.movedByClient')
}
