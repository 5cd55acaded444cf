import fc from 'fast-check'
import ICAL from 'ical.js'
import { describe, expect, test } from 'vitest'
import { buildFeed, buildIcs, type CalendarEvent } from './ics.server'

/**
 * ical-generator writes the files (app/lib/ics.server.ts); these read them back the way a strict
 * calendar client does and with a real parser (ical.js, Mozilla's), so what is checked is the
 * output, not how it is made.
 */

const event = {
  uid: 'booking-42@solace',
  start: new Date('2031-01-15T14:00:00.000Z'),
  end: new Date('2031-01-15T15:00:00.000Z'),
  stamp: new Date('2031-01-01T09:30:15.000Z'),
  summary: 'Breathwork, with Priya',
  description: 'Join: https://meet.example.com/abc\nSee you there; bring water',
  location: 'https://meet.example.com/abc',
}

/** The properties a correct file has, in any order (LOCATION only with a meeting link). */
const NAMES = [
  'BEGIN',
  'VERSION',
  'PRODID',
  'CALSCALE',
  'METHOD',
  'BEGIN',
  'UID',
  'SEQUENCE',
  'DTSTAMP',
  'DTSTART',
  'DTEND',
  'SUMMARY',
  'DESCRIPTION',
  'LOCATION',
  'END',
  'END',
].sort()

function unfold(ics: string) {
  return ics.replace(/\r\n[ \t]/g, '')
}

/**
 * The raw bytes must be valid UTF-8, split only on CRLF (the last line too), no physical line
 * over 75 octets; then the unfolded lines' property names.
 */
function names(ics: string) {
  const bytes = Buffer.from(ics, 'utf8')
  const physical = bytes.toString('latin1').split('\r\n')
  expect(physical.pop()).toBe('')
  for (const line of physical) {
    // A lone CR or LF is a line break to lenient readers: none may be left.
    expect(line).not.toMatch(/[\r\n]/)
    const lineBytes = Buffer.from(line, 'latin1')
    expect(lineBytes.length).toBeLessThanOrEqual(75)
    // Throws when a fold cut a multi-byte character in two.
    new TextDecoder('utf-8', { fatal: true }).decode(lineBytes)
  }
  return unfold(ics)
    .split('\r\n')
    .slice(0, -1)
    .map((line) => /^[A-Z-]+/.exec(line)?.[0] ?? line)
    .sort()
}

/** The file's one event as ical.js reads it. */
function read(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics))
  const vevent = calendar.getFirstSubcomponent('vevent')!
  const value = (name: string) => vevent.getFirstPropertyValue(name)
  return { calendar, vevent, value }
}

