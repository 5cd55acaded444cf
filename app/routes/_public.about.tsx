import { useTranslation } from 'react-i18next'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { metaT } from '~/lib/i18n/meta'
import type { MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, 'marketplace')
  return [{ title: t('titles.about') }, { name: 'description', content: t('titles.aboutDescription') }]
}

/** What Solace offers and what it holds to, by their keys in the catalogue (about.offerings.*, about.values.*). */
const OFFERINGS = ['certified', 'virtual', 'secure'] as const
const VALUES = ['accessibility', 'quality', 'community'] as const

export default function AboutPage() {
  const { t } = useTranslation('marketplace')
  return (
    <>
      <section className="bg-gradient-to-b from-secondary to-background">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">{t('about.eyebrow')}</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">{t('about.title')}</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground">{t('about.intro')}</p>
        </div>
      </section>

      <section className="mx-auto max-w-4xl px-4 py-12 sm:px-6" aria-labelledby="mission-heading">
        <h2 id="mission-heading" className="text-3xl font-bold tracking-tight">
          {t('about.missionTitle')}
        </h2>
        <div className="mt-4 space-y-4 text-lg leading-relaxed text-muted-foreground">
          <p>{t('about.mission.why')}</p>
          <p>{t('about.mission.practitioners')}</p>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6" aria-labelledby="offer-heading">
        <h2 id="offer-heading" className="text-center text-3xl font-bold tracking-tight">
          {t('about.offerTitle')}
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {OFFERINGS.map((item) => (
            <Card key={item} className="p-6">
              <h3 className="text-lg font-semibold text-primary">{t(`about.offerings.${item}.title`)}</h3>
              <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{t(`about.offerings.${item}.text`)}</p>
            </Card>
          ))}
        </div>
      </section>

      <section className="bg-muted/50" aria-labelledby="values-heading">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 id="values-heading" className="text-center text-3xl font-bold tracking-tight">
            {t('about.valuesTitle')}
          </h2>
          <dl className="mt-10 grid gap-8 md:grid-cols-3">
            {VALUES.map((value, index) => (
              <div key={value} className="border-l-4 border-accent pl-5">
                <dt className="text-lg font-semibold">
                  <span className="mr-2 text-accent-strong">0{index + 1}</span>
                  {t(`about.values.${value}.title`)}
                </dt>
                <dd className="mt-2 text-sm leading-relaxed text-muted-foreground">
                  {t(`about.values.${value}.text`)}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="bg-primary">
        <div className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6">
          <h2 className="text-3xl font-bold tracking-tight text-primary-foreground">{t('about.ctaTitle')}</h2>
          <p className="mx-auto mt-3 max-w-xl text-primary-foreground/85">{t('about.ctaText')}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/services" size="lg" variant="secondary">
              {t('about.findServices')}
            </ButtonLink>
            <ButtonLink
              to="/launching-soon"
              size="lg"
              variant="outline"
              className="border-white/60 bg-transparent text-white hover:bg-white/10"
            >
              {t('about.imPractitioner')}
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  )
}
