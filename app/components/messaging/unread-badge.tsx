import { useTranslation } from 'react-i18next'
import { useUnreadMessageCount } from '~/components/layout/root-data'
import { Link } from '~/components/ui/link'
import { cn } from '~/lib/cn'
import { inboxPath } from '~/models/messaging/inbox'

/** '3 unread': a count of unread messages, read out with its word; nothing when there are none. */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  // Its words are read only when it shows: a page with nothing unread needs no messaging catalogue.
  return count > 0 ? <Count count={count} className={className} /> : null
}

function Count({ count, className }: { count: number; className?: string }) {
  const { t } = useTranslation('messaging')
  return (
    <span
      data-testid="unread-badge"
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 py-0.5 text-xs font-semibold text-primary-foreground',
        className,
      )}
    >
      {count}
      <span className="sr-only"> {t('unread.badge', { count })}</span>
    </span>
  )
}

/**
 * Beside the header's Dashboard link on every signed-in page: the unread count, linking to the
 * person's inbox. Hidden when nothing is unread (and for admins, who have no inbox).
 */
export function HeaderUnreadLink({ user }: { user: { isPractitioner: boolean; isAdmin: boolean } }) {
  const count = useUnreadMessageCount()
  if (user.isAdmin || count <= 0) return null
  return <UnreadLink user={user} count={count} />
}

function UnreadLink({ user, count }: { user: { isPractitioner: boolean }; count: number }) {
  const { t } = useTranslation('messaging')
  return (
    <Link
      to={inboxPath(user)}
      title={t('unread.title', { count })}
      className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-none stroke-current stroke-2">
        <path d="M4 6h16v12H4z M4 7l8 6 8-6" />
      </svg>
      <UnreadBadge count={count} />
    </Link>
  )
}
