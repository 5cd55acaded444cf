import { useNavigation } from '@remix-run/react'
import { Badge } from '~/components/ui/badge'
import { buttonClass } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import type { InboxMessage, InboxThread } from '~/models/messaging/inbox-page'
import { PersonPhoto } from './person-photo'

/**
 * The right column: the open conversation, oldest first, or what to do when none is open.
 * 'Loading messages...' only shows while the browser (with JavaScript) fetches another one.
 */
export function ThreadPanel({
  thread,
  base,
  withId,
}: {
  thread: InboxThread | null
  base: string
  withId: number | null
}) {
  const navigation = useNavigation()
  const next = navigation.state === 'loading' ? navigation.location : null
  const switching =
    next !== null &&
    next.pathname === base &&
    new URLSearchParams(next.search).get('with') !== (withId === null ? null : String(withId))
  if (switching) {
    return (
      <p role="status" className="py-10 text-center text-sm text-muted-foreground">
        Loading messages...
      </p>
    )
  }
  if (!thread) {
    return <p className="py-10 text-center text-sm text-muted-foreground">Select a conversation to view messages</p>
  }
  return (
    <section aria-labelledby="thread-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border pb-3">
        <div className="flex items-center gap-3">
          <PersonPhoto person={thread.other} />
          <h2 id="thread-title" className="font-semibold">
            {thread.other.name}
          </h2>
          {thread.other.isPractitioner ? <Badge tone="outline">Practitioner</Badge> : null}
        </div>
        {thread.newMessageHref ? (
          <Link to={thread.newMessageHref} preventScrollReset className={buttonClass({ size: 'sm' })}>
            New message
          </Link>
        ) : null}
      </div>
      {thread.olderHref ? (
        <Link to={thread.olderHref} preventScrollReset className={buttonClass({ variant: 'ghost', size: 'sm' })}>
          Older messages
        </Link>
      ) : null}
      {thread.messages.length ? (
        <ol aria-label={`Messages with ${thread.other.name}`} className="max-h-[400px] space-y-3 overflow-y-auto pr-1">
          {thread.messages.map((message) => (
            <MessageItem key={message.id} message={message} />
          ))}
        </ol>
      ) : (
        <p className="py-6 text-center text-sm text-muted-foreground">No messages yet</p>
      )}
      {thread.newerHref ? (
        <Link to={thread.newerHref} preventScrollReset className={buttonClass({ variant: 'ghost', size: 'sm' })}>
          Newer messages
        </Link>
      ) : null}
      {thread.canReply ? null : (
        <p className="text-sm text-muted-foreground">This conversation can no longer be answered.</p>
      )}
    </section>
  )
}

function MessageItem({ message }: { message: InboxMessage }) {
  return (
    <li
      data-testid="message"
      className={
        message.fromMe
          ? 'ml-6 rounded-lg border border-border bg-secondary/40 p-4'
          : 'mr-6 rounded-lg border border-border bg-card p-4'
      }
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">
          {message.sender}
          {message.isNew ? (
            <Badge tone="default" className="ml-2">
              New
            </Badge>
          ) : null}
        </span>
        <time dateTime={message.iso} className="text-xs text-muted-foreground">
          {message.time}
        </time>
      </div>
      <h3 className="mt-2 font-semibold">{message.subject}</h3>
      <p className="mt-1 text-sm leading-relaxed whitespace-pre-line">{message.content}</p>
      <div className="mt-3 flex justify-end gap-2">
        {message.replyHref ? (
          <Link
            to={message.replyHref}
            preventScrollReset
            className={buttonClass({ variant: 'outline', size: 'sm' })}
            aria-label={`Reply to ${message.subject}`}
          >
            Reply
          </Link>
        ) : null}
        <Link
          to={message.deleteHref}
          preventScrollReset
          className={buttonClass({ variant: 'ghost', size: 'sm' })}
          aria-label={`Delete ${message.subject}`}
        >
          Delete
        </Link>
      </div>
    </li>
  )
}
