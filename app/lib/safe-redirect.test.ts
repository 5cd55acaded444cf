import { expect, test } from 'vitest'
import { safeRedirect } from './safe-redirect'

test('keeps same-site paths', () => {
  expect(safeRedirect('/services/3?date=2026-12-01')).toBe('/services/3?date=2026-12-01')
})

test.each(['//evil.test', '/\\evil.test', 'https://evil.test', 'evil', '', null, undefined, '/\nx'])(
  'refuses %j',
  (value) => {
    expect(safeRedirect(value, '/home')).toBe('/home')
  },
)
