import { parseWithZod } from '@conform-to/zod/v4'
import { redirect } from '@remix-run/node'
import { ensurePrimary } from '~/integrations/litefs.server'
import { AppError } from '~/lib/errors'
import { readForm } from '~/lib/form-data.server'
import { invalid, refused, refuseWithRedirect, unknownForm } from '~/lib/forms.server'
import { formatsFor } from '~/lib/i18n/formats'
import { tFor } from '~/lib/i18n/i18n.server'
import { requestLanguage } from '~/lib/i18n/language.server'
import type { Language } from '~/lib/i18n/languages'
import { msg } from '~/lib/i18n/message'
import { idFromParam } from '~/lib/route-params'
import { viewerTimeZone } from '~/lib/time-zone.server'
import { redirectWithToast } from '~/lib/toast.server'
import { requireUser } from '~/models/accounts/auth.server'
import { dashboardPath } from '~/models/accounts/role'
import { getThread, listConversations } from './conversations.server'
import { inboxPath } from './inbox'
import {
  atLatest,
  DELETE_INTENT,
  inboxHref,
  MARK_READ_INTENT,
  REPLY_INTENT,
  type InboxPageData,
  type InboxPerson,
  type InboxReply,
} from './inbox-page'
import { loaderMarksRead, opensConversationAsRead } from './inbox.server'
import {
  MESSAGE_NOT_FOUND,
  MessageSchema,
  parseCursor,
  partyName,
  replySubject,
  TRY_AGAIN_LATER,
  type Party,
  type Thread,
} from './message'
import { deleteMessageForMe, markConversationRead, sendMessage } from './message.server'

/**
 * The loader and action both inboxes share (`/client-inbox`, `/practitioner/inbox`): thin
 * adapters over the messaging model. Everything the page shows is in its URL (inbox-page.ts).
 */

export type InboxArea = 'client' | 'practitioner'

export const SEND_FAILED = msg('messaging:errors.sendReplyFailed')
export const DELETE_FAILED = msg('messaging:errors.deleteFailed')

/** Signed in, in one's own inbox: a practitioner goes to theirs, a client to theirs, an admin to the dashboard. */
async function requireInboxUser(request: Request, area: InboxArea) {
  const user = await requireUser(request)
  if (user.isAdmin) throw redirect(dashboardPath(user))
  if ((area === 'practitioner') !== user.isPractitioner) {
    const withId = idFromParam(new URL(request.url).searchParams.get('with') ?? undefined)
    throw redirect(inboxPath(user, withId ?? undefined))
  }
  return user
}

/** A person as the inbox names them: a deleted account in the reader's language. */
function person(party: Party, language: Language): InboxPerson {
  return {
    id: party.id,
    name: nameOf(party, language),
    photo: party.profileImageUrl,
    isPractitioner: party.isPractitioner,
    isDeleted: party.isDeleted,
  }
}

function nameOf(party: Party, language: Language) {
  return party.isDeleted ? tFor(language, 'messaging')('deletedAccount') : partyName(party)
}

/** A message to the other person of `thread`, answering `original` (none in an empty thread). */
function replyIn(thread: Thread, original: Thread['messages'][number] | undefined, language: Language): InboxReply {
  return {
    recipientId: thread.other.id,
    recipientName: nameOf(thread.other, language),
    isReplyTo: original?.id ?? null,
    subject: original ? replySubject(original.subject) : '',
    original: original?.subject ?? null,
  }
}

/** 'Nov 21, 2026, 9:30 AM EST' ('21 nov. 2026 à 9 h 30 HNE'): the viewer's zone, named. */
function timeLabel(iso: string, timeZone: string, language: Language) {
  const f = formatsFor(language)
  return tFor(language, 'messaging')('instant', {
    date: f.date(iso, timeZone),
    time: f.time(iso, timeZone),
    zone: f.zone(iso, timeZone),
  })
}

