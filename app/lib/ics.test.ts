import { describe, expect, test } from 'vitest'
import { buildIcs } from './ics'

const event = {
  uid: 'booking-42@solace',
  start: new Date('2031-01-15T14:00:00.000Z'),
  end: new Date('2031-01-15T15:00:00.000Z'),
  stamp: new Date('2031-01-01T09:30:15.000Z'),
  summary: 'Breathwork, with Priya',
  description: 'Join: https://meet.example.com/abc\nSee you there; bring water',
  location: 'https://meet.example.com/abc',
}

function unfold(ics: string) {
  return ics.replace(/\r\n /g, '')
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

  test('long lines are folded at 75 octets and unfold to the original', () => {
    const description = 'A long description with an accent é '.repeat(10)
    const ics = buildIcs({ ...event, description })
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75)
    expect(unfold(ics)).toContain(`DESCRIPTION:${description}`)
  })
})
