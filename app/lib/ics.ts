/**
 * Calendars (RFC 5545): one session's invitation (a VCALENDAR with a single VEVENT) and a
 * person's subscription feed (all their sessions), in UTC so every calendar shows them at the
 * right local time. Pure, so emails, links and feeds share it.
 *
 * Service names, descriptions and meeting links are typed by practitioners, and the file goes
 * to clients' calendars, so every text value is escaped and every line folded here: a value
 * can never end its property or start another one (an extra ATTENDEE, ORGANIZER or VALARM).
 */
export type CalendarEvent = {
  /** Stable per booking, so a re-sent invitation updates the same calendar entry. */
  uid: string
  start: Date
  end: Date
  summary: string
  description: string
  /** Where the session happens (the meeting link), when there is one. */
  location?: string | null
  /** When the invitation was made; defaults to now. */
  stamp?: Date
  /** A feed's sessions: a cancelled one stays, CANCELLED, so calendars take it away. */
  status?: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED'
  /** Raised with each revision of the event (a cancellation is one). */
  sequence?: number
  /** Where the event is seen in the app (the booking's page). */
  url?: string
  /**
   * An emailed invitation's two parties (RFC 5546 asks both of a REQUEST and a CANCEL): who sends
   * it (the address the email comes from) and the one person it is for.
   */
  organizer?: CalendarAddress
  attendee?: CalendarAddress
}

/** A person in an invitation: `mailto:` their address, with a common name when there is one. */
export type CalendarAddress = { email: string; name?: string | null }

/**
 * iTIP's methods (RFC 5546): PUBLISH a copy for someone's calendar (a download, a feed); REQUEST
 * an event or its new revision (the same UID, a higher SEQUENCE moves it); CANCEL it (removed).
 */
export type CalendarMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL'

/** 20310115T140000Z */
function utc(instant: Date) {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

/**
 * Every way a line can break: CRLF, a lone LF or a lone CR (some calendar readers split on
 * either), and Unicode's NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR.
 */
const LINE_BREAK = /\r\n|[\n\r\u0085\u2028\u2029]/g
/** Other control characters have no place in TEXT (only a horizontal tab does). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g
/** Half a surrogate pair is no character at all; UTF-8 writes it as U+FFFD, so we do too. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/**
 * A TEXT value: backslash, semicolon and comma escaped, each line break (whatever its form)
 * written as the two characters `\n`, other control characters dropped and half surrogate
 * pairs replaced.
 */
export function escapeText(value: string) {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(LINE_BREAK, '\\n')
    .replace(CONTROL, '')
    .replace(LONE_SURROGATE, '\ufffd')
}

const encoder = new TextEncoder()
const MAX_OCTETS = 75

/**
 * Content lines longer than 75 octets (UTF-8 bytes, not characters) are folded: CRLF then a
 * space, which counts towards the next line's 75. Splits fall between code points, so a
 * multi-byte character is never cut in two.
 */
export function fold(line: string) {
  if (encoder.encode(line).length <= MAX_OCTETS) return line
  const parts: string[] = []
  let current = ''
  let size = 0
  for (const char of line) {
    const charSize = encoder.encode(char).length
    if (size + charSize > MAX_OCTETS) {
      parts.push(current)
      current = ' '
      size = 1
    }
    current += char
    size += charSize
  }
  parts.push(current)
  return parts.join('\r\n')
}

/**
 * A parameter value (a name in CN=): quoted, so ; : , are plain text in it; a double quote or a
 * control character cannot be written inside one at all, so they are dropped.
 */
function paramText(value: string) {
  return `"${value.replace(LINE_BREAK, ' ').replace(CONTROL, '').replace(/"/g, '').replace(LONE_SURROGATE, '\ufffd')}"`
}

/** `mailto:` an address, which has no place for a space, a quote or a line break either. */
function calAddress(person: CalendarAddress) {
  return `mailto:${person.email.replace(/[\s"<>]/g, '').replace(CONTROL, '')}`
}

function partyLines(event: CalendarEvent) {
  const name = (person: CalendarAddress) => (person.name ? `;CN=${paramText(person.name)}` : '')
  return [
    ...(event.organizer ? [`ORGANIZER${name(event.organizer)}:${calAddress(event.organizer)}`] : []),
    ...(event.attendee
      ? [
          `ATTENDEE${name(event.attendee)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:${calAddress(event.attendee)}`,
        ]
      : []),
  ]
}

function eventLines(event: CalendarEvent) {
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utc(event.stamp ?? new Date())}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(event.end)}`,
    ...(event.sequence !== undefined ? [`SEQUENCE:${event.sequence}`] : []),
    ...(event.status ? [`STATUS:${event.status}`] : []),
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    // A URI, not TEXT: our own origin and path, with nothing in it to escape.
    ...(event.url ? [`URL:${event.url.replace(/[\s"]/g, '')}`] : []),
    ...partyLines(event),
    'END:VEVENT',
  ]
}

function calendar(events: CalendarEvent[], header: string[] = [], method: CalendarMethod = 'PUBLISH') {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Solace//Bookings//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...header,
    ...events.flatMap(eventLines),
    'END:VCALENDAR',
  ]
  return `${lines.map(fold).join('\r\n')}\r\n`
}

/**
 * One session's invitation: PUBLISH (a copy to keep) unless it is sent as an invitation, REQUEST
 * or CANCEL, which must name its ORGANIZER and ATTENDEE (RFC 5546 3.2.2, 3.2.5).
 */
export function buildIcs(event: CalendarEvent, method: CalendarMethod = 'PUBLISH') {
  if (method !== 'PUBLISH' && !(event.organizer && event.attendee)) {
    throw new Error(`METHOD:${method} needs an ORGANIZER and an ATTENDEE`)
  }
  return calendar([event], [], method)
}

/**
 * A subscription feed: every event, under the calendar's name, with the person's zone as the
 * one calendars show it in (the times themselves are UTC).
 */
export function buildFeed(events: CalendarEvent[], { name, timeZone }: { name: string; timeZone: string }) {
  return calendar(events, [`X-WR-CALNAME:${escapeText(name)}`, `X-WR-TIMEZONE:${escapeText(timeZone)}`])
}
