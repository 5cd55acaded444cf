import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { safeRedirect } from './safe-redirect'

const SITE = 'https://solace.example'
const FALLBACK = '/home'

/**
 * Where a browser on this site goes with `Location: <to>`, and whether that is all right: on
 * this site, a header value the Fetch API accepts (a ByteString, printable ASCII here), and
 * already in the form the browser reads it (so nothing that reads it again, a client-side
 * router, a proxy, the next redirect, can take it anywhere else).
 */
function problemsOf(to: string) {
  const problems: string[] = []
  const landed = new URL(to, SITE)
  if (landed.origin !== SITE) problems.push(`leaves the site for ${landed.origin}`)
  if (`${landed.pathname}${landed.search}${landed.hash}` !== to) {
    problems.push(`is read as ${landed.pathname}${landed.search}${landed.hash}`)
  }
  if (!/^[\x21-\x7e]+$/.test(to)) problems.push('is not printable ASCII')
  try {
    if (new Headers({ Location: to }).get('Location') !== to) problems.push('is changed by Headers')
  } catch {
    problems.push('is refused by Headers')
  }
  return problems
}

describe('ordinary paths are kept, query and fragment included', () => {
  test.each([
    '/',
    '/services/3?date=2026-12-01',
    '/services/3?date=2026-12-01&slot=41',
    '/practitioners/4?review=1#reviews',
    '/client-inbox?with=12&cursor=2026-11-22T10%3A00%3A00.000Z_9',
    '/services?q=yoga%20nidra&page=2',
    '/@solace',
  ])('%s', (path) => {
    expect(safeRedirect(path, FALLBACK)).toBe(path)
  })

  test('non-ASCII is answered percent-escaped, as the browser would send it', () => {
    expect(safeRedirect('/café', FALLBACK)).toBe('/caf%C3%A9')
    expect(safeRedirect('/日本?q=日本#日本', FALLBACK)).toBe(
      '/%E6%97%A5%E6%9C%AC?q=%E6%97%A5%E6%9C%AC#%E6%97%A5%E6%9C%AC',
    )
  })

  test('what the browser drops or resolves is answered resolved', () => {
    expect(safeRedirect('/services/\t3', FALLBACK)).toBe('/services/3')
    expect(safeRedirect('/\nx', FALLBACK)).toBe('/x')
    expect(safeRedirect('/services/./3/../4', FALLBACK)).toBe('/services/4')
    expect(safeRedirect('  /services ', FALLBACK)).toBe('/services')
  })
})

describe('known ways off the site fall back', () => {
  test.each([
    '//evil.test',
    '/\\evil.test',
    '\\/evil.test',
    '\\\\evil.test',
    '/./\\evil.test',
    '/.//evil.test',
    '/..//evil.test',
    '/../\\evil.test',
    '/%2e%2e//evil.test',
    '/.//',
    '/%2e%2e//',
    '/\t/evil.test',
    '/\n/evil.test',
    '/\r\n/evil.test',
    '\t//evil.test',
    ' //evil.test',
    '\u0000//evil.test',
    'https://evil.test',
    'https:evil.test',
    'http:evil.test',
    'http:/evil.test',
    'http://solace.invalid/x',
    '//solace.invalid/x',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'evil.test',
    'evil',
    '?next=1',
    '#top',
    '',
    null,
    undefined,
  ])('%j', (value) => {
    expect(safeRedirect(value, FALLBACK)).toBe(FALLBACK)
  })

  test('an escaped slash or backslash stays escaped: a path on this site, never decoded into a host', () => {
    for (const path of ['/%5Cevil.test', '/%5cevil.test', '/%2fevil.test', '/%2F%2Fevil.test', '/%5C%5Cevil.test']) {
      expect(safeRedirect(path, FALLBACK)).toBe(path)
      expect(problemsOf(path)).toEqual([])
    }
  })

  test('a File is not an address', () => {
    expect(safeRedirect(new File(['/services'], 'x.txt'), FALLBACK)).toBe(FALLBACK)
  })
})

/** Pieces that have led browsers off a site, in any order. */
const piece = fc.constantFrom(
  '/',
  '\\',
  '.',
  '..',
  '%2f',
  '%2F',
  '%5c',
  '%5C',
  '%2e',
  '%2e%2e',
  '\t',
  '\n',
  '\r',
  ' ',
  '\u0000',
  '\u001f',
  '\u007f',
  '\u00a0',
  '\u3000',
  '\ufeff',
  '@',
  ':',
  '?',
  '#',
  '%',
  'evil.test',
  'solace.invalid',
  'http:',
  'https:',
  'javascript:',
  'é',
  'ÿ',
  '日本',
  '😀',
  '\ud800',
)
const mixes = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(''))
const candidates = fc.oneof(
  { weight: 4, arbitrary: mixes },
  { weight: 1, arbitrary: mixes.map((rest) => `/${rest}`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.webUrl().map((url) => url.replace(/^https?:\/\/[^/]+/, '')) },
)

describe('whatever comes in, what goes out stays home', () => {
  test('resolved against the site it stays there, reads as itself, and is a valid Location header', () => {
    fc.assert(
      fc.property(candidates, (candidate) => {
        const answer = safeRedirect(candidate, FALLBACK)
        expect(problemsOf(answer), `safeRedirect(${JSON.stringify(candidate)}) = ${JSON.stringify(answer)}`).toEqual([])
      }),
      // A fixed seed: the suite's result never depends on the draw.
      { numRuns: 5_000, seed: 20261125 },
    )
  })

  test('an answer given once is given again unchanged', () => {
    fc.assert(
      fc.property(candidates, (candidate) => {
        const answer = safeRedirect(candidate, FALLBACK)
        expect(safeRedirect(answer, 'never')).toBe(answer)
      }),
      { numRuns: 2_000, seed: 20261125 },
    )
  })
})
