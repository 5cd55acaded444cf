import { Card } from '~/components/ui/card'
import { Link } from '~/components/ui/link'

/** The closing call to action of Launching Soon, with the second lead form (or the thanks). */
export function EarlyAccessSection({ children }: { children: React.ReactNode }) {
  return (
    <section className="bg-secondary">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2">
        <div>
          <h2 className="text-3xl font-bold tracking-tight">Be among the first to practise on Solace</h2>
          <p className="mt-4 max-w-xl text-muted-foreground">
            Early-access practitioners get a guided set-up with our team and their profile featured to clients at
            launch. Tell us a little about your practice and we&apos;ll be in touch before we open the doors.
          </p>
          <p className="mt-4 text-sm text-muted-foreground">
            Questions first?{' '}
            <Link to="/contact" className="font-medium text-primary hover:underline">
              Contact our team
            </Link>
            .
          </p>
        </div>
        <Card className="p-6 sm:p-8">{children}</Card>
      </div>
    </section>
  )
}
