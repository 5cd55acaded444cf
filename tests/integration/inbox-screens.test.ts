import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { messages } from '~/db/schema'
import { resetAllLimits } from '~/lib/rate-limit.server'
import { unreadMessageCount } from '~/models/messaging/conversations.server'
import { DELETE_FAILED, SEND_FAILED } from '~/models/messaging/inbox-page.server'
import { MESSAGE_NOT_FOUND, RECIPIENT_NOT_FOUND } from '~/models/messaging/message'
import { sendMessage } from '~/models/messaging/message.server'
import * as root from '~/root'
import * as clientInbox from '~/routes/_client.client-inbox'
import * as profileScreen from '~/routes/_public.practitioners.$id'
import * as practitionerInbox from '~/routes/practitioner.inbox'
import {
  createListedPractitioner,
  createUser,
  expectRedirect,
  formReply,
  formRequest,
  getRequest,
  insertBooking,
  insertService,
  readToast,
  routeArgs,
  settle,
  signIn,
} from '../helpers'
import { inEnglish } from '../helpers/i18n'

/**
 * The inbox screens (`/client-inbox`, `/practitioner/inbox`): what their loaders show and
 * mark read, and the reply and delete intents of their actions, with their toasts.
 */

const CLIENT_INBOX = '/client-inbox'
const PRACTITIONER_INBOX = '/practitioner/inbox'

type Person = { id: number }

function write(from: Person, to: Person, subject = 'A question', isReplyTo?: number) {
  return sendMessage(from.id, { recipientId: to.id, subject, content: 'Some words about it, long enough.', isReplyTo })
}

async function people() {
  const client = await createUser({ firstName: 'Casey', lastName: 'Client' })
  const practitioner = await createListedPractitioner({ firstName: 'Priya', lastName: 'Practitioner' })
  return {
    client,
    practitioner,
    clientCookie: await signIn(client.id),
    practitionerCookie: await signIn(practitioner.id),
  }
}

async function load(screen: typeof clientInbox | typeof practitionerInbox, path: string, cookie?: string) {
  return settle(() => screen.loader(routeArgs(getRequest(path, { cookie }))))
}

async function loadData(screen: typeof clientInbox, path: string, cookie: string) {
  const answer = await load(screen, path, cookie)
  expect(answer).not.toBeInstanceOf(Response)
  return answer as Awaited<ReturnType<typeof clientInbox.loader>>
}

function post(screen: typeof clientInbox, path: string, fields: Record<string, string>, cookie: string) {
  return settle(() => screen.action(routeArgs(formRequest(path, fields, { cookie }))))
}

const isRead = (id: number) => getDb().select().from(messages).where(eq(messages.id, id)).get()?.isRead

beforeEach(() => resetAllLimits())

/** A toast as an English reader sees it (its title and text are catalogue keys until shown). */
function inEnglishToast(toast: { title: string; description?: string } | null | undefined) {
  return (
    toast && { ...toast, title: inEnglish(toast.title), description: toast.description && inEnglish(toast.description) }
  )
}

describe('who sees which inbox', () => {
  test('signed out → login; each role is sent to its own inbox, admins to their dashboard', async () => {
    const { practitioner, clientCookie, practitionerCookie } = await people()
    const admin = await createUser({ isAdmin: true })
    const adminCookie = await signIn(admin.id)
    expectRedirect(await load(clientInbox, CLIENT_INBOX), `/login?redirect=${encodeURIComponent(CLIENT_INBOX)}`)
    expectRedirect(
      await load(clientInbox, `${CLIENT_INBOX}?with=${practitioner.id}`, practitionerCookie),
      `${PRACTITIONER_INBOX}?with=${practitioner.id}`,
    )
    expectRedirect(await load(practitionerInbox, PRACTITIONER_INBOX, clientCookie), CLIENT_INBOX)
    expectRedirect(await load(clientInbox, CLIENT_INBOX, adminCookie), '/admin/dashboard')
    expectRedirect(await load(practitionerInbox, PRACTITIONER_INBOX, adminCookie), '/admin/dashboard')
  })
})

