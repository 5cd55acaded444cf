import { allTexts, literalParts, NAMESPACES, readCatalogue, type Language } from './catalogue-entries'
import { collapse, type PageText } from './page-text'
import type { UserContent } from './user-content'

/**
 * Finds, in a page's text, what is not in the page's language (tests/languages/languages.test.ts):
 * a catalogue key shown raw; another language's catalogue text (a value that differs between the
 * two, or a fixed part of it between its placeholders); that language's everyday words, which
 * never appear in the page's own; its dates and times. What people wrote is taken out first.
 */

/**
 * Words shown as they are in both languages: the brand, the languages' own names on the switch,
 * proper names. Nothing else goes here (a word the same in both languages is found in both
 * catalogues and needs no entry).
 */
export const ALLOWED = ['Solace', 'English', 'Français']

const ALLOWED_WORDS = new RegExp(`(?<![\\p{L}])(${ALLOWED.join('|')})(?![\\p{L}])`, 'gu')

/** Everyday words of one language never written in the other, as whole words. */
const OWN_WORDS: Record<Language, Set<string>> = {
  en: new Set(
    [
      'the your yours you and with please this that these those for from our is was were will have has been',
      "what when where which who here there about into would should could not don’t can’t won’t it’s don't can't won't it's",
    ]
      .join(' ')
      .split(' '),
  ),
  fr: new Set(
    [
      'vous votre vos les des avec pour dans une aucun aucune être cette nous leur leurs aux très déjà aujourd’hui',
      'séance séances réservation réservations réserver praticien praticiens praticienne courriel paramètres',
    ]
      .join(' ')
      .split(' '),
  ),
}

