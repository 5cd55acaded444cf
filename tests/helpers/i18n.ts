import { tFor } from '~/lib/i18n/i18n.server'
import type { Language } from '~/lib/i18n/languages'
import { translateMessage, type Message } from '~/lib/i18n/message'
import type { TFunction } from 'i18next'

/** A model's message (a catalogue key with its values) as a reader of `language` sees it. */
export function shown(message: Message, language: Language = 'en') {
  return translateMessage(tFor(language) as TFunction, message)
}

/** The same, in English: what the spec's texts are compared with. */
export const inEnglish = (message: Message) => shown(message, 'en')

/** The same, in French. */
export const inFrench = (message: Message) => shown(message, 'fr')
