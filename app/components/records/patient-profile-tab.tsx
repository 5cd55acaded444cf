import { useTranslation } from 'react-i18next'
import { ButtonLink } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import { filledProfileFields, type ChartPatient } from '~/models/records/chart-links'

/** The Profile tab: the fields that are filled, read-only, Edit Profile, and the access history. */
export function PatientProfileTab({ chart }: { chart: ChartPatient }) {
  const { t } = useTranslation('records')
  const fields = [
    { label: t('fields.firstName'), value: chart.profile.firstName },
    { label: t('fields.lastName'), value: chart.profile.lastName },
    ...filledProfileFields(chart.profile, chart.dateOfBirth).map(({ field, value }) => ({
      label: t(`fields.${field}`),
      value,
    })),
  ]
  return (
    <div className="space-y-6">
      <div className="flex justify-end">
        <ButtonLink to={chart.editHref} preventScrollReset variant="outline" size="sm">
          {t('profile.edit')}
        </ButtonLink>
      </div>
      <dl className="grid gap-4 sm:grid-cols-2">
        {fields.map(({ label, value }) => (
          <div key={label}>
            <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
            <dd className="whitespace-pre-wrap">{value}</dd>
          </div>
        ))}
      </dl>
      {chart.history ? <AccessHistory history={chart.history} /> : null}
    </div>
  )
}

function AccessHistory({ history }: { history: NonNullable<ChartPatient['history']> }) {
  const { t } = useTranslation('records')
  return (
    <section aria-labelledby="access-history-heading" className="space-y-2">
      <h3 id="access-history-heading" className="font-semibold">
        {t('profile.history')}
      </h3>
      <ul className="divide-y divide-border text-sm" aria-label={t('profile.history')}>
        {history.entries.map((entry) => (
          <li key={entry.id} className="flex justify-between gap-4 py-1.5">
            <span>{entry.action}</span>
            <span className="text-muted-foreground">{entry.when}</span>
          </li>
        ))}
      </ul>
      <div className="flex gap-4 text-sm">
        {history.newestHref ? (
          <Link to={history.newestHref} preventScrollReset>
            {t('profile.newest')}
          </Link>
        ) : null}
        {history.olderHref ? (
          <Link to={history.olderHref} preventScrollReset>
            {t('profile.older')}
          </Link>
        ) : null}
      </div>
    </section>
  )
}
