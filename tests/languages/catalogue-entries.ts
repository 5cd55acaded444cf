import fs from 'node:fs'
import path from 'node:path'
import { LANGUAGES, NAMESPACES, type Language, type Namespace } from '~/lib/i18n/languages'

/**
 * The catalogues as the tests read them (app/locales/<language>/<namespace>.json, straight from
 * the files): every text as one entry, its full key `ns:a.b.c` with its value.
 */

export const LOCALES_DIR = path.resolve(import.meta.dirname, '../../app/locales')

export type Entry = { key: string; value: unknown }

/** A catalogue file's JSON, or undefined when there is no such file. */
export function readCatalogue(language: Language, ns: string): Record<string, unknown> | undefined {
  const file = path.join(LOCALES_DIR, language, `${ns}.json`)
  if (!fs.existsSync(file)) return undefined
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>
}

/** Every leaf of a catalogue, `ns:a.b.c` → its value (a leaf may be anything but an object). */
export function entriesOf(ns: string, catalogue: Record<string, unknown>): Entry[] {
  const entries: Entry[] = []
  const walk = (node: unknown, at: string[]) => {
    if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
      for (const [name, child] of Object.entries(node)) walk(child, [...at, name])
    } else entries.push({ key: `${ns}:${at.join('.')}`, value: node })
  }
  walk(catalogue, [])
  return entries
}

/** Every text of every namespace in one language, full key → value. */
export function allTexts(language: Language): Map<string, string> {
  const texts = new Map<string, string>()
  for (const ns of NAMESPACES) {
    for (const { key, value } of entriesOf(ns, readCatalogue(language, ns) ?? {})) {
      if (typeof value === 'string') texts.set(key, value)
    }
  }
  return texts
}

/** The `{{name}}` values a text takes (`{{count, number}}` is `count`), and the `$t(...)` it nests. */
export function placeholdersOf(text: string) {
  const names = [...text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((m) => `{{${m[1]}}}`)
  const nested = [...text.matchAll(/\$t\(([^),]+)/g)].map((m) => `$t(${m[1]!.trim()})`)
  return [...new Set([...names, ...nested])].sort()
}

/** The `<link>…</link>` and `<br/>` a `<Trans>` text wraps its parts in, by name. */
export function tagsOf(text: string) {
  return [...new Set([...text.matchAll(/<\/?\s*([\w-]+)\s*\/?>/g)].map((m) => m[1]!))].sort()
}

/**
 * The fixed words of a text: the runs of it between its placeholders and tags, as a reader sees
 * them around the values put in.
 */
export function literalParts(text: string) {
  return text
    .split(/\{\{[^}]*\}\}|<\/?\s*[\w-]+\s*\/?>|\$t\([^)]*\)/)
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
}

export { LANGUAGES, NAMESPACES, type Language, type Namespace }
