import { useTranslation } from 'react-i18next'
import { Card } from '~/components/ui/card'
import { CheckIcon } from './check-icon'

/** The three cards, by their keys in the catalogue (lead.features.*), each with its icon and its points' keys. */
const FEATURES = [
  {
    key: 'practice',
    points: [
      'lead.features.practice.points.calendar',
      'lead.features.practice.points.charting',
      'lead.features.practice.points.inbox',
    ],
    icon: 'M8 2v3M16 2v3M3.5 9h17M5 4.5h14A1.5 1.5 0 0 1 20.5 6v13a1.5 1.5 0 0 1-1.5 1.5H5A1.5 1.5 0 0 1 3.5 19V6A1.5 1.5 0 0 1 5 4.5Z',
  },
  {
    key: 'growth',
    points: [
      'lead.features.growth.points.pay',
      'lead.features.growth.points.keep',
      'lead.features.growth.points.profile',
    ],
    icon: 'M3 17l6-6 4 4 8-8M15 7h6v6',
  },
  {
    key: 'support',
    points: [
      'lead.features.support.points.video',
      'lead.features.support.points.ai',
      'lead.features.support.points.onboarding',
    ],
    icon: 'M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6l8-3Zm-3 9 2 2 4-4',
  },
] as const

/** What Solace offers a practice, as three cards under one heading. */
export function FeatureCards() {
  const { t } = useTranslation('marketplace')
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6" aria-labelledby="features-heading">
      <h2 id="features-heading" className="text-center text-3xl font-bold tracking-tight">
        {t('lead.features.heading')}
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">{t('lead.features.text')}</p>
      <div className="mt-10 grid gap-6 md:grid-cols-3">
        {FEATURES.map((feature) => (
          <Card key={feature.key} className="p-6">
            <span className="flex size-11 items-center justify-center rounded-lg bg-secondary text-primary">
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="size-6"
                fill="none"
                stroke="currentColor"
                strokeWidth={1.8}
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d={feature.icon} />
              </svg>
            </span>
            <h3 className="mt-4 text-lg font-semibold">{t(`lead.features.${feature.key}.title`)}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{t(`lead.features.${feature.key}.text`)}</p>
            <ul className="mt-4 space-y-2 text-sm">
              {feature.points.map((point) => (
                <li key={point} className="flex gap-2">
                  <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" />
                  {t(point)}
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </div>
    </section>
  )
}
