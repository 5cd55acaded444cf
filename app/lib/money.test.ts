import { expect, test } from 'vitest'
import { centsToDollars, dollarsToCents, formatEarnings, formatPrice, splitFee } from './money'

test('formats prices the spec way', () => {
  expect(formatPrice(0)).toBe('Free')
  expect(formatPrice(49.99)).toBe('$49.99 CAD')
  expect(formatPrice(120)).toBe('$120.00 CAD')
})

test('earnings always show 2 decimals, zero included', () => {
  expect(formatEarnings(0)).toBe('$0.00 CAD')
  expect(formatEarnings(4750)).toBe('$47.50 CAD')
  expect(formatEarnings(123456)).toBe('$1234.56 CAD')
})

test('converts without floating-point drift', () => {
  expect(dollarsToCents(19.99)).toBe(1999)
  expect(dollarsToCents(0.1 + 0.2)).toBe(30)
  expect(centsToDollars(1999)).toBe(19.99)
})

test('the 5% platform fee never loses or invents a cent', () => {
  expect(splitFee(10000)).toEqual({ platformFeeCents: 500, practitionerAmountCents: 9500 })
  expect(splitFee(4999)).toEqual({ platformFeeCents: 250, practitionerAmountCents: 4749 })
  for (const total of [0, 1, 19, 99, 1234, 7777, 15000]) {
    const { platformFeeCents, practitionerAmountCents } = splitFee(total)
    expect(platformFeeCents + practitionerAmountCents).toBe(total)
    expect(Number.isInteger(platformFeeCents)).toBe(true)
  }
})
