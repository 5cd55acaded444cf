import { expect, test } from 'vitest'
import { toFtsQuery } from './fts.server'

test('each word becomes a quoted prefix term', () => {
  expect(toFtsQuery('Yoga flow')).toBe('"yoga"* "flow"*')
})

test('FTS syntax typed by a person stays inert', () => {
  expect(toFtsQuery('yoga" OR * NEAR(')).toBe('"yoga"* "or"* "near"*')
  expect(toFtsQuery('  -- ** ')).toBeNull()
  expect(toFtsQuery(undefined)).toBeNull()
})

test('accented and non-latin words are kept', () => {
  expect(toFtsQuery('Méditation 瞑想')).toBe('"méditation"* "瞑想"*')
})
