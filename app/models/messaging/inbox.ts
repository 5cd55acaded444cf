/**
 * The inboxes' addresses. Kept apart from message.ts, whose form schema brings zod: the unread
 * badge in every page's header needs only these, and public pages then load no zod at all.
 */
export const CLIENT_INBOX_PATH = '/client-inbox'
export const PRACTITIONER_INBOX_PATH = '/practitioner/inbox'

/** The inbox of a person, opened on the conversation with `withId` when given (`?with=<id>`). */
export function inboxPath(person: { isPractitioner: boolean }, withId?: number) {
  const path = person.isPractitioner ? PRACTITIONER_INBOX_PATH : CLIENT_INBOX_PATH
  return withId === undefined ? path : `${path}?with=${withId}`
}

/**
 * The conversation an inbox address opens (`?with=<id>` on either inbox), or null for any
 * other page: the root loader leaves it out of the unread badge when opening it reads it
 * (`opensConversationAsRead` in inbox.server.ts).
 */
export function conversationOpenedBy(url: URL) {
  if (url.pathname !== CLIENT_INBOX_PATH && url.pathname !== PRACTITIONER_INBOX_PATH) return null
  const value = url.searchParams.get('with') ?? ''
  const id = /^\d{1,15}$/.test(value) ? Number(value) : 0
  return Number.isSafeInteger(id) && id > 0 ? id : null
}
