import { useFetcher, useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Toaster } from '~/components/toaster'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import type { FormActionData } from '~/lib/forms.server'
import { MARK_READ_INTENT, type InboxPageData, type InboxThread } from '~/models/messaging/inbox-page'
import { ConversationList } from './conversation-list'
import { DeleteMessageDialog, ReplyDialog } from './message-dialogs'
import { ThreadPanel } from './thread-panel'

/**
 * The conversation view both inboxes render: conversations on the left, the open one on the
 * right, the reply and delete dialogs over them. All of it is URL state (models/messaging/inbox-page.ts).
 */
export function ConversationView({
  title,
  description,
  data,
  actionData,
}: {
  title: string
  description: string
  data: InboxPageData
  actionData: FormActionData | null | undefined
}) {
  useMarkReadOnceShown(data)
  const thread = useNewWhileOpen(data.thread, data.withId)
  const location = useLocation()
  // The forms post to the address that shows them, so a refused message comes back to its form:
  // the reply dialog's when the address opens it, else the composer's.
  const action = `${location.pathname}${location.search}`
  const lastResult = actionData?.result ?? null
  const { t } = useTranslation('messaging')
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="text-muted-foreground">{description}</p>
        <p className="mt-1 text-xs text-muted-foreground">{t('inbox.timesIn', { zone: data.timeZone })}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:items-start">
        <Card>
          <CardHeader>
            <CardTitle>{t('inbox.conversations')}</CardTitle>
          </CardHeader>
          <CardContent>
            <ConversationList
              conversations={data.conversations}
              moreHref={data.moreHref}
              firstPageHref={data.firstPageHref}
            />
          </CardContent>
        </Card>
        <Card>
          <CardContent className="pt-6">
            <ThreadPanel
              thread={thread}
              base={data.base}
              withId={data.withId}
              action={action}
              lastResult={data.replying ? null : lastResult}
            />
          </CardContent>
        </Card>
      </div>
      <ReplyDialog reply={data.replying} action={action} closeTo={data.here} lastResult={lastResult} />
      <DeleteMessageDialog message={data.deleting} action={action} closeTo={data.here} />
      <Toaster toast={actionData?.toast} />
    </div>
  )
}

/**
 * With JavaScript, the open conversation is marked read by a post of the page's own once the
 * thread is on screen (not while the tab is hidden), when the loader left it unread: the loader
 * never writes for our data requests, nor for a page load another site started
 * (docs/decisions/032-no-get-writes-from-other-sites.md). Remix reloads the page's data after
 * the post, so the list and the badges follow.
 */
function useMarkReadOnceShown({ markRead, withId, base }: InboxPageData) {
  const { submit } = useFetcher()
  useEffect(() => {
    if (!markRead || withId === null) return
    const send = () => submit({ intent: MARK_READ_INTENT, with: String(withId) }, { method: 'post', action: base })
    if (document.visibilityState === 'visible') {
      void send()
      return
    }
    const whenShown = () => {
      if (document.visibilityState !== 'visible') return
      document.removeEventListener('visibilitychange', whenShown)
      void send()
    }
    document.addEventListener('visibilitychange', whenShown)
    return () => document.removeEventListener('visibilitychange', whenShown)
  }, [markRead, withId, base, submit])
}

/**
 * A message shown as new when its conversation opened stays marked new while it is open: the
 * page's own post marks it read and Remix reloads the data, which would otherwise take the
 * mark away as soon as it appeared (without JavaScript the page is never reloaded that way).
 */
function useNewWhileOpen(thread: InboxThread | null, withId: number | null) {
  const seen = useRef<{ withId: number | null; ids: Set<number> }>({ withId, ids: new Set() })
  if (seen.current.withId !== withId) seen.current = { withId, ids: new Set() }
  const ids = seen.current.ids
  for (const message of thread?.messages ?? []) if (message.isNew) ids.add(message.id)
  if (!thread || !thread.messages.some((message) => !message.isNew && ids.has(message.id))) return thread
  return { ...thread, messages: thread.messages.map((message) => ({ ...message, isNew: ids.has(message.id) })) }
}