export async function loadInbox(request: Request, area: InboxArea): Promise<InboxPageData> {
  const user = await requireInboxUser(request, area)
  const params = new URL(request.url).searchParams
  const timeZone = viewerTimeZone(request, user)
  // The page's language, as the root loader decides it: times and names are written here.
  const language = requestLanguage(request, user)
  const base = inboxPath(user)
  // Malformed cursors read as the first page, and are dropped from the links.
  const cursor = parseCursor(params.get('cursor')) ? params.get('cursor') : null
  const before = parseCursor(params.get('before')) ? params.get('before') : null
  const after = before ? null : parseCursor(params.get('after')) ? params.get('after') : null
  const withId = idFromParam(params.get('with') ?? undefined)

  const page = listConversations(user.id, { cursor })
  // null: nothing between us, and no reason to write (a stranger's id shows nothing).
  const thread = withId === null ? null : getThread(user.id, withId, { before, after })
  const summary = page.conversations.find((c) => c.other.id === withId)
  const unread =
    thread !== null && (summary ? summary.unreadCount > 0 : thread.messages.some((m) => !m.fromMe && !m.isRead))
  let leftToThePage = false
  if (unread && withId !== null) {
    if (loaderMarksRead(request)) {
      // A GET that writes: on a LiteFS replica this replays the request on the primary.
      await ensurePrimary()
      markConversationRead(user.id, withId)
    } else {
      leftToThePage = true
    }
  }
  if (summary && unread && opensConversationAsRead(request)) summary.unreadCount = 0

  const openWith = thread ? withId : null
  const here = inboxHref(base, { with: openWith, cursor, before, after })
  const at = (state: Parameters<typeof inboxHref>[1]) =>
    inboxHref(base, { with: openWith, cursor, before, after, ...state })

  const messages = (thread?.messages ?? []).map((m) => ({
    id: m.id,
    fromMe: m.fromMe,
    sender: m.fromMe ? tFor(language, 'messaging')('you') : nameOf(thread!.other, language),
    time: timeLabel(m.createdAt, timeZone, language),
    iso: m.createdAt,
    subject: m.subject,
    content: m.content,
    isNew: !m.fromMe && !m.isRead,
    replyHref: thread?.canReply && !m.fromMe ? at({ reply: m.id }) : null,
    deleteHref: at({ delete: m.id }),
  }))

  // `reply=<id>` answers that message; `reply=new` (or an id not shown) the last one, as the composer does.
  const replyParam = params.get('reply')
  const replying =
    thread && thread.canReply && replyParam !== null
      ? replyIn(thread, thread.messages.find((m) => String(m.id) === replyParam) ?? thread.messages.at(-1), language)
      : null
  const deleteId = idFromParam(params.get('delete') ?? undefined)
  const toDelete = thread?.messages.find((m) => m.id === deleteId)

  return {
    base,
    timeZone,
    conversations: page.conversations.map((c) => ({
      other: person(c.other, language),
      subject: c.lastMessage.subject,
      time: timeLabel(c.lastMessage.createdAt, timeZone, language),
      iso: c.lastMessage.createdAt,
      fromMe: c.lastMessage.fromMe,
      unreadCount: c.unreadCount,
      href: atLatest(inboxHref(base, { with: c.other.id, cursor })),
      selected: c.other.id === openWith,
    })),
    moreHref: page.nextCursor ? inboxHref(base, { with: openWith, cursor: page.nextCursor }) : null,
    firstPageHref: cursor ? inboxHref(base, { with: openWith }) : null,
    withId: openWith,
    thread: thread && {
      other: person(thread.other, language),
      canReply: thread.canReply,
      messages,
      olderHref: thread.olderCursor ? inboxHref(base, { with: openWith, cursor, before: thread.olderCursor }) : null,
      newerHref: thread.newerCursor ? inboxHref(base, { with: openWith, cursor, after: thread.newerCursor }) : null,
      composer: thread.canReply ? replyIn(thread, thread.messages.at(-1), language) : null,
    },
    here,
    replying,
    deleting: toDelete ? { id: toDelete.id, subject: toDelete.subject } : null,
    markRead: leftToThePage,
  }
}

/** Where an answer goes back to: the conversation (and thread page) the form was posted from. */
function backTo(request: Request, base: string) {
  const params = new URL(request.url).searchParams
  const keep = (name: string) => (parseCursor(params.get(name)) ? params.get(name) : null)
  return inboxHref(base, {
    with: idFromParam(params.get('with') ?? undefined),
    cursor: keep('cursor'),
    before: keep('before'),
    after: keep('after'),
  })
}

export async function inboxAction(request: Request, area: InboxArea) {
  const user = await requireInboxUser(request, area)
  const formData = await readForm(request)
  const intent = formData.get('intent')
  if (intent === REPLY_INTENT) {
    const submission = parseWithZod(formData, { schema: MessageSchema })
    if (submission.status !== 'success') return invalid(submission)
    try {
      sendMessage(user.id, submission.value)
    } catch (error) {
      return refused(submission, error, SEND_FAILED, { fallback: TRY_AGAIN_LATER, keepTitle: true })
    }
    // Back to the conversation's newest page, where the message now is, at its end (#latest).
    return redirectWithToast(atLatest(inboxPath(user, submission.value.recipientId)), {
      type: 'success',
      title: msg('messaging:toasts.replySent'),
      description: msg('messaging:toasts.replySentDescription'),
    })
  }
  if (intent === MARK_READ_INTENT) {
    // The page's own post once it shows a conversation the loader left unread. Anything but a
    // conversation of mine marks nothing, and nothing to mark is no error: the page may ask
    // after the loader or another tab has done it.
    const otherId = idFromParam(String(formData.get('with') ?? ''))
    if (otherId !== null) markConversationRead(user.id, otherId)
    // The fetcher needs no answer: Remix reloads the page's data (and the badges) after it.
    return null
  }
  if (intent === DELETE_INTENT) {
    const back = backTo(request, inboxPath(user))
    try {
      const messageId = idFromParam(String(formData.get('messageId') ?? ''))
      if (messageId === null) throw new AppError(MESSAGE_NOT_FOUND, 404)
      deleteMessageForMe(user.id, messageId)
    } catch (error) {
      return refuseWithRedirect(back, error, DELETE_FAILED, TRY_AGAIN_LATER)
    }
    return redirectWithToast(back, { type: 'success', title: msg('messaging:toasts.messageDeleted') })
  }
  throw unknownForm()
}
