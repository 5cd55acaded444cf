/**
 * The inbox's URL state (client-safe): which conversation is open (`with`), the page of the
 * conversation list (`cursor`), the page of the thread (`before` / `after`), and the dialogs
 * (`reply=<messageId>` or `reply=new`, `delete=<messageId>`). Everything is a link, so the
 * inbox works without JavaScript.
 */

export const REPLY_INTENT = 'reply'
export const DELETE_INTENT = 'delete'
/** The page marks the open conversation read (with JavaScript, once shown), when its loader did not. */
export const MARK_READ_INTENT = 'mark-read'
/** `reply=new`: a message that answers no message in particular (or the first of a conversation). */
export const NEW_MESSAGE = 'new'

export type InboxState = {
  with?: number | null
  cursor?: string | null
  before?: string | null
  after?: string | null
  reply?: number | string | null
  delete?: number | null
}

export function inboxHref(base: string, state: InboxState = {}) {
  const params = new URLSearchParams()
  for (const key of ['with', 'cursor', 'before', 'after', 'reply', 'delete'] as const) {
    const value = state[key]
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value))
  }
  const query = params.toString()
  return query ? `${base}?${query}` : base
}

/**
 * The end of the open conversation (after its composer): opening a conversation or sending a
 * message goes to `#latest`, so the browser, with or without JavaScript, scrolls the page until
 * the newest messages and the composer are on screen, as a chat opens.
 */
export const LATEST_ANCHOR = 'latest'

export function atLatest(href: string) {
  return `${href}#${LATEST_ANCHOR}`
}

/* What the inbox loader answers (shapes the view renders; instants already formatted). */

export type InboxPerson = {
  id: number
  name: string
  photo: string | null
  isPractitioner: boolean
  isDeleted: boolean
}

export type InboxConversation = {
  other: InboxPerson
  subject: string
  time: string
  iso: string
  fromMe: boolean
  unreadCount: number
  href: string
  selected: boolean
}

export type InboxMessage = {
  id: number
  fromMe: boolean
  sender: string
  time: string
  iso: string
  subject: string
  content: string
  /** Unread until this page opened it. */
  isNew: boolean
  replyHref: string | null
  deleteHref: string
}

export type InboxThread = {
  other: InboxPerson
  canReply: boolean
  messages: InboxMessage[]
  olderHref: string | null
  newerHref: string | null
  /** What the composer under the thread sends: an answer to the last message shown; null when I may not write. */
  composer: InboxReply | null
}

export type InboxReply = {
  recipientId: number
  recipientName: string
  isReplyTo: number | null
  subject: string
  /** The subject of the message answered, shown in the dialog. */
  original: string | null
}

export type InboxPageData = {
  base: string
  timeZone: string
  conversations: InboxConversation[]
  moreHref: string | null
  firstPageHref: string | null
  withId: number | null
  thread: InboxThread | null
  /** The open conversation's address (where the dialogs close to). */
  here: string
  replying: InboxReply | null
  deleting: { id: number; subject: string } | null
  /**
   * The open conversation has messages to me the loader left unread (it never writes for a
   * data request or a page load another site started): the page posts MARK_READ_INTENT for
   * `withId` once the thread is shown.
   */
  markRead: boolean
}
