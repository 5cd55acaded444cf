import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { translateMessage, type Message } from '~/lib/i18n/message'
import type { TFunction } from 'i18next'

/**
 * The room's words in the page's language: `t` for the room's catalogue, and `say` for what
 * arrives as a message (app/lib/i18n/message.ts): ROOM_TEXT's, a verdict of the check before the
 * call, a refusal the server already worded in the reader's language (shown as it is).
 */
export function useRoomText() {
  const { t } = useTranslation('room')
  const say = useCallback((message: Message) => translateMessage(t as unknown as TFunction, message), [t])
  return { t, say }
}
