import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import type { MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = () => [
  { title: 'About — Solace' },
  {
    name: 'description',
    content: 'Solace connects people with certified wellness practitioners through secure one-on-one video sessions.',
  },
]

const OFFERINGS = [
  {
    title: 'Certified practitioners',
    text: 'Naturopaths, nutritionists, counselors, yoga and meditation teachers and more: every practitioner on Solace presents their credentials, specialties and experience on their profile, along with reviews from real clients.',
  },
  {
    title: 'Virtual sessions',
    text: 'Meet one-on-one over video from your living room, your office or a quiet corner while travelling. Pick a time that fits your week and join from your dashboard; there is nothing to install.',
  },
  {
    title: 'Secure platform',
    text: 'Encrypted connections, card payments handled by a trusted payment provider, private video links and health records that only your practitioner can open. Your wellbeing is personal, and we treat it that way.',
  },
]

const VALUES = [
  {
    title: 'Accessibility',
    text: 'Good care should not depend on your postcode. Virtual sessions, free introductory calls and clear prices in CAD make it easier to take the first step.',
  },
  {
    title: 'Quality',
    text: 'We welcome certified professionals, show honest ratings and reviews, and give practitioners the tools to prepare well for every session.',
  },
  {
    title: 'Community',
    text: 'Solace is a place where clients and practitioners grow together: practitioners keep 95% of every session fee, and every review helps someone else find the right support.',
  },
]

export default function AboutPage() {
  return (
    <>
      <section className="bg-gradient-to-b from-secondary to-background">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">About Solace</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">
            Wellness support, within everyone&apos;s reach
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground">
            Solace connects people looking for balance with certified wellness practitioners, through private one-on-one
            video sessions that are simple to book and easy to fit into real life.
          </p>
        </div>
      </section>

      <section className="mx-auto max-w-4xl px-4 py-12 sm:px-6" aria-labelledby="mission-heading">
        <h2 id="mission-heading" className="text-3xl font-bold tracking-tight">
          Our mission
        </h2>
        <div className="mt-4 space-y-4 text-lg leading-relaxed text-muted-foreground">
          <p>
            Finding the right practitioner used to mean long waiting lists, phone tag and hours on the road. We started
            Solace to change that: to help anyone find a qualified professional who fits their needs, and to book a
            session in a few minutes.
          </p>
          <p>
            For practitioners, our mission is just as clear: take care of scheduling, payments and technology so they
            can give their full attention to the people they help.
          </p>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6" aria-labelledby="offer-heading">
        <h2 id="offer-heading" className="text-center text-3xl font-bold tracking-tight">
          What we offer
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {OFFERINGS.map((item) => (
            <Card key={item.title} className="p-6">
              <h3 className="text-lg font-semibold text-primary">{item.title}</h3>
              <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{item.text}</p>
            </Card>
          ))}
        </div>
      </section>

      <section className="bg-muted/50" aria-labelledby="values-heading">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 id="values-heading" className="text-center text-3xl font-bold tracking-tight">
            Our values
          </h2>
          <dl className="mt-10 grid gap-8 md:grid-cols-3">
            {VALUES.map((value, index) => (
              <div key={value.title} className="border-l-4 border-accent pl-5">
                <dt className="text-lg font-semibold">
                  <span className="mr-2 text-accent-strong">0{index + 1}</span>
                  {value.title}
                </dt>
                <dd className="mt-2 text-sm leading-relaxed text-muted-foreground">{value.text}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="bg-primary">
        <div className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6">
          <h2 className="text-3xl font-bold tracking-tight text-primary-foreground">Ready when you are</h2>
          <p className="mx-auto mt-3 max-w-xl text-primary-foreground/85">
            Explore services and practitioners, or bring your own practice to Solace.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/services" size="lg" variant="secondary">
              Find Services
            </ButtonLink>
            <ButtonLink
              to="/launching-soon"
              size="lg"
              variant="outline"
              className="border-white/60 bg-transparent text-white hover:bg-white/10"
            >
              I&apos;m a Practitioner
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  )
}
