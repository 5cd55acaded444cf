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
}

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
    'END:VEVENT',
  ]
}

function calendar(events: CalendarEvent[], header: string[] = []) {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Solace//Bookings//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...header,
    ...events.flatMap(eventLines),
    'END:VCALENDAR',
  ]
  return `${lines.map(fold).join('\r\n')}\r\n`
}

/** One session's invitation. */
export function buildIcs(event: CalendarEvent) {
  return calendar([event])
}

/**
 * A subscription feed: every event, under the calendar's name, with the person's zone as the
 * one calendars show it in (the times themselves are UTC).
 */
export function buildFeed(events: CalendarEvent[], { name, timeZone }: { name: string; timeZone: string }) {
  return calendar(events, [`X-WR-CALNAME:${escapeText(name)}`, `X-WR-TIMEZONE:${escapeText(timeZone)}`])
}
