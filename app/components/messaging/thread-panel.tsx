import { useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Badge } from '~/components/ui/badge'
import { buttonClass } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import { cn } from '~/lib/cn'
import { LATEST_ANCHOR, type InboxMessage, type InboxThread } from '~/models/messaging/inbox-page'
import { MessageForm } from './message-form'
import { PersonPhoto } from './person-photo'
import type { SubmissionResult } from '@conform-to/react'

/**
 * The right column: the open conversation, oldest first, with the composer under it, or what to
 * do when none is open. 'Loading messages...' only shows while the browser (with JavaScript)
 * fetches another one.
 *
 * The thread opens at its newest message, as a chat does, with no script: its scroll box is a
 * reversed flex column, which browsers start scrolled to its end and keep there as messages are
 * added. The first message that arrived unread is the box's initial scroll target instead,
 * where the browser supports one (Chromium). `#latest`, after the composer, is where opening a
 * conversation and sending a message take the page (inbox-page.ts).
 */
export function ThreadPanel({
  thread,
  base,
  withId,
  action,
  lastResult,
}: {
  thread: InboxThread | null
  base: string
  withId: number | null
  /** Where the composer posts: the address showing it. */
  action: string
  /** A refused message from the composer, to show again. */
  lastResult: SubmissionResult<string[]> | null
}) {
  const navigation = useNavigation()
  const { t } = useTranslation('messaging')
  const next = navigation.state === 'loading' ? navigation.location : null
  const switching =
    next !== null &&
    next.pathname === base &&
    new URLSearchParams(next.search).get('with') !== (withId === null ? null : String(withId))
  if (switching) {
    return (
      <p role="status" className="py-10 text-center text-sm text-muted-foreground">
        {t('thread.loading')}
      </p>
    )
  }
  if (!thread) {
    return <p className="py-10 text-center text-sm text-muted-foreground">{t('thread.select')}</p>
  }
  const last = thread.messages.at(-1)
  // Once I have written after them (a message just sent), the newest is what to show.
  const firstNew = last?.fromMe ? undefined : thread.messages.find((message) => message.isNew)?.id
  return (
    <section aria-labelledby="thread-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border pb-3">
        <div className="flex items-center gap-3">
          <PersonPhoto person={thread.other} />
          <h2 id="thread-title" className="font-semibold">
            {thread.other.name}
          </h2>
          {thread.other.isPractitioner ? <Badge tone="outline">{t('practitioner')}</Badge> : null}
        </div>
      </div>
      {thread.olderHref ? (
        <Link to={thread.olderHref} preventScrollReset className={buttonClass({ variant: 'ghost', size: 'sm' })}>
          {t('thread.older')}
        </Link>
      ) : null}
      {thread.messages.length ? (
        // A new box for another conversation or a new last message: it starts again where it opens.
        <div key={`${withId}-${last?.id}`} className="flex max-h-[400px] flex-col-reverse overflow-y-auto pr-1">
          <ol aria-label={t('thread.messagesWith', { name: thread.other.name })} className="space-y-3">
            {thread.messages.map((message) => (
              <MessageItem key={message.id} message={message} opensHere={message.id === firstNew} />
            ))}
          </ol>
        </div>
      ) : (
        <p className="py-6 text-center text-sm text-muted-foreground">{t('thread.empty')}</p>
      )}
      {thread.newerHref ? (
        <Link to={thread.newerHref} preventScrollReset className={buttonClass({ variant: 'ghost', size: 'sm' })}>
          {t('thread.newer')}
        </Link>
      ) : null}
      {thread.composer ? (
        <div className="border-t border-border pt-4">
          <MessageForm
            // A sent message is the new last one: the composer starts empty again under it.
            key={`${withId}-${last?.id ?? 'none'}`}
            id={`composer-${thread.composer.recipientId}`}
            reply={thread.composer}
            action={action}
            lastResult={lastResult}
            rows={3}
            label={t('thread.writeTo', { name: thread.other.name })}
            compact
          />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t('thread.closed')}</p>
      )}
      {/* With the bottom of the viewport 1.5rem under it: the page scrolls only as far as it must. */}
      <span id={LATEST_ANCHOR} className="block scroll-mt-[calc(100dvh-1.5rem)]" />
    </section>
  )
}

function MessageItem({ message, opensHere }: { message: InboxMessage; opensHere: boolean }) {
  const { t } = useTranslation('messaging')
  return (
    <li
      data-testid="message"
      className={cn(
        'rounded-lg border border-border p-4',
        message.fromMe ? 'ml-6 bg-secondary/40' : 'mr-6 bg-card',
        // The box opens with this message at its top (no script; Chromium), the rest under it.
        opensHere && 'snap-start [scroll-initial-target:nearest]',
      )}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">
          {message.sender}
          {message.isNew ? (
            <Badge tone="default" className="ml-2">
              {t('thread.new')}
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
            aria-label={t('thread.replyTo', { subject: message.subject })}
          >
            {t('thread.reply')}
          </Link>
        ) : null}
        <Link
          to={message.deleteHref}
          preventScrollReset
          className={buttonClass({ variant: 'ghost', size: 'sm' })}
          aria-label={t('thread.deleteNamed', { subject: message.subject })}
        >
          {t('thread.delete')}
        </Link>
      </div>
    </li>
  )
}
