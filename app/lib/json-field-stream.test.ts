import { describe, expect, test } from 'vitest'
import { jsonFieldStream } from './json-field-stream'

/** Feeds `json` in pieces of `size` characters and answers every piece the reader gave back. */
function pieces(json: string, field: string, size: number) {
  const reader = jsonFieldStream(field)
  const out: string[] = []
  for (let i = 0; i < json.length; i += size) out.push(reader.push(json.slice(i, i + size)))
  return out
}

const tricky = {
  summary: 'Short "summary" with a response: key inside',
  nested: { response: 'not this one', list: ['response', { response: 'nor this' }] },
  count: 3,
  response:
    '## Plan\n\nLine one\twith tab, quotes "like this", a backslash \\ and a slash /.\n' +
    'Accents: café, naïve; escaped: \u00e9; emoji: 😀🌿; control: \u0001; CJK: 漢字.',
}

describe('jsonFieldStream', () => {
  test.each([1, 2, 3, 5, 7, 16, 1000])('pieces of %i characters add up to the parsed field', (size) => {
    for (const json of [JSON.stringify(tricky), JSON.stringify(tricky, null, 2)]) {
      expect(pieces(json, 'response', size).join('')).toBe(tricky.response)
      expect(pieces(json, 'summary', size).join('')).toBe(tricky.summary)
    }
  })

  test('escapes written out as \\u sequences, surrogate pairs included, decode like JSON.parse', () => {
    // JSON.stringify leaves most characters raw; an API may escape them all.
    const escaped = JSON.stringify({ response: tricky.response }).replace(
      /[^\x20-\x7e]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    )
    for (const size of [1, 3, 6]) expect(pieces(escaped, 'response', size).join('')).toBe(tricky.response)
  })

  test('no piece ends in half a character', () => {
    const json = JSON.stringify({ response: '😀😀😀' }).replace(
      /[^\x20-\x7e]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16)}`,
    )
    for (const piece of pieces(json, 'response', 1)) {
      const last = piece.charCodeAt(piece.length - 1)
      expect(last >= 0xd800 && last <= 0xdbff).toBe(false)
    }
  })

  test('the text grows as it arrives, before the string is closed', () => {
    const reader = jsonFieldStream('response')
    expect(reader.push('{"response": "Hel')).toBe('Hel')
    expect(reader.push('lo wor')).toBe('lo wor')
    expect(reader.push('ld\\')).toBe('ld')
    expect(reader.push('n", "summary": "x"}')).toBe('\n')
  })

  test('a field that is not there, or not a string, gives nothing', () => {
    expect(pieces('{"summary": "only this"}', 'response', 4).join('')).toBe('')
    expect(pieces('{"response": 42, "other": "text"}', 'response', 4).join('')).toBe('')
  })
})
