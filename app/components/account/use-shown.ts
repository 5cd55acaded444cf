import { useTranslation } from 'react-i18next'
import { translateMessage, type Message } from '~/lib/i18n/message'

/**
 * A model's message (a catalogue key with its values, app/lib/i18n/message.ts) in the page's
 * language, for a component that shows one itself rather than through a form's error list or
 * the toaster. The key names its namespace, which the component showing it has loaded.
 */
export function useShown() {
  const { t } = useTranslation()
  return (message: Message) => translateMessage(t, message)
}
