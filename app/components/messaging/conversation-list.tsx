import { useTranslation } from 'react-i18next'
import { Badge } from '~/components/ui/badge'
import { buttonClass } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import { cn } from '~/lib/cn'
import type { InboxConversation } from '~/models/messaging/inbox-page'
import { PersonPhoto } from './person-photo'
import { UnreadBadge } from './unread-badge'

/** The left column: one row per person, newest first, each a link that opens the conversation. */
export function ConversationList({
  conversations,
  moreHref,
  firstPageHref,
}: {
  conversations: InboxConversation[]
  moreHref: string | null
  firstPageHref: string | null
}) {
  const { t } = useTranslation('messaging')
  return (
    <div className="space-y-3">
      {firstPageHref ? (
        <Link to={firstPageHref} className={buttonClass({ variant: 'ghost', size: 'sm' })}>
          {t('list.newest')}
        </Link>
      ) : null}
      {conversations.length ? (
        <ul aria-label={t('list.label')} className="max-h-[400px] divide-y divide-border overflow-y-auto">
          {conversations.map((c) => (
            <li key={c.other.id}>
              <Link
                to={c.href}
                aria-current={c.selected ? 'true' : undefined}
                preventScrollReset
                className={cn(
                  'flex items-start gap-3 rounded-md p-3 transition-colors hover:bg-muted',
                  c.selected && 'bg-secondary',
                )}
              >
                <PersonPhoto person={c.other} />
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="truncate font-medium">{c.other.name}</span>
                    {c.other.isPractitioner ? <Badge tone="outline">{t('practitioner')}</Badge> : null}
                    <UnreadBadge count={c.unreadCount} className="ml-auto" />
                  </span>
                  <span className="block truncate text-sm text-muted-foreground">
                    {c.fromMe ? t('list.fromMe', { subject: c.subject }) : c.subject}
                  </span>
                  <time dateTime={c.iso} className="block text-xs text-muted-foreground">
                    {c.time}
                  </time>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t('list.empty')}</p>
      )}
      {moreHref ? (
        <Link to={moreHref} className={buttonClass({ variant: 'outline', size: 'sm' })}>
          {t('list.more')}
        </Link>
      ) : null}
    </div>
  )
}
