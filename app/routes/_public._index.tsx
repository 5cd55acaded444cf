import { useLoaderData } from '@remix-run/react'
import { PractitionerCard } from '~/components/marketplace/practitioner-card'
import { ServiceCard } from '~/components/marketplace/service-card'
import { ButtonLink } from '~/components/ui/button'
import { getFeaturedPractitioners } from '~/models/marketplace/practitioner.server'
import { getPopularServices } from '~/models/marketplace/service.server'
import type { MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = () => [
  { title: 'Solace — Find peace and balance with wellness experts' },
  { name: 'description', content: 'Book one-on-one video sessions with certified wellness practitioners.' },
]

const STEPS = [
  { title: 'Browse Services', text: 'Explore yoga, meditation, nutrition and more from certified practitioners.' },
  { title: 'Book Your Session', text: 'Pick a time that suits you, then schedule and pay securely online.' },
  { title: 'Connect Virtually', text: 'Meet your practitioner one-on-one over a secure video session.' },
]

/** The home page shows at most 3 services and 4 practitioners. */
export function loader() {
  return { services: getPopularServices(3), practitioners: getFeaturedPractitioners(4) }
}

export default function HomePage() {
  const { services, practitioners } = useLoaderData<typeof loader>()
  return (
    <>
      <section className="bg-gradient-to-b from-secondary to-background">
        <div className="mx-auto max-w-7xl px-4 py-20 text-center sm:px-6 sm:py-28">
          <h1 className="mx-auto max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
            Find peace and balance with wellness experts
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground">
            Book one-on-one video sessions with certified practitioners in yoga, meditation, nutrition, mental wellness
            and more.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/services" size="lg">
              Find Services
            </ButtonLink>
            <ButtonLink to="/practitioners" size="lg" variant="outline">
              Browse Practitioners
            </ButtonLink>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6" aria-labelledby="popular-services">
        <h2 id="popular-services" className="text-center text-3xl font-bold tracking-tight">
          Popular Wellness Services
        </h2>
        {services.length ? (
          <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {services.map((service) => (
              <ServiceCard key={service.id} service={service} />
            ))}
          </div>
        ) : (
          <p className="mt-10 text-center text-muted-foreground">No services available at the moment.</p>
        )}
        <div className="mt-10 text-center">
          <ButtonLink to="/services" variant="outline">
            View All Services
          </ButtonLink>
        </div>
      </section>

      <section className="bg-muted/60" aria-labelledby="wellness-experts">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 id="wellness-experts" className="text-center text-3xl font-bold tracking-tight">
            Meet Our Wellness Experts
          </h2>
          {practitioners.length ? (
            <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {practitioners.map((practitioner) => (
                <PractitionerCard key={practitioner.id} practitioner={practitioner} />
              ))}
            </div>
          ) : (
            <p className="mt-10 text-center text-muted-foreground">No practitioners available at the moment.</p>
          )}
          <div className="mt-10 text-center">
            <ButtonLink to="/practitioners" variant="outline">
              View All Practitioners
            </ButtonLink>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6" aria-labelledby="how-it-works">
        <h2 id="how-it-works" className="text-center text-3xl font-bold tracking-tight">
          How It Works
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-lg border border-border bg-card p-6 text-center shadow-sm">
              <span className="mx-auto flex size-10 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground">
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="bg-primary">
        <div className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6">
          <h2 className="text-3xl font-bold tracking-tight text-primary-foreground">
            Begin your wellness journey today
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-primary-foreground/85">
            Whether you are looking for guidance or ready to share your practice, Solace is here for you.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/services" size="lg" variant="secondary">
              Find Services
            </ButtonLink>
            <ButtonLink
              to="/login"
              size="lg"
              variant="outline"
              className="border-white/60 bg-transparent text-white hover:bg-white/10"
            >
              Become a Practitioner
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  )
}
