import { expect, test } from 'vitest'
import { formatDate, formatLongDate, formatTime, zoneAbbreviation } from './dates'

const instant = new Date('2026-11-21T14:30:00Z')

test('formats in the given zone', () => {
  expect(formatDate(instant, 'America/Toronto')).toBe('Nov 21, 2026')
  expect(formatLongDate(instant, 'America/Toronto')).toBe('November 21, 2026')
  expect(formatTime(instant, 'America/Toronto')).toBe('9:30 AM')
  expect(formatTime(instant, 'Asia/Tokyo')).toBe('11:30 PM')
  expect(zoneAbbreviation(instant, 'America/Toronto')).toBe('EST')
})

test('a late UTC instant is still the previous day west of Greenwich', () => {
  expect(formatDate('2026-11-22T02:00:00Z', 'America/Los_Angeles')).toBe('Nov 21, 2026')
})
