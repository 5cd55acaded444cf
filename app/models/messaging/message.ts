import { z } from 'zod'
import { msg, type Message } from '~/lib/i18n/message'
import { multiLineText, oneLineText } from '~/lib/plain-text'

/**
 * Messaging, the client-safe half: the form rules, the shapes the model answers, the texts, and
 * the pure rule of who may write to whom (docs/decisions/018-messaging.md). Queries and writes
 * are in message.server.ts, conversations.server.ts and message-emails.server.ts.
 */

const RECIPIENT_REQUIRED = msg('messaging:errors.recipientRequired')
const SUBJECT_REQUIRED = msg('messaging:errors.subjectRequired')
const CONTENT_TOO_SHORT = msg('messaging:errors.contentTooShort')

/** A positive whole number given as a number or a string; '' and null mean "none". */
const optionalId = (message: Message) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce.number({ error: message }).int(message).positive(message).optional(),
  )

/**
 * Message rules (subject required, content at least 10 characters), shared by the "Ask a
 * Question" card, the reply dialog and POST /api/messages. `isReplyTo` (optional) names the
 * message being answered; the model checks it belongs to the same conversation.
 */
export const MessageSchema = z.object({
  recipientId: z.coerce.number({ error: RECIPIENT_REQUIRED }).int().positive(RECIPIENT_REQUIRED),
  subject: oneLineText({ error: SUBJECT_REQUIRED })
    .min(1, SUBJECT_REQUIRED)
    .max(200, msg('messaging:errors.subjectTooLong')),
  content: multiLineText({ error: CONTENT_TOO_SHORT })
    .min(10, CONTENT_TOO_SHORT)
    .max(5000, msg('messaging:errors.contentTooLong')),
  isReplyTo: optionalId(msg('messaging:errors.replyIdInvalid')),
})

/** The profile's "Ask a Question" card: the recipient is the profile being viewed, taken from the URL. */
export const QuestionSchema = MessageSchema.omit({ recipientId: true })

export type MessageInput = z.output<typeof MessageSchema>

export const SUBJECT_MAX_LENGTH = 200

/**
 * The reply dialog's default subject: 'Re: ' and the original subject, or 'Re: Message' when it
 * has none. A subject that already starts with 'Re: ' is kept as it is (no 'Re: Re: ').
 */
export function replySubject(original: string | null | undefined) {
  const subject = original?.trim() || 'Message'
  return (/^re:\s/i.test(subject) ? subject : `Re: ${subject}`).slice(0, SUBJECT_MAX_LENGTH)
}

/* Texts: catalogue keys, shown in the reader's language. */

export const CANNOT_MESSAGE_SELF = msg('messaging:errors.cannotMessageSelf')
/** An unknown id, an admin, or a member the sender has no reason to know (status 404). */
export const RECIPIENT_NOT_FOUND = msg('messaging:errors.recipientNotFound')
export const ADMINS_DO_NOT_MESSAGE = msg('messaging:errors.adminsDoNotMessage')
/** A practitioner writing to another practitioner they have no conversation or session with (403). */
export const PRACTITIONER_MAY_NOT_MESSAGE = msg('messaging:errors.practitionerMayNotMessage')
export const REPLY_NOT_IN_CONVERSATION = msg('messaging:errors.replyNotInConversation')
/** Unknown, someone else's, or already deleted from my view (status 404). */
export const MESSAGE_NOT_FOUND = msg('messaging:errors.messageNotFound')
/** The Ask a Question card's failure toast title, over the server's reason (spec §8). */
export const SEND_MESSAGE_FAILED = msg('messaging:errors.sendMessageFailed')
/** What a failed send or delete says when the server gives no reason (spec §8). */
export const TRY_AGAIN_LATER = msg('messaging:errors.tryAgainLater')
/**
 * How a person whose account was deleted is named in the other person's copy, in the data the
 * models and the JSON API answer (`firstName` 'Deleted', `lastName` 'account'). The inbox
 * screens name them in the reader's language instead (`messaging:deletedAccount`).
 */
export const DELETED_ACCOUNT_NAME = 'Deleted account'

/* Shapes the model answers. Instants are ISO 8601 strings. */

/** The other person of a conversation, or a message's sender or recipient, as screens show them. */
export type Party = {
  id: number
  firstName: string
  lastName: string
  profileImageUrl: string | null
  isPractitioner: boolean
  /** Their account was deleted: the name is `DELETED_ACCOUNT_NAME` split in two, no picture. */
  isDeleted: boolean
}

/** A party whose account is gone (its id stays on the messages it sent or received). */
export function deletedParty(id: number): Party {
  const [firstName, lastName] = DELETED_ACCOUNT_NAME.split(' ') as [string, string]
  return { id, firstName, lastName, profileImageUrl: null, isPractitioner: false, isDeleted: true }
}

export function partyName(party: Pick<Party, 'firstName' | 'lastName'>) {
  return `${party.firstName} ${party.lastName}`.trim()
}

