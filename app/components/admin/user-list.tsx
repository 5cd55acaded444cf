import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Badge } from '~/components/ui/badge'
import { Button, buttonClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { cn } from '~/lib/cn'
import {
  ADMIN_PATH,
  SUSPEND_USER_INTENT,
  UNSUSPEND_USER_INTENT,
  type Paging,
  type UserRow,
} from '~/models/admin/admin-links'
import { Pager } from './pager'
import { PostButton } from './post-button'

type Filter = { key: string; label: string; href: string; current: boolean }

/**
 * The users: a filter (All Users / Practitioners / Clients / Admins, links), a GET search by
 * name or email (both in the URL), then 25 a page. Each shows name, type badge, Admin and
 * Suspended badges, email, phone and created date, a Suspend / Unsuspend toggle and Delete
 * (disabled for admins: the server refuses them too).
 */
export function UserList({
  total,
  q,
  filter,
  filters,
  rows,
  paging,
  action,
}: {
  total: number
  q: string
  filter: string
  filters: Filter[]
  rows: UserRow[]
  paging: Paging
  action: string
}) {
  const { t } = useTranslation('admin')
  return (
    <Card className="space-y-4 p-5">
      <h2 className="text-lg font-semibold">{t('users.heading', { total })}</h2>
      <nav aria-label={t('users.filterLabel')} className="flex flex-wrap gap-2">
        {filters.map((f) => (
          <Link
            key={f.key}
            to={f.href}
            preventScrollReset
            aria-current={f.current ? 'page' : undefined}
            className={buttonClass({ variant: f.current ? 'primary' : 'outline', size: 'sm' })}
          >
            {f.label}
          </Link>
        ))}
      </nav>
      <Form method="get" action={ADMIN_PATH} role="search" preventScrollReset className="flex gap-2">
        {filter !== 'all' ? <input type="hidden" name="filter" value={filter} /> : null}
        <input
          type="search"
          name="q"
          defaultValue={q}
          placeholder={t('users.searchPlaceholder')}
          aria-label={t('users.searchLabel')}
          className="h-9 w-full rounded-md border border-input bg-background px-3 text-sm"
        />
        <Button type="submit" variant="outline" size="sm">
          {t('users.search')}
        </Button>
      </Form>
      {rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{q ? t('users.noMatch') : t('users.none')}</p>
      ) : (
        <ul className="divide-y divide-border" aria-label={t('users.listLabel')}>
          {rows.map((u) => (
            <li
              key={u.id}
              data-testid="user-row"
              className={cn('flex flex-wrap items-start justify-between gap-3 py-3', u.suspended && 'opacity-75')}
            >
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {u.name}
                  <Badge tone={u.isPractitioner ? 'default' : 'secondary'}>
                    {u.isPractitioner ? t('users.badges.practitioner') : t('users.badges.client')}
                  </Badge>
                  {u.isAdmin ? <Badge tone="warning">{t('users.badges.admin')}</Badge> : null}
                  {u.suspended ? <Badge tone="destructive">{t('users.badges.suspended')}</Badge> : null}
                </p>
                <p className="truncate text-sm text-muted-foreground">{u.email}</p>
                <p className="text-xs text-muted-foreground">
                  {u.phoneNumber ? `${u.phoneNumber} · ` : ''}
                  {t('users.created', { date: u.created })}
                </p>
              </div>
              <div className="flex items-center gap-2">
                {u.isAdmin ? null : (
                  <PostButton
                    action={action}
                    intent={u.suspended ? UNSUSPEND_USER_INTENT : SUSPEND_USER_INTENT}
                    fields={{ userId: u.id }}
                    pendingText={u.suspended ? t('users.unsuspending') : t('users.suspending')}
                    label={
                      u.suspended
                        ? t('users.unsuspendLabel', { name: u.name })
                        : t('users.suspendLabel', { name: u.name })
                    }
                  >
                    {u.suspended ? t('users.unsuspend') : t('users.suspend')}
                  </PostButton>
                )}
                {u.deleteHref ? (
                  <Link
                    to={u.deleteHref}
                    preventScrollReset
                    aria-label={t('users.deleteLabel', { name: u.name })}
                    className={buttonClass({ variant: 'ghost', size: 'sm' }, 'text-destructive')}
                  >
                    {t('users.delete')}
                  </Link>
                ) : (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled
                    aria-label={t('users.deleteLabel', { name: u.name })}
                    title={t('users.adminNotDeletable')}
                  >
                    {t('users.delete')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager paging={paging} label={t('users.pages')} />
    </Card>
  )
}
