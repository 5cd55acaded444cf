import { useTranslation } from 'react-i18next'
import { Badge } from '~/components/ui/badge'
import { buttonClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { cn } from '~/lib/cn'
import { MARK_MESSAGE_READ_INTENT, type MessageRow, type Paging } from '~/models/admin/admin-links'
import { Pager } from './pager'
import { PostButton } from './post-button'

/**
 * Contact-form messages, newest first: unread ones highlighted with a 'New' badge and a Mark as
 * Read button; each with Reply (the person's mail client, subject filled) and Delete.
 */
export function MessagesTab({
  total,
  rows,
  paging,
  action,
}: {
  total: number
  rows: MessageRow[]
  paging: Paging
  action: string
}) {
  const { t } = useTranslation('admin')
  return (
    <Card className="space-y-4 p-5">
      <h2 className="text-lg font-semibold">{t('messages.heading', { total })}</h2>
      {rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{t('messages.none')}</p>
      ) : (
        <ul className="space-y-3" aria-label={t('messages.listLabel')}>
          {rows.map((m) => (
            <li
              key={m.id}
              data-testid="message-row"
              className={cn(
                'space-y-2 rounded-lg border p-4',
                m.isRead ? 'border-border' : 'border-primary/40 bg-secondary',
              )}
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {m.subject}
                    {m.isRead ? null : <Badge tone="default">{t('messages.new')}</Badge>}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {m.name} · {m.email} · {m.date}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  {m.isRead ? null : (
                    <PostButton
                      action={action}
                      intent={MARK_MESSAGE_READ_INTENT}
                      fields={{ messageId: m.id }}
                      pendingText={t('messages.marking')}
                      label={t('messages.markReadLabel', { subject: m.subject })}
                    >
                      {t('messages.markRead')}
                    </PostButton>
                  )}
                  <a
                    href={m.replyHref}
                    aria-label={t('messages.replyLabel', { name: m.name })}
                    className={buttonClass({ variant: 'outline', size: 'sm' })}
                  >
                    {t('messages.reply')}
                  </a>
                  <Link
                    to={m.deleteHref}
                    preventScrollReset
                    aria-label={t('messages.deleteLabel', { subject: m.subject })}
                    className={buttonClass({ variant: 'ghost', size: 'sm' }, 'text-destructive')}
                  >
                    {t('messages.delete')}
                  </Link>
                </div>
              </div>
              <p className="text-sm whitespace-pre-line">{m.message}</p>
              {m.booking ? (
                <div
                  className="rounded-md border border-border bg-muted/40 p-3 text-sm"
                  aria-label={t('messages.bookingLabel', { id: m.booking.id })}
                >
                  <p className="font-medium">
                    {t('messages.bookingHeading', { id: m.booking.id, summary: m.booking.summary })}
                  </p>
                  <p>{m.booking.people}</p>
                  <p className="text-muted-foreground">{m.booking.state}</p>
                  <ul aria-label={t('messages.attendance')} className="list-disc pl-5">
                    {m.booking.trail.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                  {m.booking.practitionerEmail ? (
                    <a href={`mailto:${m.booking.practitionerEmail}`} className="underline">
                      {t('messages.writeToPractitioner')}
                    </a>
                  ) : null}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pager paging={paging} label={t('messages.pages')} />
    </Card>
  )
}