/** One row of the conversation list: the other person, the newest message I can see, my unread count. */
export type ConversationSummary = {
  other: Party
  lastMessage: { id: number; subject: string; createdAt: string; fromMe: boolean }
  /** Unread messages addressed to me in this conversation (not counting ones I deleted). */
  unreadCount: number
}

export type ConversationPage = {
  conversations: ConversationSummary[]
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null
}

/** A message as a thread shows it. */
export type ThreadMessage = {
  id: number
  senderId: number
  recipientId: number
  /** I sent it (else the other person did). */
  fromMe: boolean
  subject: string
  content: string
  isRead: boolean
  isReplyTo: number | null
  createdAt: string
}

export type Thread = {
  other: Party
  /** Whether I may write in this conversation now (false once the other account is deleted). */
  canReply: boolean
  /** One page, oldest first. */
  messages: ThreadMessage[]
  /** Pass as `before` for the page of older messages; null when there are none. */
  olderCursor: string | null
  /** Pass as `after` for the page of newer messages; null when this page is the newest. */
  newerCursor: string | null
}

/** A message as the JSON API answers it (the POST answer; GET adds `sender` and `recipient`). */
export type ApiMessage = {
  id: number
  senderId: number
  recipientId: number
  subject: string
  content: string
  isRead: boolean
  isReplyTo: number | null
  createdAt: string
  updatedAt: string
}

/** The spec's embedded person on a listed message. */
export type ApiParty = { id: number; firstName: string; lastName: string; isPractitioner: boolean }

export type ApiListedMessage = ApiMessage & { sender: ApiParty; recipient: ApiParty }

/**
 * The /api routes' adapter: a message as the models hold it (times as Dates) into the JSON
 * API's shape (ISO strings), each key where it was.
 */
export function toApiMessage<T extends { createdAt: Date; updatedAt: Date }>(
  message: T,
): Omit<T, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string } {
  return { ...message, createdAt: message.createdAt.toISOString(), updatedAt: message.updatedAt.toISOString() }
}

/* Paging. */

export const CONVERSATIONS_PAGE_SIZE = 20
export const THREAD_PAGE_SIZE = 30
/** GET /api/messages pages by number, like the other /api lists. */
export const API_MESSAGES_PAGE_SIZE = 24
export const MAX_PAGE_SIZE = 100

/**
 * A keyset position: a message's creation instant (epoch ms) and id, which order messages
 * totally. In URLs it is `<ms>.<id>`, opaque to the screens.
 */
export type Cursor = { at: number; id: number }

export function formatCursor(cursor: Cursor) {
  return `${cursor.at}.${cursor.id}`
}

/** Reads a cursor from a URL value; anything malformed is null (the screens then show the first page). */
export function parseCursor(value: string | null | undefined): Cursor | null {
  const match = value ? /^(\d{1,15})\.(\d{1,15})$/.exec(value) : null
  if (!match) return null
  const at = Number(match[1])
  const id = Number(match[2])
  return Number.isSafeInteger(at) && Number.isSafeInteger(id) && id > 0 ? { at, id } : null
}

/* The new-message email. */

/** A message still unread this long after it arrived gets its recipient an email (one per conversation). */
export const UNREAD_EMAIL_DELAY_MS = 10 * 60_000

/* Who may write to whom. */

export type Member = { id: number; isPractitioner: boolean; isAdmin: boolean }

/** What the model knows about two people before a message goes from `sender` to `recipient`. */
export type MessagingFacts = {
  sender: Member
  /** null: no such account. */
  recipient: Member | null
  /** The recipient has written to the sender before (a message from them still exists). */
  recipientWroteToSender: boolean
  /**
   * They have a session together, either way round: a booking of one with the other as
   * practitioner that was not cancelled before it was ever confirmed (pending, confirmed,
   * completed, or cancelled after being paid or when free; `bookingLinks` in message.server.ts).
   */
  haveBooking: boolean
}

export type Refusal = { message: Message; status: number }

/**
 * The rule, in one place: nobody writes to themselves; admins neither send nor receive;
 * anyone may answer a person who has written to them; people with a session together may write
 * to each other; a client (not a practitioner) may write to any practitioner. Everything else is
 * refused: a practitioner cannot cold-message anyone. A refusal about a recipient who is not a
 * practitioner is a 404, so that no one learns which ids are client accounts; practitioners are
 * public, so refusing to write to one is a 403.
 */
export function messagingRefusal(facts: MessagingFacts): Refusal | null {
  const { sender, recipient } = facts
  if (sender.isAdmin) return { message: ADMINS_DO_NOT_MESSAGE, status: 403 }
  if (recipient && recipient.id === sender.id) return { message: CANNOT_MESSAGE_SELF, status: 400 }
  if (!recipient || recipient.isAdmin) return { message: RECIPIENT_NOT_FOUND, status: 404 }
  if (facts.recipientWroteToSender || facts.haveBooking) return null
  if (recipient.isPractitioner && !sender.isPractitioner) return null
  if (!recipient.isPractitioner) return { message: RECIPIENT_NOT_FOUND, status: 404 }
  return { message: PRACTITIONER_MAY_NOT_MESSAGE, status: 403 }
}
