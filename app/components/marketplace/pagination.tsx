import { useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Link } from '~/components/ui/link'
import { cn } from '~/lib/cn'

/** Page links that keep the current filters in the URL (work without JavaScript). */
export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const { t } = useTranslation('marketplace')
  const location = useLocation()
  if (pageCount <= 1) return null
  const hrefFor = (n: number) => {
    const params = new URLSearchParams(location.search)
    if (n === 1) params.delete('page')
    else params.set('page', String(n))
    const query = params.toString()
    return query ? `${location.pathname}?${query}` : location.pathname
  }
  const around = [page - 2, page - 1, page, page + 1, page + 2].filter((n) => n > 1 && n < pageCount)
  const shown = [1, ...around, pageCount]
  const item = 'flex h-9 min-w-9 items-center justify-center rounded-md border px-3 text-sm'
  return (
    <nav aria-label={t('pagination.label')} className="mt-10 flex flex-wrap items-center justify-center gap-1.5">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={cn(item, 'border-input bg-card hover:bg-muted')} rel="prev">
          {t('pagination.previous')}
        </Link>
      ) : null}
      {shown.map((n, i) => (
        <span key={n} className="flex items-center gap-1.5">
          {i > 0 && n - shown[i - 1]! > 1 ? <span className="px-1 text-muted-foreground">…</span> : null}
          {n === page ? (
            <span aria-current="page" className={cn(item, 'border-primary bg-primary text-primary-foreground')}>
              {n}
            </span>
          ) : (
            <Link
              to={hrefFor(n)}
              className={cn(item, 'border-input bg-card hover:bg-muted')}
              aria-label={t('pagination.page', { page: n })}
            >
              {n}
            </Link>
          )}
        </span>
      ))}
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={cn(item, 'border-input bg-card hover:bg-muted')} rel="next">
          {t('pagination.next')}
        </Link>
      ) : null}
    </nav>
  )
}
