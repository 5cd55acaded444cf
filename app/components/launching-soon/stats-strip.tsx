import { useTranslation } from 'react-i18next'

/** The four numbers, by their keys in the catalogue (lead.stats.*), each a value and its label. */
const STATS = ['joined', 'fee', 'booking', 'private'] as const

/**
 * Solace in four numbers, on a coloured band. A description list whose value is drawn above
 * its label (`flex-col-reverse`), so it reads label-then-value to a screen reader.
 */
export function StatsStrip() {
  const { t } = useTranslation('marketplace')
  return (
    <section className="bg-primary text-primary-foreground" aria-label={t('lead.stats.label')}>
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 py-12 text-center sm:px-6 md:grid-cols-4">
        {STATS.map((stat) => (
          <div key={stat} className="flex flex-col-reverse gap-1">
            <dt className="text-sm text-primary-foreground">{t(`lead.stats.${stat}.label`)}</dt>
            <dd className="text-4xl font-bold tracking-tight">{t(`lead.stats.${stat}.value`)}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
