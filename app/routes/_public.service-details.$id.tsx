import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary, NotFound } from '~/components/error-boundary'
import { PackageOffers } from '~/components/marketplace/package-offers'
import { PriceBadge } from '~/components/marketplace/price-badge'
import { PLACEHOLDER_AVATAR, PLACEHOLDER_SERVICE_IMAGE } from '~/components/marketplace/service-card'
import { RatingSummary } from '~/components/marketplace/stars'
import { Badge } from '~/components/ui/badge'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { getPublicServiceByParam } from '~/models/marketplace/service.server'
import { offerCards } from '~/models/packages/packages.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.service.name} — Solace` : 'Service Not Found — Solace' },
  ...(data ? [{ name: 'description', content: data.service.description }] : []),
]

export function loader({ params }: LoaderFunctionArgs) {
  const service = getPublicServiceByParam(params.id)
  if (!service) throw data({ message: 'Service Not Found' }, { status: 404 })
  return { service, offers: offerCards({ serviceId: service.id }) }
}

export default function ServiceDetailsPage() {
  const { service, offers } = useLoaderData<typeof loader>()
  const { practitioner } = service
  const bookPath = `/services/${service.id}`

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <Link to="/services" className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
        <span aria-hidden="true">←</span> Back to Services
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
              {service.category}
            </Badge>
          </div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{service.name}</h1>
          <p className="text-lg text-muted-foreground">{service.description}</p>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            <span>{service.duration} minutes</span>
            <RatingSummary rating={service.rating} reviewCount={service.reviewCount} />
          </div>
          <ButtonLink to={bookPath} size="lg">
            Book This Service
          </ButtonLink>
        </header>

        <div className="grid gap-6 md:grid-cols-2">
          <section aria-labelledby="about-practitioner">
            <Card className="h-full p-6">
              <h2 id="about-practitioner" className="text-lg font-semibold">
                Your Practitioner
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
                What to Expect
              </h2>
              <dl className="mt-4 space-y-3 text-sm">
                <div>
                  <dt className="font-medium">Duration</dt>
                  <dd className="text-muted-foreground">{service.duration} minutes</dd>
                </div>
                <div>
                  <dt className="font-medium">Format</dt>
                  <dd className="text-muted-foreground">Virtual one-on-one session conducted via video call</dd>
                </div>
                <div>
                  <dt className="font-medium">Pricing</dt>
                  <dd className="text-muted-foreground">
                    {service.price === 0
                      ? 'This session is completely free'
                      : `$${service.price.toFixed(2)} per session${service.taxName ? ` + ${service.taxName}` : ''}`}
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
          <p className="text-lg font-semibold text-secondary-foreground">Ready when you are.</p>
          <ButtonLink to={bookPath} size="lg" className="mt-4">
            Book Your Session Now
          </ButtonLink>
        </div>
      </article>
      <PackageOffers offers={offers} returnTo={`/service-details/${service.id}`} />
    </div>
  )
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <NotFound
            title="Service Not Found"
            hint="The service you're looking for doesn't exist or has been removed."
            back={{ to: '/services', label: 'Browse All Services' }}
          />
        ),
      }}
    />
  )
}
