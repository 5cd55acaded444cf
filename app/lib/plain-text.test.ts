import { describe, expect, test } from 'vitest'
import { emailField } from '~/models/accounts/user'
import {
  DIRECTION_CONTROL_TEXT,
  hasDirectionControls,
  isMultiLineText,
  isOneLineText,
  MULTI_LINE_TEXT,
  multiLineText,
  ONE_LINE_TEXT,
  oneLineText,
  singleLine,
} from './plain-text'

const hex = (char: string) => `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i))

/** Every C0 control (tab, line feed, carriage return included), DEL, every C1 control. */
const C0 = range(0x00, 0x1f)
const DEL = '\u007f'
const C1 = range(0x80, 0x9f)
const SEPARATORS = ['\u2028', '\u2029']
/** The direction embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069). */
const DIRECTION_CONTROLS = [...range(0x202a, 0x202e), ...range(0x2066, 0x2069)]
/** A high surrogate with nothing after it, a low one alone, and each the wrong way round. */
const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff']

/** Accents, other scripts, emoji (surrogate pairs, joined sequences, flags), bidi text. */
const ORDINARY = [
  'Ada Lovelace',
  'Zoë Saldaña-Núñez',
  "O'Brien-Smith",
  'Åsa Ødegård',
  '山田 太郎',
  '김민준',
  'Ελένη Παπαδοπούλου',
  'Дмитрий',
  'محمد',
  'שרה כהן',
  'Yoga 🧘‍♀️ & breath 😀',
  '𝕊𝕠𝕝𝕒𝕔𝕖',
  '🇨🇦 Canada',
  '+1 (555) 010-9999',
  'Re: Your question, again?!',
  'Back\\slash and "quotes"',
  // The direction marks (LRM, RLM, ALM) are ordinary in right-to-left text and stay.
  'שרה\u200f (Sarah)',
  '\u200eمحمد\u061c 42',
]

describe('direction controls (issue 41)', () => {
  const oneLine = oneLineText({ error: 'Name is required' }).min(1, 'Name is required').max(100)
  const multiLine = multiLineText().max(5000)

  test.each(DIRECTION_CONTROLS.map((char) => [hex(char), char]))(
    'refuses %s in one-line and multi-line text, saying what it is',
    (_name, char) => {
      expect(hasDirectionControls(`a${char}b`)).toBe(true)
      expect(isOneLineText(`a${char}b`)).toBe(false)
      expect(isMultiLineText(`a${char}b`)).toBe(false)
      for (const field of [oneLine, multiLine]) {
        for (const value of [`Ada${char}Lovelace`, `${char}Ada`, `Ada${char}`]) {
          expect(field.safeParse(value).error?.issues.map((issue) => issue.message)).toEqual([DIRECTION_CONTROL_TEXT])
        }
      }
    },
  )

  test('the reading-order trick an override makes is refused, and the text around it is not the issue', () => {
    // "Allergies: none" that reads as something else once U+202E reverses the rest.
    const trick = 'Allergies: \u202eenon\u202c, penicillin'
    expect(multiLine.safeParse(trick).error?.issues[0]?.message).toBe(DIRECTION_CONTROL_TEXT)
    expect(multiLine.parse('Allergies: none, penicillin')).toBe('Allergies: none, penicillin')
  })

  test("a field's own message stands for this refusal too; a control character beside it keeps its own words", () => {
    const phone = oneLineText({ message: 'Please enter a valid phone number' })
    expect(phone.safeParse('555\u202e0100').error?.issues[0]?.message).toBe('Please enter a valid phone number')
    expect(oneLine.safeParse('Ada\tLovelace').error?.issues[0]?.message).toBe(ONE_LINE_TEXT)
  })

  test('emails refuse them; singleLine drops them', () => {
    expect(emailField().safeParse('ada\u202e@example.com').success).toBe(false)
    expect(singleLine('Booking: \u202eagoY\u202c today')).toBe('Booking: agoY today')
  })
})

describe('one-line text', () => {
  const field = oneLineText({ error: 'Name is required' }).min(1, 'Name is required').max(100, 'Too long')

  test.each([...C0, DEL, ...C1, ...SEPARATORS].map((char) => [hex(char), char]))(
    'refuses %s in the middle of a value',
    (_name, char) => {
      expect(isOneLineText(`Ada${char}Lovelace`)).toBe(false)
      const result = field.safeParse(`Ada${char}Lovelace`)
      expect(result.success).toBe(false)
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([ONE_LINE_TEXT])
    },
  )

  test.each(LONE_SURROGATES.map((char) => [hex(char), char]))('refuses a lone surrogate %s', (_name, char) => {
    for (const value of [`a${char}b`, `${char}`, `ab${char}`]) {
      expect(field.safeParse(value).error?.issues[0]?.message).toBe(ONE_LINE_TEXT)
    }
    // Both halves of a pair, each where the other cannot complete it.
    expect(isOneLineText('\udc00\ud800')).toBe(false)
    expect(isOneLineText('😀'.slice(0, 1) + 'x')).toBe(false)
  })

  test.each(ORDINARY)('accepts %s', (value) => {
    expect(field.parse(value)).toBe(value)
  })

  test('still trims: a line break or tab pasted at either end is dropped, not refused', () => {
    expect(field.parse('  Ada Lovelace\r\n')).toBe('Ada Lovelace')
    expect(field.parse('\tAda\u2028')).toBe('Ada')
    // NUL is not white space: it is refused wherever it is.
    expect(field.safeParse('Ada\u0000').success).toBe(false)
  })

  test('a refused character is the only message (the length rule is not run too)', () => {
    const result = field.safeParse(`${'x'.repeat(200)}\n${'x'.repeat(200)}`)
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([ONE_LINE_TEXT])
    expect(field.safeParse('').error?.issues.map((issue) => issue.message)).toEqual(['Name is required'])
  })

  test("a field's own message can stand for the refusal; trimming can be turned off", () => {
    const phone = oneLineText({ message: 'Please enter a valid phone number' })
    expect(phone.safeParse('555\n0100').error?.issues[0]?.message).toBe('Please enter a valid phone number')
    expect(oneLineText({ trim: false }).parse(' a ')).toBe(' a ')
    expect(oneLineText({ error: 'Name is required' }).safeParse(undefined).error?.issues[0]?.message).toBe(
      'Name is required',
    )
  })
})

describe('multi-line text', () => {
  const field = multiLineText({ error: 'Content is required' }).min(1, 'Content is required').max(5000, 'Too long')

  test('keeps line breaks (\\n and \\r\\n) and tabs', () => {
    const text = 'First line\nSecond line\r\n\r\n\tIndented\tand tabbed'
    expect(isMultiLineText(text)).toBe(true)
    expect(field.parse(text)).toBe(text)
  })

  test('turns the Unicode line and paragraph separators into \\n', () => {
    expect(field.parse('One\u2028Two\u2029Three')).toBe('One\nTwo\nThree')
  })

  const refused = [...C0.filter((char) => !['\t', '\n', '\r'].includes(char)), DEL, ...C1]
  test.each(refused.map((char) => [hex(char), char]))('refuses %s', (_name, char) => {
    const result = field.safeParse(`Line one\n${char}line two`)
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([MULTI_LINE_TEXT])
  })

  test('refuses a carriage return that does not start a \\r\\n', () => {
    expect(field.safeParse('overwritten\rforged').error?.issues[0]?.message).toBe(MULTI_LINE_TEXT)
    expect(field.safeParse('a\r\r\nb').error?.issues[0]?.message).toBe(MULTI_LINE_TEXT)
  })

  test.each(LONE_SURROGATES.map((char) => [hex(char), char]))('refuses a lone surrogate %s', (_name, char) => {
    expect(field.safeParse(`a\n${char}b`).error?.issues[0]?.message).toBe(MULTI_LINE_TEXT)
  })

  test.each(ORDINARY)('accepts %s', (value) => {
    expect(field.parse(`${value}\n${value}`)).toBe(`${value}\n${value}`)
  })
})

describe('emails refuse the same characters', () => {
  const email = emailField()
  test.each([...C0, DEL, ...C1, ...SEPARATORS, ...LONE_SURROGATES].map((char) => [hex(char), char]))(
    '%s inside an address',
    (_name, char) => {
      expect(email.safeParse(`ada${char}@example.com`).success).toBe(false)
      expect(email.safeParse(`ada@exam${char}ple.com`).success).toBe(false)
    },
  )

  test('a header injection after the address is refused, and a plain address passes', () => {
    expect(email.safeParse('ada@example.com\r\nBcc: everyone@example.com').success).toBe(false)
    expect(email.safeParse('ada@example.com\u0000').success).toBe(false)
    expect(email.parse(' Ada@Example.com ')).toBe('ada@example.com')
  })
})

describe('singleLine', () => {
  test('each run of refused characters becomes one space; the ends are trimmed', () => {
    expect(singleLine('Booking confirmed: Yoga\r\nBcc: x@example.com')).toBe(
      'Booking confirmed: Yoga Bcc: x@example.com',
    )
    expect(singleLine('\u0000a\u0085\u2028b\ud800 ')).toBe('a b')
    expect(singleLine('Zoë 😀 山田')).toBe('Zoë 😀 山田')
  })
})