/** Dates and times written the other language's way (a format that missed the page's language). */
const OWN_FORMATS: Record<Language, RegExp[]> = {
  en: [
    /\b(January|February|April|June|July|August|September|October|November|December)\b/,
    /\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b/,
    /\b(Jan|Feb|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.? \d{1,2}\b/,
    /\b\d{1,2}(:\d{2})? ?(AM|PM|a\.m\.|p\.m\.)(?![\p{L}])/u,
  ],
  fr: [
    /(?<![\p{L}])(janvier|février|avril|juin|juillet|août|septembre|octobre|novembre|décembre)(?![\p{L}])/iu,
    /(?<![\p{L}])(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)(?![\p{L}])/iu,
    /\b\d{1,2} h \d{2}\b/,
  ],
}

/** French elisions (l’heure, d’une, qu’il): no English word starts so. */
const ELISION = /(?<![\p{L}])(l|d|j|qu|n|s|c|m|t)[’'](?=\p{L})/iu

/** Addresses, emails and time zones' names (America/Toronto): identifiers, the same in any language. */
const IDENTIFIERS =
  /\bhttps?:\/\/\S+|[\w.+-]+@[\w-]+(\.[\w-]+)+|\b(Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)\/[\w+\-/]+/g

export type Finding = { text: string; why: string; run: string }

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}’']+/gu) ?? []
const otherOf = (language: Language): Language => (language === 'en' ? 'fr' : 'en')
const NAME = { en: 'English', fr: 'French' } as const
const TRIM = /^[\s.,:;!?()[\]«»"“”'’·•—–\-…/|*]+|[\s.,:;!?()[\]«»"“”'’·•—–\-…/|*]+$/gu

/** Where `phrase` (lower case) stands in `lower` as whole words. */
function standsIn(lower: string, phrase: string) {
  for (let at = lower.indexOf(phrase); at >= 0; at = lower.indexOf(phrase, at + 1)) {
    const before = lower.slice(0, at).match(/[\p{L}\p{N}]$/u)
    const after = lower.slice(at + phrase.length).match(/^[\p{L}\p{N}]/u)
    if (!before && !after) return true
  }
  return false
}

/** Every word a language's catalogues use, in lower case (not the names of the values they take). */
const vocabulary = (language: Language) =>
  new Set([...allTexts(language).values()].flatMap((text) => literalParts(text).flatMap(wordsOf)))

/**
 * The other language's catalogue texts a page in `language` must not show, each under its first
 * word: every part of a value that differs between the two languages, with four letters or more,
 * and not a word or a phrase the page's own catalogues use too ("Message", "Description").
 */
function foreignPhrases(language: Language) {
  const mine = allTexts(language)
  const ownWords = vocabulary(language)
  const ownLower = [...mine.values()].map((text) => literalParts(text).join(' ¦ ').toLowerCase())
  const allowed = new Set(ALLOWED.map((word) => word.toLowerCase()))
  const phrases = new Map<string, { phrase: string; key: string }[]>()
  for (const [key, value] of allTexts(otherOf(language))) {
    if (mine.get(key) === value) continue
    for (const part of literalParts(value)) {
      // As a page's run is checked: the allowed words out.
      const phrase = collapse(part.replace(ALLOWED_WORDS, ' ')).replace(TRIM, '').toLowerCase()
      if ((phrase.match(/\p{L}/gu) ?? []).length < 4 || allowed.has(phrase)) continue
      if (!/\s/.test(phrase) && ownWords.has(phrase)) continue
      if (/\s/.test(phrase) && ownLower.some((text) => text.includes(phrase))) continue
      const first = wordsOf(phrase)[0]!
      phrases.set(first, [...(phrases.get(first) ?? []), { phrase, key }])
    }
  }
  return phrases
}

/** The first-level keys of every catalogue: `titles.home` shown as is is a key, not a text. */
function topLevelKeys() {
  const keys = new Set<string>()
  for (const ns of NAMESPACES) for (const key of Object.keys(readCatalogue('en', ns) ?? {})) keys.add(key)
  return keys
}

const RAW_KEY = new RegExp(
  `(?<![\\p{L}\\p{N}_.\\/@-])(?:(?:${NAMESPACES.join('|')}):[A-Za-z][\\w.]*|([a-z][A-Za-z0-9]*)(?:\\.[A-Za-z0-9_]+)+)`,
  'gu',
)

/** A run of a page's text as it is checked: without what people wrote, identifiers, or the allowed words. */
export function checkedPart(written: Pick<UserContent, 'strip'>, run: string) {
  return collapse(written.strip(run).replace(IDENTIFIERS, ' ').replace(ALLOWED_WORDS, ' '))
}

/** A checker for pages in `language`, which takes what people wrote out first. */
export function foreignTextFinder(language: Language, written: Pick<UserContent, 'strip'>) {
  const phrases = foreignPhrases(language)
  const topLevel = topLevelKeys()
  const other = otherOf(language)
  // Less any the page's own catalogues use after all (a name quoted in a French sentence).
  const ownWords = vocabulary(language)
  const otherWords = new Set([...OWN_WORDS[other]].filter((word) => !ownWords.has(word)))

  function inRun(original: string): Finding[] {
    const run = checkedPart(written, original)
    if (!run) return []
    // A zone as the zone picker names it (the zone database's city, 'Warsaw (UTC+01:00)'): a
    // proper name, as the same-text check also holds.
    if (ZONE_NAME.test(run)) return []
    const found: Finding[] = []
    const note = (text: string, why: string) => found.push({ text, why, run: original })
    for (const match of run.matchAll(RAW_KEY)) {
      if (!match[1] || topLevel.has(match[1])) note(match[0], 'a catalogue key shown raw')
    }
    const lower = run.toLowerCase()
    const words = new Set(wordsOf(run))
    for (const word of words) {
      if (otherWords.has(word)) note(word, `${NAME[other]} word`)
      // One finding per phrase, naming the first of the texts it is part of.
      const keys = new Map<string, string[]>()
      for (const { phrase, key } of phrases.get(word) ?? []) {
        if (standsIn(lower, phrase)) keys.set(phrase, [...(keys.get(phrase) ?? []), key])
      }
      for (const [phrase, [key, ...more]] of keys) {
        note(phrase, `${NAME[other]} text of ${key}${more.length ? ` (and ${more.length} more)` : ''}`)
      }
    }
    if (language === 'en' && ELISION.test(run)) note(ELISION.exec(run)![0], 'French elision')
    for (const format of OWN_FORMATS[other]) {
      const match = format.exec(run)
      if (match) note(match[0], `a date or time written in ${NAME[other]}`)
    }
    return found
  }

  return function findings(page: PageText) {
    return page.texts.flatMap(inRun)
  }
}

/**
 * A time zone's name (America/Toronto) or the zone picker's label of one (Toronto (UTC−05:00)):
 * a place's name from the zone database, a proper name.
 */
const ZONE_NAME = /^[A-Z][A-Za-z]+(\/[A-Za-z_+-]+)+$|^[\p{L}\p{M} .'’_/-]+ \(UTC([+−-]\d{2}:\d{2})?\)$/u

/** A code to type (an authenticator app's key in groups, 'DJ3J 57OP EHCN UELT'): no words. */
const TYPED_CODE = /^[A-Z0-9]{4}( [A-Z0-9]{4})+$/

/**
 * What a page shows the same in English and in French: text nobody translated, unless every
 * word of it (three letters or more) is one both languages' catalogues use ("Notifications",
 * "Total"), a zone's name, or has no words at all (a number, a price, a date in digits).
 * Both runs are taken as checked (`checkedPart`).
 */
export function unchangedTextFinder(written: Pick<UserContent, 'strip'>) {
  const french = vocabulary('fr')
  const shared = new Set([...vocabulary('en')].filter((word) => french.has(word)))
  const translatable = (run: string) =>
    !ZONE_NAME.test(run) &&
    !TYPED_CODE.test(run) &&
    (run.match(/[\p{L}’']{3,}/gu) ?? []).some((word) => !shared.has(word.toLowerCase()))
  return function findings(english: PageText, inFrench: PageText): Finding[] {
    const checked = (page: PageText) => new Map(page.texts.map((run) => [checkedPart(written, run), run]))
    const englishRuns = checked(english)
    return [...checked(inFrench)]
      .filter(([part]) => part && englishRuns.has(part) && translatable(part))
      .map(([part, run]) => ({ text: part, why: 'the same in English and in French', run }))
  }
}
