import { useTranslation } from 'react-i18next'
import { translateMessage, type Message } from '~/lib/i18n/message'
import type { TFunction } from 'i18next'

/**
 * A model's text (a catalogue key with its values, app/lib/i18n/message.ts: the AI tab's fixed
 * texts, a note category) in the page's language; words that are not a key come back as they are.
 */
export function useSay() {
  const { i18n } = useTranslation('records')
  return (message: Message) => translateMessage(i18n.t as TFunction, message)
}
