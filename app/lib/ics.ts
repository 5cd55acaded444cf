/**
 * A calendar invitation (RFC 5545) for one session: a VCALENDAR with a single VEVENT, in UTC
 * so every calendar shows it at the right local time. Pure, so emails and links can share it.
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
}

/** 20310115T140000Z */
function utc(instant: Date) {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

/** Text values escape backslash, semicolon, comma and newlines (RFC 5545 §3.3.11). */
function escapeText(value: string) {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')
}

/** Lines longer than 75 octets are folded: CRLF then a space (RFC 5545 §3.1). */
function fold(line: string) {
  const bytes = new TextEncoder().encode(line)
  if (bytes.length <= 75) return line
  const parts: string[] = []
  let current = ''
  let size = 0
  for (const char of line) {
    const charSize = new TextEncoder().encode(char).length
    // Continuation lines start with a space, which counts towards their 75 octets.
    if (size + charSize > (parts.length ? 74 : 75)) {
      parts.push(current)
      current = ''
      size = 0
    }
    current += char
    size += charSize
  }
  parts.push(current)
  return parts.join('\r\n ')
}

export function buildIcs(event: CalendarEvent) {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Solace//Bookings//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utc(event.stamp ?? new Date())}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(fold).join('\r\n')}\r\n`
}
