import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Badge } from '~/components/ui/badge'
import { Button, buttonClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { cn } from '~/lib/cn'
import { LEADS_CSV_PATH, type LeadRow, type Paging } from '~/models/admin/admin-links'
import { Pager } from './pager'

/** A cell: a table cell from md up; below, a line that names its column (`data-label`). */
const cell =
  'flex gap-3 py-0.5 before:w-16 before:shrink-0 before:text-xs before:leading-5 before:text-muted-foreground before:content-[attr(data-label)] md:table-cell md:py-2 md:pr-3 md:before:content-none'

/**
 * Early-access leads, newest first: name, type badge, source, email, country code and phone,
 * date, Delete; and Export CSV, a plain form post whose answer the browser downloads (with or
 * without JavaScript: `reloadDocument` leaves it to the browser).
 */
export function LeadsTab({ total, rows, paging }: { total: number; rows: LeadRow[]; paging: Paging }) {
  const { t } = useTranslation('admin')
  return (
    <Card className="space-y-4 p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{t('leads.heading', { total })}</h2>
        <Form method="post" action={LEADS_CSV_PATH} reloadDocument>
          <Button type="submit" variant="outline" size="sm" disabled={total === 0}>
            {t('leads.exportCsv')}
          </Button>
        </Form>
      </div>
      {rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{t('leads.none')}</p>
      ) : (
        // From md up a table; below, each lead a stacked card whose cells name their column, so
        // a phone shows the phone, the date and Delete without scrolling sideways.
        <table className="block w-full text-left text-sm md:table">
          <thead className="sr-only text-xs text-muted-foreground uppercase md:not-sr-only md:table-header-group">
            <tr>
              <th className="py-2 pr-3 font-medium">{t('leads.columns.name')}</th>
              <th className="py-2 pr-3 font-medium">{t('leads.columns.type')}</th>
              <th className="py-2 pr-3 font-medium">{t('leads.columns.source')}</th>
              <th className="py-2 pr-3 font-medium">{t('leads.columns.email')}</th>
              <th className="py-2 pr-3 font-medium">{t('leads.columns.phone')}</th>
              <th className="py-2 pr-3 font-medium">{t('leads.columns.date')}</th>
              <th className="py-2 font-medium">
                <span className="sr-only">{t('leads.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="block divide-y divide-border md:table-row-group">
            {rows.map((l) => (
              <tr key={l.id} data-testid="lead-row" className="block py-3 md:table-row md:py-0">
                <td className={cell}>
                  <span className="font-medium">{l.name}</span>
                </td>
                <td className={cell} data-label={t('leads.columns.type')}>
                  <Badge tone={l.userType === 'practitioner' ? 'default' : 'secondary'}>
                    {t(`leads.userTypes.${l.userType}`)}
                  </Badge>
                </td>
                <td className={cell} data-label={t('leads.columns.source')}>
                  {l.source}
                </td>
                <td className={cn(cell, 'break-all md:break-normal')} data-label={t('leads.columns.email')}>
                  {l.email}
                </td>
                <td className={cn(cell, 'whitespace-nowrap')} data-label={t('leads.columns.phone')}>
                  {l.phone}
                </td>
                <td className={cn(cell, 'whitespace-nowrap')} data-label={t('leads.columns.date')}>
                  {l.date}
                </td>
                <td className="block pt-1 md:table-cell md:py-2 md:text-right">
                  <Link
                    to={l.deleteHref}
                    preventScrollReset
                    aria-label={t('leads.deleteLabel', { name: l.name })}
                    className={buttonClass({ variant: 'ghost', size: 'sm' }, '-ml-3 text-destructive md:ml-0')}
                  >
                    {t('leads.delete')}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager paging={paging} label={t('leads.pages')} />
    </Card>
  )
}
