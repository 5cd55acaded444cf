import { useTranslation } from 'react-i18next'
import { StatCard } from '~/components/stat-card'

/** The four counts; a person is counted once, as admin, practitioner or client. */
export function CountCards({
  counts,
}: {
  counts: { total: number; practitioners: number; clients: number; admins: number }
}) {
  const { t } = useTranslation('admin')
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard label={t('counts.total')} value={counts.total} />
      <StatCard label={t('counts.practitioners')} value={counts.practitioners} />
      <StatCard label={t('counts.clients')} value={counts.clients} />
      <StatCard label={t('counts.admins')} value={counts.admins} />
    </div>
  )
}