describe('buildIcs', () => {
  test('one VEVENT with UID, UTC start and end, summary and description', () => {
    const ics = buildIcs(event)
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true)
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true)
    const lines = unfold(ics).split('\r\n')
    expect(lines).toContain('METHOD:PUBLISH')
    expect(lines).toContain('UID:booking-42@solace')
    expect(lines).toContain('DTSTAMP:20310101T093015Z')
    expect(lines).toContain('DTSTART:20310115T140000Z')
    expect(lines).toContain('DTEND:20310115T150000Z')
    expect(lines).toContain('SUMMARY:Breathwork\\, with Priya')
    expect(lines).toContain('DESCRIPTION:Join: https://meet.example.com/abc\\nSee you there\\; bring water')
    expect(lines).toContain('LOCATION:https://meet.example.com/abc')
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1)
    const { vevent } = read(ics)
    const parsed = new ICAL.Event(vevent)
    expect(parsed.startDate.zone?.tzid).toBe('UTC')
    expect(parsed.startDate.toJSDate()).toEqual(event.start)
    expect(parsed.summary).toBe(event.summary)
    expect(parsed.description).toBe(event.description)
  })

  test('no LOCATION without a meeting link', () => {
    expect(buildIcs({ ...event, location: null })).not.toContain('LOCATION')
  })

  test('an invitation: REQUEST or CANCEL from the organizer to the one attendee, at the booking’s SEQUENCE', () => {
    const invitation = {
      ...event,
      sequence: 3,
      status: 'CANCELLED' as const,
      url: 'https://solace.test/bookings/42',
      organizer: { name: 'Solace', email: 'hello@solace.test' },
      attendee: { name: 'Cal "The Calm" Endar', email: 'cal@example.com' },
    }
    expect(() => buildIcs({ ...invitation, attendee: undefined }, 'REQUEST')).toThrow(/ORGANIZER and an ATTENDEE/)
    const ics = buildIcs(invitation, 'CANCEL')
    // Spelled as mail calendars (and node-ical) have always had them from us.
    expect(unfold(ics)).toContain('\r\nURL:https://solace.test/bookings/42\r\n')
    expect(unfold(ics)).toMatch(/\r\nATTENDEE;[^\r]*:mailto:cal@example\.com\r\n/)
    const { calendar, vevent, value } = read(ics)
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL')
    expect(value('sequence')).toBe(3)
    expect(value('status')).toBe('CANCELLED')
    expect(value('url')).toBe(invitation.url)
    expect(value('organizer')).toBe('mailto:hello@solace.test')
    expect(vevent.getFirstProperty('organizer')!.getParameter('cn')).toBe('Solace')
    const attendee = vevent.getFirstProperty('attendee')!
    expect(attendee.getFirstValue()).toBe('mailto:cal@example.com')
    // A double quote cannot be written inside a parameter: dropped, not caret-encoded.
    expect(attendee.getParameter('cn')).toBe('Cal The Calm Endar')
    expect(attendee.getParameter('partstat')).toBe('ACCEPTED')
    expect(vevent.getAllProperties('attendee')).toHaveLength(1)
    // A sending address without a name still names its organizer (ical-generator asks for one).
    const bare = read(buildIcs({ ...invitation, organizer: { email: 'hello@solace.test' } }, 'REQUEST'))
    expect(bare.value('organizer')).toBe('mailto:hello@solace.test')
  })

  test.each([
    ['a lone CR', '\r'],
    ['a lone LF', '\n'],
    ['CRLF', '\r\n'],
    ['a CR before CRLF', '\r\r\n'],
    ['a Unicode line separator', '\u2028'],
    ['a NEL', '\u0085'],
  ])('a name with %s cannot add a property: the attempt stays inside SUMMARY', (_, lineBreak) => {
    const summary = `Yoga${lineBreak}ATTENDEE;CN=Mallory:mailto:mallory@evil.test${lineBreak}BEGIN:VALARM`
    const ics = buildIcs({ ...event, summary })
    expect(names(ics)).toEqual(NAMES)
    const { vevent, value } = read(ics)
    expect(vevent.getAllProperties('attendee')).toHaveLength(0)
    expect(vevent.getAllSubcomponents('valarm')).toHaveLength(0)
    expect(value('summary')).toBe(summary.replace(/\r\n|[\r\n\u0085\u2028]/g, '\n'))
  })

  test('other control characters are dropped; a tab stays', () => {
    const ics = buildIcs({ ...event, description: 'a\u0000b\u0007c\u001bd\u007fe\tf' })
    expect(read(ics).value('description')).toBe('abcde\tf')
  })

  test('long lines fold at 75 octets with multi-byte text, never inside a character, and read back whole', () => {
    // 1-, 2-, 3- and 4-byte characters, so the fold points fall at every offset within one.
    const description = 'Calm é 静かな 🧘 '.repeat(20)
    const ics = buildIcs({ ...event, description })
    expect(ics.split('\r\n').filter((line) => line.startsWith(' ')).length).toBeGreaterThanOrEqual(5)
    expect(names(ics)).toEqual(NAMES)
    expect(read(ics).value('description')).toBe(description)
  })

  test('any text round-trips inside its own property (fuzzed)', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 120 }),
      fc.string({
        unit: fc.constantFrom('\r', '\n', '\\', ';', ',', ':', 'é', '静', '🧘', 'a', ' ', '\t', '\u2028', '\u0000'),
        maxLength: 200,
      }),
    )
    fc.assert(
      fc.property(text, text, fc.option(text, { nil: null }), (summary, description, location) => {
        const input: CalendarEvent = { ...event, summary, description, location }
        const ics = buildIcs(input)
        // Line breaks become one newline, other controls go, half surrogates become U+FFFD.
        const clean = (s: string) =>
          Buffer.from(
            s
              .replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, '\n')
              // eslint-disable-next-line no-control-regex
              .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, ''),
          ).toString()
        // A location with nothing left in it is none.
        const place = location ? clean(location) : ''
        expect(names(ics)).toEqual(place ? NAMES : NAMES.filter((n) => n !== 'LOCATION'))
        const { value } = read(ics)
        expect(value('summary')).toBe(clean(summary))
        expect(value('description')).toBe(clean(description))
        if (place) expect(value('location')).toBe(place)
      }),
      { numRuns: 300, seed: 20261122 },
    )
  })
})

describe('buildFeed', () => {
  test('every event under the calendar’s name and the person’s zone, the times in UTC', () => {
    const ics = buildFeed(
      [
        { ...event, status: 'CONFIRMED', sequence: 0 },
        { ...event, uid: 'booking-43@solace', status: 'CANCELLED', sequence: 1 },
      ],
      { name: 'Solace sessions, mine', timeZone: 'Europe/Paris' },
    )
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true)
    const { calendar } = read(ics)
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH')
    // An X- property is read as it is written: TEXT-escaped like the rest.
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Solace sessions\\, mine')
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Europe/Paris')
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent))
    expect(events.map((e) => [e.uid, e.sequence, e.component.getFirstPropertyValue('status')])).toEqual([
      ['booking-42@solace', 0, 'CONFIRMED'],
      ['booking-43@solace', 1, 'CANCELLED'],
    ])
    expect(events.map((e) => e.startDate.zone?.tzid)).toEqual(['UTC', 'UTC'])
  })
})
