import { z } from 'zod'
import { CONNECTION_EVENT_KINDS } from '~/db/enums'
import { msg } from '~/lib/i18n/message'

/**
 * How a video room's connection went, as its page reports it (client-safe: the room's report
 * module and the server share these; docs/decisions/039-video-rooms.md). Nothing private: a
 * kind, when, a duration and whether a relay carried the call; never media, an address or a device.
 */

export type ConnectionEventKind = (typeof CONNECTION_EVENT_KINDS)[number]

/** The kinds that carry a time (`valueMs`) and may say whether a relay was used. */
export const TIMED_KINDS: readonly ConnectionEventKind[] = ['first_media', 'reconnected']

/**
 * Events one person may record for one session: a joining and an ending, and dozens of
 * reconnections (two each), far more than a call that works at all has. More are refused.
 */
export const MAX_CONNECTION_EVENTS = 100
/** Events in one report: the page sends what it held back while the network was down. */
export const MAX_EVENTS_PER_REPORT = 20
/** A report's body, at most (bounded before it is read, like every JSON route). */
export const MAX_CONNECTION_REPORT_BYTES = 4 * 1024
/** How long ago an event may have happened, and how long a time it may carry: a long session. */
export const MAX_EVENT_AGE_MS = 6 * 60 * 60_000

/** The refusals of a report (app/locales/<language>/room.json). */
export const CONNECTION_TEXT = {
  full: msg('room:errors.reportFull'),
  timed: msg('room:errors.timed'),
  relay: msg('room:errors.relay'),
}

const Milliseconds = z.number().int().min(0).max(MAX_EVENT_AGE_MS)

export const ConnectionEventSchema = z
  .strictObject({
    kind: z.enum(CONNECTION_EVENT_KINDS),
    /**
     * How long before the report it happened, by the page's own clock (performance.now()): the
     * server dates it from its own, so a wrong clock on the person's device changes nothing.
     */
    agoMs: Milliseconds,
    /** first_media: from the page's join to the first remote frame; reconnected: how long it took. */
    valueMs: Milliseconds.optional(),
    /** Whether the selected candidate pair went through a TURN relay. */
    relay: z.boolean().optional(),
  })
  .refine((event) => TIMED_KINDS.includes(event.kind) === (event.valueMs !== undefined), CONNECTION_TEXT.timed)
  .refine((event) => event.relay === undefined || TIMED_KINDS.includes(event.kind), CONNECTION_TEXT.relay)
export type ConnectionEvent = z.output<typeof ConnectionEventSchema>

export const ConnectionReportSchema = z.strictObject({
  events: z.array(ConnectionEventSchema).min(1).max(MAX_EVENTS_PER_REPORT),
})
