import { Card } from '~/components/ui/card'
import { CheckIcon } from './check-icon'

const FEATURES = [
  {
    title: 'Practice Management',
    text: 'Run your whole practice from one calm, organised dashboard.',
    points: [
      'Calendar with single and batch time slots',
      'Patient charting with notes and secure documents',
      'A private inbox for every client conversation',
    ],
    icon: 'M8 2v3M16 2v3M3.5 9h17M5 4.5h14A1.5 1.5 0 0 1 20.5 6v13a1.5 1.5 0 0 1-1.5 1.5H5A1.5 1.5 0 0 1 3.5 19V6A1.5 1.5 0 0 1 5 4.5Z',
  },
  {
    title: 'Payments & Growth',
    text: 'Get paid on time and let new clients find you.',
    points: [
      'Clients pay securely by card when they book',
      'You keep 95% of every session fee, transferred automatically',
      'A public profile with reviews that builds trust',
    ],
    icon: 'M3 17l6-6 4 4 8-8M15 7h6v6',
  },
  {
    title: 'Technology & Support',
    text: 'Modern tools, with people behind them when you need help.',
    points: [
      'Private one-on-one video sessions, nothing to install',
      'An AI assistant that summarises a patient’s record for you',
      'Onboarding help from our team, Monday to Friday 9AM-6PM EST',
    ],
    icon: 'M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6l8-3Zm-3 9 2 2 4-4',
  },
]

/** What Solace offers a practice, as three cards under one heading. */
export function FeatureCards() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6" aria-labelledby="features-heading">
      <h2 id="features-heading" className="text-center text-3xl font-bold tracking-tight">
        Everything your practice needs, in one place
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">
        Solace takes care of scheduling, payments and the technology, so your time goes to your clients.
      </p>
      <div className="mt-10 grid gap-6 md:grid-cols-3">
        {FEATURES.map((feature) => (
          <Card key={feature.title} className="p-6">
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
            <h3 className="mt-4 text-lg font-semibold">{feature.title}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{feature.text}</p>
            <ul className="mt-4 space-y-2 text-sm">
              {feature.points.map((point) => (
                <li key={point} className="flex gap-2">
                  <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" />
                  {point}
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </div>
    </section>
  )
}
