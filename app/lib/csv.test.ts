import { describe, expect, test } from 'vitest'
import { csvCell, toCsv } from './csv'

describe('csvCell', () => {
  test('plain text and numbers pass as they are; empty for nothing', () => {
    expect(csvCell('Amara Okafor')).toBe('Amara Okafor')
    expect(csvCell(42)).toBe('42')
    expect(csvCell(null)).toBe('')
    expect(csvCell(undefined)).toBe('')
  })

  test('commas, quotes and line breaks are quoted, quotes doubled', () => {
    expect(csvCell('Okafor, Amara')).toBe('"Okafor, Amara"')
    expect(csvCell('She said "hi"')).toBe('"She said ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
  })

  test('a cell a spreadsheet would run as a formula is made text with a leading quote, and quoted', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
    )
    expect(csvCell('-2+3')).toBe(`"'-2+3"`)
    expect(csvCell('+1+cmd|calc')).toBe(`"'+1+cmd|calc"`)
    expect(csvCell('-1)*HYPERLINK(1')).toBe(`"'-1)*HYPERLINK(1"`)
    expect(csvCell('@SUM(A1:A2)')).toBe(`"'@SUM(A1:A2)"`)
    expect(csvCell('\t=1+1')).toBe(`"'\t=1+1"`)
    expect(csvCell('\r=1+1')).toBe(`"'\r=1+1"`)
    // Only the first character matters.
    expect(csvCell('a=b')).toBe('a=b')
  })

  test('country codes, phone numbers and signed numbers stay as typed: they can run nothing', () => {
    expect(csvCell('+1')).toBe('+1')
    expect(csvCell('+44 20 7946 0958')).toBe('+44 20 7946 0958')
    expect(csvCell('+1 (416) 555-0100')).toBe('+1 (416) 555-0100')
    expect(csvCell('-12.5')).toBe('-12.5')
    expect(csvCell(-3)).toBe('-3')
  })
})

test('toCsv: a byte-order mark, the header, CRLF between rows', () => {
  expect(
    toCsv(
      ['Name', 'Phone'],
      [
        ['Amara', '+1 416'],
        ['Lee', null],
      ],
    ),
  ).toBe('\ufeffName,Phone\r\nAmara,+1 416\r\nLee,\r\n')
})
