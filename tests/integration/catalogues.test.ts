import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { CATALOGUES } from '~/lib/i18n/catalogues.server'
import {
  entriesOf,
  LANGUAGES,
  literalParts,
  LOCALES_DIR,
  NAMESPACES,
  placeholdersOf,
  readCatalogue,
  tagsOf,
  type Language,
} from '../languages/catalogue-entries'

/**
 * The catalogues (app/locales/<language>/<namespace>.json, docs/decisions/052-languages.md): both
 * languages say the same things with the same values put in, none is left empty or untranslated,
 * and the server and the types read every file there is.
 */

const APP_DIR = path.resolve(import.meta.dirname, '../../app')

/**
 * Words spelled the same in French and in English: a French text made of these alone (and of
 * the values put in, numbers and punctuation) may be its English one. Keep it short: a word
 * here is never checked for a translation.
 */
const SAME_IN_BOTH = new Set(
  [
    'Solace Notification Notifications Message Messages Conversations Service Services Client Clients',
    'Patient Patients Contact Total Date Type Source Actions Format Code Net Image PDF CVC Page Pagination',
    'Minutes Notes Documents Allergies Microphone Profession Menu Mobile Site Yoga Pilates Reiki Nutrition',
    'Acupuncture',
  ]
    .join(' ')
    .toLowerCase()
    .split(' '),
)

/** Texts that are proper names, the same in both languages: countries' and places' names. */
const PROPER_NAMES = /^[a-z]+:(.+\.)?(countries|regions)\.[^.]+$/

const catalogue = (language: Language, ns: string) => readCatalogue(language, ns) ?? {}

const entries = (language: Language, ns: string) => entriesOf(ns, catalogue(language, ns))

/** Each text with its two values, for every namespace. */
function pairs() {
  return NAMESPACES.flatMap((ns) => {
    const french = new Map(entries('fr', ns).map((entry) => [entry.key, entry.value]))
    return entries('en', ns).map(({ key, value }) => ({ key, en: value, fr: french.get(key) }))
  })
}

describe('the catalogue files', () => {
  test('one folder per language, each with one file per namespace and nothing else', () => {
    expect(fs.readdirSync(LOCALES_DIR).sort()).toEqual([...LANGUAGES].sort())
    for (const language of LANGUAGES) {
      const files = fs.readdirSync(path.join(LOCALES_DIR, language)).sort()
      expect(files, `app/locales/${language}`).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort())
    }
  })

  test('the server holds every file, each under its own language and namespace', () => {
    const source = fs.readFileSync(path.join(APP_DIR, 'lib/i18n/catalogues.server.ts'), 'utf8')
    for (const language of LANGUAGES) {
      expect(Object.keys(CATALOGUES[language]).sort(), language).toEqual([...NAMESPACES].sort())
      for (const ns of NAMESPACES) {
        expect(source, `${language}/${ns}.json imported`).toContain(`'~/locales/${language}/${ns}.json'`)
        expect(CATALOGUES[language][ns], `CATALOGUES.${language}.${ns} is ${language}/${ns}.json`).toEqual(
          catalogue(language, ns),
        )
      }
    }
  })

  test('every namespace is a type for t() (the English catalogues are the keys’ types)', () => {
    const types = fs.readFileSync(path.join(APP_DIR, 'lib/i18n/i18next.d.ts'), 'utf8')
    for (const ns of NAMESPACES) {
      expect(types, ns).toContain(`'~/locales/en/${ns}.json'`)
      expect(types, ns).toMatch(new RegExp(`^\\s+${ns}: typeof en\\w+$`, 'm'))
    }
  })
})

describe('the two languages', () => {
  test('have exactly the same keys in every namespace', () => {
    const problems: string[] = []
    for (const ns of NAMESPACES) {
      const english = new Set(entries('en', ns).map((entry) => entry.key))
      const french = new Set(entries('fr', ns).map((entry) => entry.key))
      for (const key of english) if (!french.has(key)) problems.push(`missing in French: ${key}`)
      for (const key of french) if (!english.has(key)) problems.push(`missing in English: ${key}`)
    }
    expect(problems).toEqual([])
  })

  test('every value is a text that says something', () => {
    const problems: string[] = []
    for (const language of LANGUAGES) {
      for (const ns of NAMESPACES) {
        for (const { key, value } of entries(language, ns)) {
          if (typeof value !== 'string') problems.push(`${language} ${key}: ${JSON.stringify(value)} is not a text`)
          else if (!value.trim()) problems.push(`${language} ${key}: empty`)
        }
      }
    }
    expect(problems).toEqual([])
  })

  test('each pair takes the same {{placeholders}} and wraps the same tags', () => {
    const problems: string[] = []
    for (const { key, en, fr } of pairs()) {
      if (typeof en !== 'string' || typeof fr !== 'string') continue
      const listed = (items: string[]) => items.join(' ') || 'none'
      // The singular of a plural may say "the last day" for "the last {{count}} day".
      const values = (text: string) =>
        placeholdersOf(text).filter((name) => !(name === '{{count}}' && /_(zero|one)$/.test(key)))
      if (values(en).join() !== values(fr).join()) {
        problems.push(`${key}: ${listed(placeholdersOf(en))} in English, ${listed(placeholdersOf(fr))} in French`)
      }
      const tags = (text: string) => tagsOf(text).map((tag) => `<${tag}>`)
      if (tagsOf(en).join() !== tagsOf(fr).join()) {
        problems.push(`${key}: tags ${listed(tags(en))} in English, ${listed(tags(fr))} in French`)
      }
    }
    expect(problems).toEqual([])
  })

  test('no French text is its English one, but for words the same in both and proper names', () => {
    const sameInBoth = (text: string) =>
      literalParts(text).every((part) =>
        (part.match(/\p{L}+/gu) ?? []).every((word) => SAME_IN_BOTH.has(word.toLowerCase())),
      )
    const untranslated = pairs()
      .filter(({ en, fr }) => typeof en === 'string' && en === fr)
      .filter(({ key, en }) => !PROPER_NAMES.test(key) && !sameInBoth(en as string))
      .map(({ key, en }) => `${key}: ${JSON.stringify(en)}`)
    expect(untranslated).toEqual([])
  })

  test('French texts follow Quebec typography: ’ for the apostrophe, a no-break space before « : » and inside « »', () => {
    const problems: string[] = []
    for (const ns of NAMESPACES) {
      for (const { key, value } of entries('fr', ns)) {
        if (typeof value !== 'string') continue
        // The words between the values put in, their spaces as they are (no-break ones included).
        for (const part of value.split(/\{\{[^}]*\}\}|<\/?\s*[\w-]+\s*\/?>/)) {
          if (/\p{L}'\p{L}/u.test(part)) problems.push(`${key}: a straight apostrophe in ${JSON.stringify(part)}`)
          if (/[^\u00a0\u202f]:(\s|$)/.test(part)) problems.push(`${key}: « : » without a no-break space before it`)
          if (/«[^\u00a0\u202f]|[^\u00a0\u202f]»/.test(part))
            problems.push(`${key}: « » without no-break spaces inside`)
        }
      }
    }
    expect(problems).toEqual([])
  })
})
