import { DEFAULT_LANGUAGE, isLanguage, type Language } from '~/lib/i18n/languages'
import { translateMessage, type Message } from '~/lib/i18n/message'
import type { TFunction } from 'i18next'

/**
 * The language of the page a route's `meta` belongs to (the root's data says it), as `metaT`
 * finds it: for a meta tag that is not a catalogue text, such as a service's description.
 */
export function metaLanguage(matches: readonly { id: string; data?: unknown }[]): Language {
  const root = matches.find((match) => match.id === 'root')?.data as { language?: unknown } | undefined
  return isLanguage(root?.language) ? root.language : DEFAULT_LANGUAGE
}

/**
 * A model's message (app/lib/i18n/message.ts) with the `t` of any namespace: the message names
 * its own. The component asks `useTranslation` for the message's namespace first (`namespacesOf`).
 */
export function shownMessage(t: unknown, message: Message) {
  return translateMessage(t as TFunction, message)
}
