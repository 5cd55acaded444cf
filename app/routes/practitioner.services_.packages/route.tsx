import { useActionData, useLoaderData } from '@remix-run/react'
import { REFUND_PACKAGE_INTENT } from '~/components/practice/package-links'
import { ServicePackagesCard, type PackageFormReply } from '~/components/practice/package-offers'
import { PackageSalesCard } from '~/components/practice/package-sales'
import { SERVICES_PATH } from '~/components/practice/service-links'
import { Toaster } from '~/components/toaster'
import { ButtonLink } from '~/components/ui/button'
import { requirePractitioner } from '~/models/accounts/auth.server'
import { loadPackagesPage, packagesAction } from './packages-page.server'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = () => [{ title: 'Packages — Solace' }]

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPackagesPage(await requirePractitioner(request), request)
}

export async function action({ request }: ActionFunctionArgs) {
  return packagesAction(await requirePractitioner(request), request)
}

/** Packages of sessions per paid service, and those sold (docs/decisions/051-packages.md). */
export default function PractitionerPackagesPage() {
  const { services, sold, editing, deleting, refunding } = useLoaderData<typeof loader>()
  const reply = (useActionData<typeof action>() ?? null) as PackageFormReply
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Packages</h1>
          <p className="text-muted-foreground">
            Sessions of a service sold together at a better price, paid up front and used when booking.
          </p>
        </div>
        <ButtonLink to={SERVICES_PATH} variant="outline">
          My Services
        </ButtonLink>
      </div>
      {services.length ? (
        services.map((service) => (
          <ServicePackagesCard key={service.id} service={service} editing={editing} deleting={deleting} reply={reply} />
        ))
      ) : (
        <p className="text-muted-foreground">Packages are offered for paid services. Add a paid service first.</p>
      )}
      <PackageSalesCard sold={sold} refunding={refunding} />
      <Toaster
        toast={
          reply
            ? {
                type: 'error',
                title: reply.intent === REFUND_PACKAGE_INTENT ? 'Refund failed' : 'Package not saved',
                description: reply.message,
              }
            : null
        }
      />
    </div>
  )
}
