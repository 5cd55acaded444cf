import { expect, test } from 'vitest'
import { idFromParam } from './route-params'

test('reads plain positive whole numbers only', () => {
  expect(idFromParam('42')).toBe(42)
  for (const bad of [undefined, '', '0', '-1', '1.5', '1e3', 'abc', '007', '1234567890123456']) {
    expect(idFromParam(bad)).toBeNull()
  }
})
