import { expect, test } from 'vitest'
import { pageWindow } from './paging'

test('pageWindow keeps the page between the first and the last', () => {
  expect(pageWindow(0, 1, 25)).toEqual({ page: 1, pageCount: 1, offset: 0 })
  expect(pageWindow(51, 3, 25)).toEqual({ page: 3, pageCount: 3, offset: 50 })
  expect(pageWindow(51, 9, 25)).toEqual({ page: 3, pageCount: 3, offset: 50 })
  expect(pageWindow(51, 0, 25)).toEqual({ page: 1, pageCount: 3, offset: 0 })
  expect(pageWindow(51, -4, 25)).toEqual({ page: 1, pageCount: 3, offset: 0 })
  expect(pageWindow(51, Number.NaN, 25)).toEqual({ page: 1, pageCount: 3, offset: 0 })
  expect(pageWindow(50, 2, 25)).toEqual({ page: 2, pageCount: 2, offset: 25 })
})