describe('the loader', () => {
  test('lists conversations, opens one from ?with= and marks only my incoming messages read', async () => {
    const { client, practitioner, clientCookie, practitionerCookie } = await people()
    const question = write(client, practitioner, 'About sleep')
    const answer = write(practitioner, client, 'Re: About sleep', question.id)

    const closed = await loadData(practitionerInbox, PRACTITIONER_INBOX, practitionerCookie)
    expect(closed.thread).toBeNull()
    expect(closed.conversations).toHaveLength(1)
    expect(closed.conversations[0]).toMatchObject({
      other: { id: client.id, name: 'Casey Client', isPractitioner: false },
      subject: 'Re: About sleep',
      fromMe: true,
      unreadCount: 1,
    })
    expect(closed.conversations[0]!.time).toMatch(/\d{1,2}:\d{2} [AP]M \S+$/)
    // Listing alone marks nothing.
    expect(isRead(question.id)).toBe(false)

    const open = await loadData(practitionerInbox, `${PRACTITIONER_INBOX}?with=${client.id}`, practitionerCookie)
    expect(open.thread?.messages.map((m) => [m.subject, m.fromMe, m.sender])).toEqual([
      ['About sleep', false, 'Casey Client'],
      ['Re: About sleep', true, 'You'],
    ])
    expect(open.thread?.messages[0]?.isNew).toBe(true)
    expect(open.conversations[0]?.unreadCount).toBe(0)
    // A conversation opens at its end; the composer under it answers the last message shown.
    expect(open.conversations[0]?.href).toBe(`${PRACTITIONER_INBOX}?with=${client.id}#latest`)
    expect(open.thread?.composer).toEqual({
      recipientId: client.id,
      recipientName: 'Casey Client',
      isReplyTo: answer.id,
      subject: 'Re: About sleep',
      original: 'Re: About sleep',
    })
    expect(isRead(question.id)).toBe(true)
    // My own message to them stays unread for them.
    expect(isRead(answer.id)).toBe(false)
    expect(unreadMessageCount(client.id)).toBe(1)

    const clientView = await loadData(clientInbox, `${CLIENT_INBOX}?with=${practitioner.id}`, clientCookie)
    expect(clientView.conversations[0]?.other).toMatchObject({ id: practitioner.id, isPractitioner: true })
    expect(isRead(answer.id)).toBe(true)
  })

  test("a stranger's ?with= shows nothing of them", async () => {
    const { client, practitionerCookie } = await people()
    const other = await createUser({ firstName: 'Secret', lastName: 'Person' })
    const data = await loadData(practitionerInbox, `${PRACTITIONER_INBOX}?with=${other.id}`, practitionerCookie)
    expect(data.thread).toBeNull()
    expect(data.withId).toBeNull()
    expect(JSON.stringify(data)).not.toContain('Secret')
    const own = await loadData(
      practitionerInbox,
      `${PRACTITIONER_INBOX}?with=${client.id}&reply=new`,
      practitionerCookie,
    )
    expect(own.thread).toBeNull()
    expect(own.replying).toBeNull()
  })

  test('a practitioner opens an empty conversation with a client who booked, and may write first', async () => {
    const { client, practitioner, practitionerCookie } = await people()
    insertBooking({
      clientId: client.id,
      practitionerId: practitioner.id,
      serviceId: insertService(practitioner.id).id,
      startsInHours: 48,
    })
    const data = await loadData(
      practitionerInbox,
      `${PRACTITIONER_INBOX}?with=${client.id}&reply=new`,
      practitionerCookie,
    )
    expect(data.thread).toMatchObject({ canReply: true, messages: [] })
    expect(data.thread?.composer).toMatchObject({ recipientId: client.id, isReplyTo: null, subject: '' })
    expect(data.replying).toEqual({
      recipientId: client.id,
      recipientName: 'Casey Client',
      isReplyTo: null,
      subject: '',
      original: null,
    })
  })

  test('the dialogs are URL state: reply defaults to Re: the subject, delete names the message', async () => {
    const { client, practitioner, clientCookie } = await people()
    const mine = write(client, practitioner, 'Mine')
    const theirs = write(practitioner, client, 'Breathing')
    const base = `${CLIENT_INBOX}?with=${practitioner.id}`
    const reply = await loadData(clientInbox, `${base}&reply=${theirs.id}`, clientCookie)
    expect(reply.replying).toMatchObject({ isReplyTo: theirs.id, subject: 'Re: Breathing' })
    expect(reply.here).toBe(base)
    expect(reply.thread?.messages.find((m) => m.id === theirs.id)?.replyHref).toBe(`${base}&reply=${theirs.id}`)
    const removing = await loadData(clientInbox, `${base}&delete=${mine.id}`, clientCookie)
    expect(removing.deleting).toEqual({ id: mine.id, subject: 'Mine' })
    // An id that is not in this conversation opens nothing.
    const other = await loadData(clientInbox, `${base}&delete=999999`, clientCookie)
    expect(other.deleting).toBeNull()
  })

  test('the root loader counts unread messages once, leaving out the conversation being opened', async () => {
    const { client, practitioner, practitionerCookie } = await people()
    const other = await createUser({ firstName: 'Other', lastName: 'Client' })
    write(client, practitioner)
    write(client, practitioner)
    write(other, practitioner)
    const rootData = async (path: string) => {
      const answer = (await root.loader(routeArgs(getRequest(path, { cookie: practitionerCookie })))) as unknown as {
        data: { unreadMessages: number }
      }
      return answer.data.unreadMessages
    }
    expect(await rootData('/practitioner/dashboard')).toBe(3)
    expect(await rootData(`${PRACTITIONER_INBOX}?with=${client.id}`)).toBe(1)
    expect(await rootData(`/practitioners?with=${client.id}`)).toBe(3)
  })
})

