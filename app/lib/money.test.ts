import { expect, test } from 'vitest'
import { centsToDollars, dollarsToCents, formatPrice } from './money'

test('formats prices the spec way', () => {
  expect(formatPrice(0)).toBe('Free')
  expect(formatPrice(49.99)).toBe('$49.99 CAD')
  expect(formatPrice(120)).toBe('$120.00 CAD')
})

test('converts without floating-point drift', () => {
  expect(dollarsToCents(19.99)).toBe(1999)
  expect(dollarsToCents(0.1 + 0.2)).toBe(30)
  expect(centsToDollars(1999)).toBe(19.99)
})
