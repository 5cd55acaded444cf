import { translateMessage } from '~/lib/i18n/message'
import type { TFunction } from 'i18next'

/**
 * A session's client as the dashboard names them: their name as written, or, once they deleted
 * their account, FORMER_CLIENT (a message, app/models/practice/dashboard.server.ts) in the page's
 * language. A real name always has a space in it, so it is never read as a message.
 */
export function shownClientName(t: TFunction<'practice'>, name: string) {
  return translateMessage(t as unknown as TFunction, name)
}
