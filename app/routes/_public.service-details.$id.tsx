import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { GeneralErrorBoundary, NotFound } from '~/components/error-boundary'
import { useFormats } from '~/components/i18n/use-formats'
import { useCategoryName } from '~/components/marketplace/category-name'
import { metaLanguage } from '~/components/marketplace/i18n'
import { PackageOffers } from '~/components/marketplace/package-offers'
import { PLACEHOLDER_AVATAR, PLACEHOLDER_SERVICE_IMAGE } from '~/components/marketplace/placeholders'
import { PriceBadge } from '~/components/marketplace/price-badge'
import { RatingSummary } from '~/components/marketplace/stars'
import { Badge } from '~/components/ui/badge'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { metaT } from '~/lib/i18n/meta'
import { descriptionFor } from '~/models/marketplace/description'
import { SERVICE_NOT_FOUND } from '~/models/marketplace/service'
import { getPublicServiceByParam } from '~/models/marketplace/service.server'
import { offerCards } from '~/models/packages/packages.server'

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches, 'marketplace')
  if (!data) return [{ title: t('titles.serviceDetailsNotFound') }]
  return [
    { title: t('titles.serviceDetails', { name: data.service.name }) },
    { name: 'description', content: descriptionFor(data.service, metaLanguage(matches)) },
  ]
}

export function loader({ params }: LoaderFunctionArgs) {
  const service = getPublicServiceByParam(params.id)
  if (!service) throw data({ message: SERVICE_NOT_FOUND }, { status: 404 })
  return { service, offers: offerCards({ serviceId: service.id }) }
}

export default function ServiceDetailsPage() {
  const { t } = useTranslation('marketplace')
  const formats = useFormats()
  const categoryName = useCategoryName()
  const { service, offers } = useLoaderData<typeof loader>()
  const { practitioner } = service
  const bookPath = `/services/${service.id}`
  // The spec's English is '$65.00 per session' (no currency code); French writes '65,00 $ par séance'.
  const amount = formats.language === 'en' ? `$${service.price.toFixed(2)}` : formats.price(service.price)
  const minutes = t('service.minutes', { count: service.duration })

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <Link to="/services" className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
        <span aria-hidden="true">←</span> {t('serviceDetails.back')}
      </Link>

      <article className="mt-6 space-y-8">
        <img
          src={service.imageUrl ?? PLACEHOLDER_SERVICE_IMAGE}
          alt=""
          width={960}
          height={400}
          className="aspect-[12/5] w-full rounded-lg bg-muted object-cover"
        />

        <header className="space-y-4">
          <div className="flex flex-wrap items-center gap-2">
            <PriceBadge price={service.price} />
            {service.taxName ? <span className="text-sm text-muted-foreground">+ {service.taxName}</span> : null}
            <Badge tone="secondary" className="normal-case">
              {categoryName(service.category)}
            </Badge>
          </div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{service.name}</h1>
          <p className="text-lg text-muted-foreground">{descriptionFor(service, formats.language)}</p>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            <span>{minutes}</span>
            <RatingSummary rating={service.rating} reviewCount={service.reviewCount} />
          </div>
          <ButtonLink to={bookPath} size="lg">
            {t('serviceDetails.book')}
          </ButtonLink>
        </header>

        <div className="grid gap-6 md:grid-cols-2">
          <section aria-labelledby="about-practitioner">
            <Card className="h-full p-6">
              <h2 id="about-practitioner" className="text-lg font-semibold">
                {t('service.yourPractitioner')}
              </h2>
              <Link to={`/practitioners/${practitioner.id}`} className="group mt-4 flex items-center gap-4">
                <img
                  src={practitioner.profileImageUrl ?? PLACEHOLDER_AVATAR}
                  alt=""
                  width={64}
                  height={64}
                  className="size-16 rounded-full bg-muted object-cover"
                />
                <span>
                  <span className="block font-semibold group-hover:underline">
                    {practitioner.firstName} {practitioner.lastName}
                  </span>
                  {practitioner.title ? (
                    <span className="block text-sm text-muted-foreground">{practitioner.title}</span>
                  ) : null}
                </span>
              </Link>
              {practitioner.bio ? <p className="mt-4 text-sm text-muted-foreground">{practitioner.bio}</p> : null}
            </Card>
          </section>

          <section aria-labelledby="what-to-expect">
            <Card className="h-full p-6">
              <h2 id="what-to-expect" className="text-lg font-semibold">
                {t('service.whatToExpect')}
              </h2>
              <dl className="mt-4 space-y-3 text-sm">
                <div>
                  <dt className="font-medium">{t('serviceDetails.duration')}</dt>
                  <dd className="text-muted-foreground">{minutes}</dd>
                </div>
                <div>
                  <dt className="font-medium">{t('serviceDetails.format')}</dt>
                  <dd className="text-muted-foreground">{t('serviceDetails.formatText')}</dd>
                </div>
                <div>
                  <dt className="font-medium">{t('serviceDetails.pricing')}</dt>
                  <dd className="text-muted-foreground">
                    {service.price === 0
                      ? t('serviceDetails.free')
                      : `${t('serviceDetails.perSession', { price: amount })}${service.taxName ? ` + ${service.taxName}` : ''}`}
                  </dd>
                </div>
              </dl>
              {service.details.length ? (
                <ul className="mt-5 space-y-2 border-t border-border pt-4 text-sm">
                  {service.details.map((detail) => (
                    <li key={detail} className="flex gap-2">
                      <span aria-hidden="true" className="mt-1.5 size-1.5 shrink-0 rounded-full bg-primary" />
                      <span>{detail}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </Card>
          </section>
        </div>

        <div className="rounded-lg bg-secondary px-6 py-8 text-center">
          <p className="text-lg font-semibold text-secondary-foreground">{t('serviceDetails.ready')}</p>
          <ButtonLink to={bookPath} size="lg" className="mt-4">
            {t('serviceDetails.bookNow')}
          </ButtonLink>
        </div>
      </article>
      <PackageOffers offers={offers} returnTo={`/service-details/${service.id}`} />
    </div>
  )
}

export function ErrorBoundary() {
  const { t } = useTranslation('marketplace')
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <NotFound
            title={t('serviceDetails.notFound')}
            hint={t('service.notFoundHint')}
            back={{ to: '/services', label: t('serviceDetails.browseAll') }}
          />
        ),
      }}
    />
  )
}
