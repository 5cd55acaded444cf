import { describe, expect, test } from 'vitest'
import { formatFileSize } from './chart-format.server'
import { documentKind, sanitizeFileName } from './document'

describe('formatFileSize: Bytes, KB, MB, GB with at most two decimals', () => {
  test.each([
    [0, '0 Bytes'],
    [1, '1 Bytes'],
    [512, '512 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [10 * 1024 * 1024, '10 MB'],
    [10_000_000, '9.54 MB'],
    [1234567, '1.18 MB'],
    [3 * 1024 ** 3, '3 GB'],
    [5 * 1024 ** 4, '5120 GB'],
  ])('%d → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text)
  })

  test('in French: octets, Ko, Mo, Go, a decimal comma and a space that does not break', () => {
    const nbsp = '\u00a0'
    expect([0, 1, 512, 1536, 10_000_000, 5 * 1024 ** 4].map((bytes) => formatFileSize(bytes, 'fr'))).toEqual([
      `0${nbsp}octet`,
      `1${nbsp}octet`,
      `512${nbsp}octets`,
      `1,5${nbsp}Ko`,
      `9,54${nbsp}Mo`,
      `5${nbsp}120${nbsp}Go`,
    ])
  })
})

describe('sanitizeFileName', () => {
  test('keeps an ordinary name, accents and spaces included', () => {
    expect(sanitizeFileName('Résumé – intake form.pdf')).toBe('Résumé – intake form.pdf')
  })

  test('drops folders, control characters, direction marks and leading dots', () => {
    expect(sanitizeFileName('C:\\Users\\me\\scan.png')).toBe('scan.png')
    expect(sanitizeFileName('../../etc/passwd.txt')).toBe('passwd.txt')
    expect(sanitizeFileName('bad\u0000na\nme.pdf')).toBe('badname.pdf')
    expect(sanitizeFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe')
    expect(sanitizeFileName('...hidden.txt')).toBe('hidden.txt')
    expect(sanitizeFileName('  lots   of   space .csv ')).toBe('lots of space .csv')
    expect(sanitizeFileName('\u0001')).toBe('')
  })

  test('shortens a long name to 200 characters and keeps its extension', () => {
    const name = sanitizeFileName(`${'a'.repeat(300)}.docx`)
    expect(name).toHaveLength(200)
    expect(name.endsWith('a.docx')).toBe(true)
  })
})

test('documentKind picks the icon by stored type', () => {
  expect(documentKind('image/png')).toBe('image')
  expect(documentKind('application/pdf')).toBe('pdf')
  expect(documentKind('application/msword')).toBe('word')
  expect(documentKind('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('word')
  expect(documentKind('application/vnd.ms-excel')).toBe('spreadsheet')
  expect(documentKind('text/csv; charset=utf-8')).toBe('spreadsheet')
  expect(documentKind('text/plain; charset=utf-8')).toBe('text')
})
