import { expect, test } from 'vitest'
import { formatDate, formatLongDate, formatTime, zoneAbbreviation } from './dates'
import { runtimeOffsetMinutes, runtimeZoneName, wallClock, zoneName, zoneOffsetMinutes } from './zone-rules'
import { zoneRulesFor } from './zone-rules.server'

// Half-hour, 45-minute and half-hour-DST zones, both hemispheres, a zone that changed its rules
// (Edmonton), and ones that never change.
const ZONES = [
  'America/Toronto',
  'America/Edmonton',
  'America/Denver',
  'America/Santiago',
  'Europe/London',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Pacific/Chatham',
  'Australia/Lord_Howe',
  'Australia/Sydney',
  'Africa/Casablanca',
  'UTC',
]
const HOUR = 3_600_000
const NOW = Date.UTC(2026, 10, 25, 12)

/** What this runtime's own data says, read without rules: the clock from its offset, and its name. */
function runtime(instant: number, timeZone: string) {
  const clock = new Date(instant + runtimeOffsetMinutes(instant, timeZone) * 60_000)
  return {
    clock: [
      clock.getUTCFullYear(),
      clock.getUTCMonth() + 1,
      clock.getUTCDate(),
      clock.getUTCHours(),
      clock.getUTCMinutes(),
      clock.getUTCSeconds(),
    ],
    name: runtimeZoneName(instant, timeZone),
  }
}

test.each(ZONES)("%s: the rules read the clock and name this runtime's data gives, across the window", (zone) => {
  // Importing zone-rules.server makes the server read every time through these rules.
  const rules = zoneRulesFor(zone, NOW)
  expect(rules.from).toBeLessThan(NOW - 365 * 24 * HOUR)
  expect(rules.to).toBeGreaterThan(NOW + 2 * 365 * 24 * HOUR)
  // Every 7 hours and 13 minutes through the window, and a minute either side of each change.
  const instants: number[] = []
  for (let t = rules.from; t < rules.to; t += 7 * HOUR + 13 * 60_000) instants.push(t)
  for (const [start] of rules.spans.slice(1)) instants.push(start - 60_000, start, start + 60_000)
  for (const instant of instants) {
    const expected = runtime(instant, zone)
    const c = wallClock(instant, zone)
    expect([c.year, c.month, c.day, c.hour, c.minute, c.second], `${zone} ${new Date(instant).toISOString()}`).toEqual(
      expected.clock,
    )
    expect(zoneName(instant, zone)).toBe(expected.name)
  }
})

test('a zone with daylight saving has its changes to the minute; one without has one span', () => {
  const toronto = zoneRulesFor('America/Toronto', NOW)
  // Toronto springs forward on 8 March 2026 at 2:00 EST (7:00 UTC).
  const spring = toronto.spans.find(([start]) => start === Date.UTC(2026, 2, 8, 7))
  expect(spring?.slice(1)).toEqual([-240, 'EDT'])
  expect(zoneRulesFor('Asia/Tokyo', NOW).spans).toHaveLength(1)
  expect(zoneOffsetMinutes(NOW, 'Asia/Kolkata')).toBe(330)
})

test("times outside the window are read with the runtime's own data", () => {
  const longAgo = Date.UTC(1990, 6, 1, 12)
  expect(wallClock(longAgo, 'America/Toronto').hour).toBe(8)
  expect(zoneName(longAgo, 'America/Toronto')).toBe('EDT')
})

test.each(ZONES)("%s: dates and times are written as this runtime's en-US Intl writes them", (zone) => {
  const formats = {
    date: new Intl.DateTimeFormat('en-US', { timeZone: zone, month: 'short', day: 'numeric', year: 'numeric' }),
    longDate: new Intl.DateTimeFormat('en-US', { timeZone: zone, month: 'long', day: 'numeric', year: 'numeric' }),
    time: new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit', hour12: true }),
  }
  for (let t = Date.now() - 30 * 24 * HOUR; t < Date.now() + 400 * 24 * HOUR; t += 5 * HOUR + 17 * 60_000) {
    expect(formatDate(t, zone)).toBe(formats.date.format(t))
    expect(formatLongDate(t, zone)).toBe(formats.longDate.format(t))
    expect(formatTime(t, zone)).toBe(formats.time.format(t).replace(/\u202f/g, ' '))
    expect(zoneAbbreviation(t, zone)).toBe(runtimeZoneName(t, zone))
  }
})

test('midnight and noon are 12 AM and 12 PM', () => {
  expect(formatTime(Date.UTC(2026, 0, 1, 0, 5), 'UTC')).toBe('12:05 AM')
  expect(formatTime(Date.UTC(2026, 0, 1, 12, 0), 'UTC')).toBe('12:00 PM')
})

test('the server says which time-zone data it runs', () => {
  // Zone rules change every year, and a page's times come from this data (decision 034): the
  // README's minimum Node, 22.23, carries 2026c. An older set is a server to upgrade.
  expect(process.versions.tz! >= '2026c', `tzdata ${process.versions.tz}`).toBe(true)
})
