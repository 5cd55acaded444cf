import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { PractitionerCard } from '~/components/marketplace/practitioner-card'
import { ServiceCard } from '~/components/marketplace/service-card'
import { ButtonLink } from '~/components/ui/button'
import { metaT } from '~/lib/i18n/meta'
import { getFeaturedPractitioners } from '~/models/marketplace/practitioner.server'
import { getPopularServices } from '~/models/marketplace/service.server'
import type { MetaFunction } from '@remix-run/node'

/** The site's own title and description (the root's, in `common`). */
export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches)
  return [{ title: t('titles.home') }, { name: 'description', content: t('titles.homeDescription') }]
}

/** "How It Works", by the steps' keys in the catalogue (home.steps.*). */
const STEPS = ['browse', 'book', 'connect'] as const

/** The home page shows at most 3 services and 4 practitioners. */
export function loader() {
  return { services: getPopularServices(3), practitioners: getFeaturedPractitioners(4) }
}

export default function HomePage() {
  const { t } = useTranslation('marketplace')
  const { services, practitioners } = useLoaderData<typeof loader>()
  return (
    <>
      <section className="bg-gradient-to-b from-secondary to-background">
        <div className="mx-auto max-w-7xl px-4 py-20 text-center sm:px-6 sm:py-28">
          <h1 className="mx-auto max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">{t('home.title')}</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground">{t('home.intro')}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/services" size="lg">
              {t('home.findServices')}
            </ButtonLink>
            <ButtonLink to="/practitioners" size="lg" variant="outline">
              {t('home.browsePractitioners')}
            </ButtonLink>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6" aria-labelledby="popular-services">
        <h2 id="popular-services" className="text-center text-3xl font-bold tracking-tight">
          {t('home.popularServices')}
        </h2>
        {services.length ? (
          <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {services.map((service) => (
              <ServiceCard key={service.id} service={service} />
            ))}
          </div>
        ) : (
          <p className="mt-10 text-center text-muted-foreground">{t('home.noServices')}</p>
        )}
        <div className="mt-10 text-center">
          <ButtonLink to="/services" variant="outline">
            {t('home.viewAllServices')}
          </ButtonLink>
        </div>
      </section>

      <section className="bg-muted/60" aria-labelledby="wellness-experts">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 id="wellness-experts" className="text-center text-3xl font-bold tracking-tight">
            {t('home.experts')}
          </h2>
          {practitioners.length ? (
            <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {practitioners.map((practitioner) => (
                <PractitionerCard key={practitioner.id} practitioner={practitioner} />
              ))}
            </div>
          ) : (
            <p className="mt-10 text-center text-muted-foreground">{t('home.noPractitioners')}</p>
          )}
          <div className="mt-10 text-center">
            <ButtonLink to="/practitioners" variant="outline">
              {t('home.viewAllPractitioners')}
            </ButtonLink>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6" aria-labelledby="how-it-works">
        <h2 id="how-it-works" className="text-center text-3xl font-bold tracking-tight">
          {t('home.howItWorks')}
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step} className="rounded-lg border border-border bg-card p-6 text-center shadow-sm">
              <span className="mx-auto flex size-10 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground">
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold">{t(`home.steps.${step}.title`)}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{t(`home.steps.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="bg-primary">
        <div className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6">
          <h2 className="text-3xl font-bold tracking-tight text-primary-foreground">{t('home.ctaTitle')}</h2>
          <p className="mx-auto mt-3 max-w-xl text-primary-foreground/85">{t('home.ctaText')}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/services" size="lg" variant="secondary">
              {t('home.findServices')}
            </ButtonLink>
            <ButtonLink
              to="/login"
              size="lg"
              variant="outline"
              className="border-white/60 bg-transparent text-white hover:bg-white/10"
            >
              {t('home.becomePractitioner')}
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  )
}
