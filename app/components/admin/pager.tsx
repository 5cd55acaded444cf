import { useTranslation } from 'react-i18next'
import { Link } from '~/components/ui/link'
import type { Paging } from '~/models/admin/admin-links'

/** Previous / 'Page 2 of 5' / Next under a list; nothing when it fits on one page. */
export function Pager({ paging, label }: { paging: Paging; label: string }) {
  const { t } = useTranslation('admin')
  if (!paging.label) return null
  return (
    <nav aria-label={label} className="flex items-center justify-between pt-3 text-sm">
      {paging.prevHref ? (
        <Link to={paging.prevHref} preventScrollReset>
          {t('paging.previous')}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-muted-foreground">{paging.label}</span>
      {paging.nextHref ? (
        <Link to={paging.nextHref} preventScrollReset>
          {t('paging.next')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}
