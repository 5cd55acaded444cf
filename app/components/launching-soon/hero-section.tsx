import { useTranslation } from 'react-i18next'
import { Card } from '~/components/ui/card'
import { CheckIcon } from './check-icon'

/** The selling points beside the join card, by their keys in the catalogue (lead.hero.points.*). */
const HERO_POINTS = ['own', 'video', 'paid'] as const

/** The top of Launching Soon: the pitch on one side, the join card (`#join`) on the other. */
export function HeroSection({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation('marketplace')
  return (
    <section className="bg-gradient-to-b from-secondary to-background">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
        <div>
          <p className="inline-flex rounded-full bg-accent-soft px-3 py-1 text-sm font-medium text-secondary-foreground">
            {t('lead.hero.badge')}
          </p>
          <h1 className="mt-5 text-4xl font-bold tracking-tight sm:text-5xl">{t('lead.hero.title')}</h1>
          <p className="mt-5 max-w-xl text-lg text-muted-foreground">{t('lead.hero.text')}</p>
          <ul className="mt-6 space-y-2 text-sm">
            {HERO_POINTS.map((point) => (
              <li key={point} className="flex items-center gap-2">
                <CheckIcon className="size-4 text-primary" />
                {t(`lead.hero.points.${point}`)}
              </li>
            ))}
          </ul>
        </div>
        <Card id="join" className="p-6 sm:p-8">
          {children}
        </Card>
      </div>
    </section>
  )
}
