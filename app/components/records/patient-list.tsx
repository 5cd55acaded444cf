import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Button, buttonClass } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import { cn } from '~/lib/cn'
import { CHART_PATH, type ChartPatientRow } from '~/models/records/chart-links'

/**
 * The left column: 'Patients (count)', a GET search (the search is in the URL), the page of
 * patients with a delete link each, and links to the other pages. Scrolls at about 384px.
 */
export function PatientList({
  total,
  q,
  patients,
  prevHref,
  nextHref,
  pageLabel,
}: {
  total: number
  q: string
  patients: ChartPatientRow[]
  prevHref: string | null
  nextHref: string | null
  pageLabel: string | null
}) {
  const { t } = useTranslation('records')
  return (
    <section aria-labelledby="patients-heading" className="space-y-3 rounded-lg border border-border bg-card p-4">
      <h2 id="patients-heading" className="text-lg font-semibold">
        {t('list.heading', { count: total })}
      </h2>
      <Form method="get" action={CHART_PATH} role="search" className="flex gap-2">
        <input
          type="search"
          name="q"
          defaultValue={q}
          placeholder={t('list.searchPlaceholder')}
          aria-label={t('list.searchLabel')}
          className="h-9 w-full rounded-md border border-input bg-background px-3 text-sm"
        />
        <Button type="submit" variant="outline" size="sm">
          {t('list.search')}
        </Button>
      </Form>
      {patients.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{q ? t('list.noMatch') : t('list.empty')}</p>
      ) : (
        <ul className="max-h-96 divide-y divide-border overflow-y-auto" aria-label={t('list.label')}>
          {patients.map((p) => (
            <li
              key={p.id}
              data-testid="patient-row"
              className={cn('flex items-start justify-between gap-2 p-2', p.selected && 'bg-muted')}
            >
              <Link to={p.href} aria-current={p.selected ? 'true' : undefined} className="min-w-0 flex-1">
                <span className="block font-medium">{p.name}</span>
                {p.email ? <span className="block truncate text-sm text-muted-foreground">{p.email}</span> : null}
                <span className="block text-xs text-muted-foreground">{t('list.added', { time: p.added })}</span>
              </Link>
              <Link
                to={p.deleteHref}
                preventScrollReset
                aria-label={t('list.deleteNamed', { name: p.name })}
                className={buttonClass({ variant: 'ghost', size: 'sm' }, 'text-destructive')}
              >
                {t('list.delete')}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pageLabel ? (
        <nav aria-label={t('list.pages')} className="flex items-center justify-between text-sm">
          {prevHref ? <Link to={prevHref}>{t('list.previous')}</Link> : <span />}
          <span className="text-muted-foreground">{pageLabel}</span>
          {nextHref ? <Link to={nextHref}>{t('list.next')}</Link> : <span />}
        </nav>
      ) : null}
    </section>
  )
}
