import { describe, expect, test } from 'vitest'
import { formatMonth, monthGrid, parseMonth, shiftMonth } from './calendar-month'

describe('calendar months', () => {
  test('a month’s grid is six weeks from the Sunday on or before the 1st', () => {
    const grid = monthGrid({ year: 2026, month: 11 })
    expect(grid).toHaveLength(42)
    // 1 November 2026 is a Sunday: the grid starts on it.
    expect(grid[0]).toEqual({ year: 2026, month: 11, day: 1 })
    expect(grid[41]).toEqual({ year: 2026, month: 12, day: 12 })
    // 1 December 2026 is a Tuesday: the grid starts on Sunday 29 November.
    expect(monthGrid({ year: 2026, month: 12 })[0]).toEqual({ year: 2026, month: 11, day: 29 })
  })

  test('months are written and read as YYYY-MM, and anything else reads as none', () => {
    expect(formatMonth({ year: 2026, month: 3 })).toBe('2026-03')
    expect(parseMonth('2026-03')).toEqual({ year: 2026, month: 3 })
    for (const text of [null, '', '2026-13', '2026-00', '1999-12', '2026-3', '2026-03-01']) {
      expect(parseMonth(text)).toBeNull()
    }
  })

  test('shifting crosses years both ways', () => {
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 })
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 })
    expect(shiftMonth({ year: 2026, month: 6 }, -18)).toEqual({ year: 2024, month: 12 })
  })
})
