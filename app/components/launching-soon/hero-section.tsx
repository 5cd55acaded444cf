import { Card } from '~/components/ui/card'
import { CheckIcon } from './check-icon'

const HERO_POINTS = [
  'Set your own services, prices and hours',
  'Meet clients over secure video',
  'Get paid automatically after each booking',
]

/** The top of Launching Soon: the pitch on one side, the join card (`#join`) on the other. */
export function HeroSection({ children }: { children: React.ReactNode }) {
  return (
    <section className="bg-gradient-to-b from-secondary to-background">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
        <div>
          <p className="inline-flex rounded-full bg-accent-soft px-3 py-1 text-sm font-medium text-secondary-foreground">
            Early access for practitioners
          </p>
          <h1 className="mt-5 text-4xl font-bold tracking-tight sm:text-5xl">
            Grow your wellness practice with Solace
          </h1>
          <p className="mt-5 max-w-xl text-lg text-muted-foreground">
            We&apos;re opening Solace to a first group of naturopaths, nutritionists, counselors, yoga teachers and
            other certified practitioners. Reserve your place and be ready to welcome clients from day one.
          </p>
          <ul className="mt-6 space-y-2 text-sm">
            {HERO_POINTS.map((point) => (
              <li key={point} className="flex items-center gap-2">
                <CheckIcon className="size-4 text-primary" />
                {point}
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
