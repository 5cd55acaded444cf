import { useLocation } from '@remix-run/react'
import { Toaster } from '~/components/toaster'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import type { FormActionData } from '~/lib/forms.server'
import { ConversationList } from './conversation-list'
import { DeleteMessageDialog, ReplyDialog } from './message-dialogs'
import { ThreadPanel } from './thread-panel'
import type { InboxPageData } from './inbox-links'

/**
 * The conversation view both inboxes render: conversations on the left, the open one on the
 * right, the reply and delete dialogs over them. All of it is URL state (inbox-links.ts).
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
  actionData: FormActionData | undefined
}) {
  const location = useLocation()
  // The dialogs post to the address that opened them, so a refused reply opens it again.
  const action = `${location.pathname}${location.search}`
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="text-muted-foreground">{description}</p>
        <p className="mt-1 text-xs text-muted-foreground">Times are in {data.timeZone}.</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:items-start">
        <Card>
          <CardHeader>
            <CardTitle>Conversations</CardTitle>
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
            <ThreadPanel thread={data.thread} base={data.base} withId={data.withId} />
          </CardContent>
        </Card>
      </div>
      <ReplyDialog reply={data.replying} action={action} closeTo={data.here} lastResult={actionData?.result ?? null} />
      <DeleteMessageDialog message={data.deleting} action={action} closeTo={data.here} />
      <Toaster toast={actionData?.toast} />
    </div>
  )
}