describe('opening a conversation reads it only when the person asked (docs/decisions/032)', () => {
  /** The headers a browser sends: a page load (`navigate`) or our JavaScript's data request (`cors`). */
  const from = (site: string | null, mode: 'navigate' | 'cors' = 'navigate'): Record<string, string> =>
    site === null ? {} : { 'Sec-Fetch-Site': site, 'Sec-Fetch-Mode': mode }

  async function opened(headers: Record<string, string>) {
    const { client, practitioner, practitionerCookie } = await people()
    const question = write(client, practitioner, 'About sleep')
    const path = `${PRACTITIONER_INBOX}?with=${client.id}`
    const answer = await settle(() =>
      practitionerInbox.loader(routeArgs(getRequest(path, { cookie: practitionerCookie, headers }))),
    )
    expect(answer).not.toBeInstanceOf(Response)
    const data = answer as Awaited<ReturnType<typeof practitionerInbox.loader>>
    const root = (await rootLoader(path, practitionerCookie, headers)).data
    return { data, read: isRead(question.id), badge: root.unreadMessages, client, practitioner, practitionerCookie }
  }

  async function rootLoader(path: string, cookie: string, headers: Record<string, string>) {
    return (await root.loader(routeArgs(getRequest(path, { cookie, headers })))) as unknown as {
      data: { unreadMessages: number }
    }
  }

  test.each([['cross-site'], ['same-site'], ['something-new']])(
    'a page load another site started (%s) shows the thread and leaves it unread',
    async (site) => {
      const { data, read, badge } = await opened(from(site))
      expect(data.thread?.messages.map((m) => [m.subject, m.isNew])).toEqual([['About sleep', true]])
      expect(read).toBe(false)
      // Shown as it is: unread in the list and in the badge; with JavaScript the page posts.
      expect(data.conversations[0]?.unreadCount).toBe(1)
      expect(badge).toBe(1)
      expect(data.markRead).toBe(true)
    },
  )

  test.each([
    ['same-origin', from('same-origin')],
    ['none (typed, bookmarked, a mail app)', from('none')],
    ['no Fetch Metadata at all (not a browser, or one too old to say)', from(null)],
  ])('a page load from %s marks it read in the loader', async (_name, headers) => {
    const { data, read, badge } = await opened(headers)
    expect(data.thread?.messages[0]?.isNew).toBe(true)
    expect(read).toBe(true)
    expect(data.conversations[0]?.unreadCount).toBe(0)
    expect(badge).toBe(0)
    expect(data.markRead).toBe(false)
  })

  test("our JavaScript's data request writes nothing: the page posts, and it is shown as read", async () => {
    const { data, read, badge } = await opened(from('same-origin', 'cors'))
    expect(read).toBe(false)
    expect(data.markRead).toBe(true)
    expect(data.conversations[0]?.unreadCount).toBe(0)
    expect(badge).toBe(0)
  })

  test("the page's post marks the conversation read, only mine, and nothing else", async () => {
    const { client, practitioner, practitionerCookie, data } = await opened(from('cross-site'))
    expect(data.markRead).toBe(true)
    const other = await createUser({ firstName: 'Other', lastName: 'Client' })
    const elsewhere = write(other, practitioner, 'Another conversation')
    const mine = write(practitioner, client, 'Re: About sleep')
    const path = `${PRACTITIONER_INBOX}?with=${client.id}`
    expect(
      await post(practitionerInbox, path, { intent: 'mark-read', with: String(client.id) }, practitionerCookie),
    ).toBe(null)
    expect(unreadMessageCount(practitioner.id)).toBe(1)
    expect(isRead(elsewhere.id)).toBe(false)
    // My own message stays unread for its recipient.
    expect(isRead(mine.id)).toBe(false)
    const after = await loadData(practitionerInbox, path, practitionerCookie)
    expect(after.markRead).toBe(false)
    // A second post, a stranger or no id at all mark nothing and refuse nothing.
    for (const withId of [String(client.id), '999999', 'x', '']) {
      expect(await post(practitionerInbox, path, { intent: 'mark-read', with: withId }, practitionerCookie)).toBe(null)
    }
    expect(isRead(elsewhere.id)).toBe(false)
  })
})

