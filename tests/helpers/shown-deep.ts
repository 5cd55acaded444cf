import type { Language } from '~/lib/i18n/languages'
import { isMessageKey } from '~/lib/i18n/message'
import { shown } from './i18n'

/**
 * A screen action's answer (its form errors, its toast) or a toast read from its cookie with
 * every message in it (a catalogue key, app/lib/i18n/message.ts) put in `language`, as the page
 * shows them: what the spec's English texts are compared with. Other values are left as they are.
 */
export function allShown<T>(value: T, language: Language = 'en'): T {
  if (typeof value === 'string') return (isMessageKey(value) ? shown(value, language) : value) as T
  if (Array.isArray(value)) return value.map((item: unknown) => allShown(item, language)) as T
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, allShown(item, language)])) as T
  }
  return value
}

/** The same in English. */
export const allInEnglish = <T>(value: T) => allShown(value, 'en')

/** The same in French. */
export const allInFrench = <T>(value: T) => allShown(value, 'fr')
