import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { buildIcs, type CalendarEvent } from './ics'

const event = {
  uid: 'booking-42@solace',
  start: new Date('2031-01-15T14:00:00.000Z'),
  end: new Date('2031-01-15T15:00:00.000Z'),
  stamp: new Date('2031-01-01T09:30:15.000Z'),
  summary: 'Breathwork, with Priya',
  description: 'Join: https://meet.example.com/abc\nSee you there; bring water',
  location: 'https://meet.example.com/abc',
}

/** The properties a correct file has, in order (LOCATION only with a meeting link). */
const NAMES = [
  'BEGIN',
  'VERSION',
  'PRODID',
  'CALSCALE',
  'METHOD',
  'BEGIN',
  'UID',
  'DTSTAMP',
  'DTSTART',
  'DTEND',
  'SUMMARY',
  'DESCRIPTION',
  'LOCATION',
  'END',
  'END',
]

function unfold(ics: string) {
  return ics.replace(/\r\n[ \t]/g, '')
}

/**
 * Reads the file the way a strict calendar client does: the raw bytes must be valid UTF-8,
 * split only on CRLF, no physical line over 75 octets; then unfolded lines as name and value.
 */
function parse(ics: string) {
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
    .map((line) => {
      const colon = line.indexOf(':')
      return { name: line.slice(0, colon), value: line.slice(colon + 1) }
    })
}

function unescapeText(value: string) {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c))
}

function property(ics: string, name: string) {
  const found = parse(ics).filter((p) => p.name === name)
  expect(found).toHaveLength(1)
  return unescapeText(found[0]!.value)
}

describe('buildIcs', () => {
  test('one VEVENT with UID, UTC start and end, summary and description', () => {
    const ics = buildIcs(event)
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true)
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true)
    const lines = unfold(ics).split('\r\n')
    expect(lines).toContain('UID:booking-42@solace')
    expect(lines).toContain('DTSTAMP:20310101T093015Z')
    expect(lines).toContain('DTSTART:20310115T140000Z')
    expect(lines).toContain('DTEND:20310115T150000Z')
    expect(lines).toContain('SUMMARY:Breathwork\\, with Priya')
    expect(lines).toContain('DESCRIPTION:Join: https://meet.example.com/abc\\nSee you there\\; bring water')
    expect(lines).toContain('LOCATION:https://meet.example.com/abc')
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1)
  })

  test('no LOCATION without a meeting link', () => {
    expect(buildIcs({ ...event, location: null })).not.toContain('LOCATION')
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
    const properties = parse(ics)
    expect(properties.map((p) => p.name)).toEqual(NAMES)
    expect(properties.some((p) => /^(ATTENDEE|BEGIN:VALARM)/.test(`${p.name}:${p.value}`))).toBe(false)
    expect(property(ics, 'SUMMARY')).toBe(summary.replace(/\r\n|[\r\n\u0085\u2028]/g, '\n'))
  })

  test('other control characters are dropped; a tab stays', () => {
    const ics = buildIcs({ ...event, description: 'a\u0000b\u0007c\u001bd\u007fe\tf' })
    expect(property(ics, 'DESCRIPTION')).toBe('abcde\tf')
  })

  test('long lines fold at 75 octets with multi-byte text, never inside a character, and unfold to the original', () => {
    // 1-, 2-, 3- and 4-byte characters, so the fold points fall at every offset within one.
    const description = 'Calm é 静かな 🧘 '.repeat(20)
    const ics = buildIcs({ ...event, description })
    const physical = ics.split('\r\n')
    expect(physical.filter((line) => line.startsWith(' ')).length).toBeGreaterThanOrEqual(5)
    // A folded line is filled to the limit: it ends where the next character would not fit.
    const firstFolded = physical.find((line) => line.startsWith('DESCRIPTION:'))!
    const nextChar = [...physical[physical.indexOf(firstFolded) + 1]!.slice(1)][0]!
    const size = (s: string) => Buffer.byteLength(s, 'utf8')
    expect(size(firstFolded)).toBeLessThanOrEqual(75)
    expect(size(firstFolded) + size(nextChar)).toBeGreaterThan(75)
    expect(property(ics, 'DESCRIPTION')).toBe(description)
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
        expect(parse(ics).map((p) => p.name)).toEqual(location ? NAMES : NAMES.filter((n) => n !== 'LOCATION'))
        // Line breaks become one newline, other controls go, half surrogates become U+FFFD.
        const clean = (s: string) =>
          Buffer.from(
            s
              .replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, '\n')
              // eslint-disable-next-line no-control-regex
              .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, ''),
          ).toString()
        expect(property(ics, 'SUMMARY')).toBe(clean(summary))
        expect(property(ics, 'DESCRIPTION')).toBe(clean(description))
        if (location) expect(property(ics, 'LOCATION')).toBe(clean(location))
      }),
      { numRuns: 300, seed: 20261122 },
    )
  })
})