describe('the action', () => {
  test('replies: validation from MessageSchema, then sent with a toast back to the conversation', async () => {
    const { client, practitioner, practitionerCookie } = await people()
    const question = write(client, practitioner, 'About sleep')
    const path = `${PRACTITIONER_INBOX}?with=${client.id}&reply=${question.id}`
    const fields = {
      intent: 'reply',
      recipientId: String(client.id),
      isReplyTo: String(question.id),
      subject: 'Re: About sleep',
      content: 'Try a warm bath an hour before bed.',
    }

    const blank = formReply(await post(practitionerInbox, path, { ...fields, subject: '  ' }, practitionerCookie))
    expect(blank.status).toBe(400)
    expect(blank.result.error?.subject?.map(inEnglish)).toEqual(['Subject is required'])
    const short = formReply(
      await post(practitionerInbox, path, { ...fields, content: 'Too short' }, practitionerCookie),
    )
    expect(short.result.error?.content?.map(inEnglish)).toEqual(['Message must be at least 10 characters long'])

    // Back to the conversation, at its end: the message just sent and the composer in view.
    const sent = expectRedirect(
      await post(practitionerInbox, path, fields, practitionerCookie),
      `${PRACTITIONER_INBOX}?with=${client.id}#latest`,
    )
    expect(inEnglishToast(await readToast(sent))).toMatchObject({
      type: 'success',
      title: 'Reply sent!',
      description: 'Your message has been sent successfully.',
    })
    expect(unreadMessageCount(client.id)).toBe(1)
  })

  test('a reply to someone I may not write to is refused with the failure toast', async () => {
    const { practitionerCookie } = await people()
    const stranger = await createUser()
    const refusedReply = formReply(
      await post(
        practitionerInbox,
        `${PRACTITIONER_INBOX}?with=${stranger.id}`,
        { intent: 'reply', recipientId: String(stranger.id), subject: 'Hello', content: 'Hello there, how are you?' },
        practitionerCookie,
      ),
    )
    expect(refusedReply.status).toBe(404)
    expect(refusedReply.toast).toEqual({ type: 'error', title: SEND_FAILED, description: RECIPIENT_NOT_FOUND })
  })

  test("deletes for me only; someone else's message is a 404 toast", async () => {
    const { client, practitioner, clientCookie, practitionerCookie } = await people()
    const question = write(client, practitioner, 'About sleep')
    const path = `${CLIENT_INBOX}?with=${practitioner.id}&delete=${question.id}`
    const deleted = expectRedirect(
      await post(clientInbox, path, { intent: 'delete', messageId: String(question.id) }, clientCookie),
      `${CLIENT_INBOX}?with=${practitioner.id}`,
    )
    expect(inEnglishToast(await readToast(deleted))).toMatchObject({ type: 'success', title: 'Message deleted' })
    const mine = await loadData(clientInbox, `${CLIENT_INBOX}?with=${practitioner.id}`, clientCookie)
    expect(mine.thread?.messages).toEqual([])
    const theirs = await loadData(practitionerInbox, `${PRACTITIONER_INBOX}?with=${client.id}`, practitionerCookie)
    expect(theirs.thread?.messages.map((m) => m.subject)).toEqual(['About sleep'])

    const otherClient = await createUser()
    const foreign = write(otherClient, practitioner, 'Not yours')
    const refusedDelete = expectRedirect(
      await post(clientInbox, CLIENT_INBOX, { intent: 'delete', messageId: String(foreign.id) }, clientCookie),
      CLIENT_INBOX,
    )
    expect(await readToast(refusedDelete)).toEqual({
      type: 'error',
      title: DELETE_FAILED,
      description: MESSAGE_NOT_FOUND,
    })
    expect(isRead(foreign.id)).toBe(false)
  })

  test('an unknown intent is a 400', async () => {
    const { clientCookie } = await people()
    const answer = await post(clientInbox, CLIENT_INBOX, { intent: 'nope' }, clientCookie)
    expect(answer).toBeInstanceOf(Response)
    expect((answer as Response).status).toBe(400)
  })
})

describe("the profile's Ask a Question card", () => {
  test('is offered to clients, and not to practitioners or admins who may not write', async () => {
    const { practitioner, clientCookie } = await people()
    const otherPractitioner = await createListedPractitioner({ firstName: 'Other' })
    const admin = await createUser({ isAdmin: true })
    const viewerOf = async (cookie?: string) => {
      const path = `/practitioners/${practitioner.id}`
      const data = await profileScreen.loader(routeArgs(getRequest(path, { cookie }), { id: String(practitioner.id) }))
      return data.viewer
    }
    expect(await viewerOf()).toBe('visitor')
    expect(await viewerOf(clientCookie)).toBe('member')
    expect(await viewerOf(await signIn(practitioner.id))).toBe('self')
    expect(await viewerOf(await signIn(otherPractitioner.id))).toBe('not-allowed')
    expect(await viewerOf(await signIn(admin.id))).toBe('not-allowed')
  })
})
