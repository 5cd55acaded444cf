/**
 * What the server knows about the request being answered (server/request-context.js): its id,
 * its route, its user once the app has read the session, and its language. The app reads and
 * notes it through here, never from server/ itself. The request's log line and error reports
 * carry its user's id, never anything else about the person.
 */
export { currentRequest, noteRequestUser } from '../../server/request-context.js'
