import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { requirePractitioner } from '~/models/auth.server'
import { missingProfileParts } from '~/models/profile'

export const meta: MetaFunction = () => [{ title: 'Dashboard — Solace' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePractitioner(request)
  return { firstName: user.firstName, missing: missingProfileParts(user) }
}

export default function PractitionerDashboard() {
  const { firstName, missing } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Welcome back, {firstName}</h1>
        <p className="text-muted-foreground">Here is how your practice is doing.</p>
      </div>
      {missing.length ? (
        <div role="alert" className="rounded-lg border border-accent/60 bg-accent-soft p-4">
          <p className="font-semibold">Complete your profile</p>
          <p className="mt-1 text-sm">
            Your profile is not visible to clients yet. Add your {missing.join(', ')} to appear in the marketplace.
          </p>
          <ButtonLink to="/practitioner/profile" size="sm" className="mt-3">
            Complete profile
          </ButtonLink>
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Card className="p-6">
          <h2 className="font-semibold">Manage Services</h2>
          <p className="mt-1 text-sm text-muted-foreground">Create and edit the sessions you offer.</p>
          <ButtonLink to="/practitioner/services" variant="outline" size="sm" className="mt-4">
            Manage Services
          </ButtonLink>
        </Card>
        <Card className="p-6">
          <h2 className="font-semibold">Manage Calendar</h2>
          <p className="mt-1 text-sm text-muted-foreground">Publish the time slots clients can book.</p>
          <ButtonLink to="/practitioner/calendar" variant="outline" size="sm" className="mt-4">
            Manage Calendar
          </ButtonLink>
        </Card>
      </div>
    </div>
  )
}
