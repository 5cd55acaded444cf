import { useTranslation } from 'react-i18next'
import { Card } from '~/components/ui/card'
import type { ActivityRow, Paging } from '~/models/admin/admin-links'
import { Pager } from './pager'

/** The admin trail, newest first: who did what to which record, and when. */
export function ActivitySection({ total, rows, paging }: { total: number; rows: ActivityRow[]; paging: Paging }) {
  const { t } = useTranslation('admin')
  return (
    <Card className="space-y-3 p-5">
      <h2 id="activity-heading" className="text-lg font-semibold">
        {t('activity.heading', { total })}
      </h2>
      {rows.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted-foreground">{t('activity.none')}</p>
      ) : (
        <ol className="divide-y divide-border" aria-labelledby="activity-heading">
          {rows.map((row) => (
            <li key={row.id} data-testid="activity-row" className="py-2 text-sm">
              <p>
                <span className="font-medium">{row.what}</span>
                {row.record ? <span> · {row.record}</span> : null}
                {row.detail ? <span className="text-muted-foreground"> · {row.detail}</span> : null}
              </p>
              <p className="text-xs text-muted-foreground">
                {row.who} · {row.when}
              </p>
            </li>
          ))}
        </ol>
      )}
      <Pager paging={paging} label={t('activity.pages')} />
    </Card>
  )
}
