import { useTranslation } from 'react-i18next'
import { translateMessage, type Message } from '~/lib/i18n/message'
import type { TFunction } from 'i18next'

/**
 * The booking screens' words: `t` for the `booking` catalogue, and `say` for a model's message
 * (a catalogue key with its values, app/lib/i18n/message.ts) in the page's language; text that
 * is not a key (a person's words, another library's) comes back as it is.
 */
export function useBookingWords() {
  const { t } = useTranslation('booking')
  const say = (message: Message) => translateMessage(t as unknown as TFunction, message)
  return { t, say }
}
