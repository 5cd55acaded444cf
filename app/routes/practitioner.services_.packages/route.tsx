import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { REFUND_PACKAGE_INTENT } from '~/components/practice/package-links'
import { ServicePackagesCard, type PackageFormReply } from '~/components/practice/package-offers'
import { PackageSalesCard } from '~/components/practice/package-sales'
import { SERVICES_PATH } from '~/components/practice/service-links'
import { Toaster } from '~/components/toaster'
import { ButtonLink } from '~/components/ui/button'
import { metaT } from '~/lib/i18n/meta'
import { requirePractitioner } from '~/models/accounts/auth.server'
import { PACKAGE_NOT_SAVED, PACKAGE_REFUND_NOT_MADE } from '~/models/packages/package'
import { loadPackagesPage, packagesAction } from './packages-page.server'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'packages')('titles.packages') }]

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
  const { t } = useTranslation('packages')
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{t('screen.heading')}</h1>
          <p className="text-muted-foreground">{t('screen.intro')}</p>
        </div>
        <ButtonLink to={SERVICES_PATH} variant="outline">
          {t('screen.myServices')}
        </ButtonLink>
      </div>
      {services.length ? (
        services.map((service) => (
          <ServicePackagesCard key={service.id} service={service} editing={editing} deleting={deleting} reply={reply} />
        ))
      ) : (
        <p className="text-muted-foreground">{t('screen.noPaidService')}</p>
      )}
      <PackageSalesCard sold={sold} refunding={refunding} />
      <Toaster
        toast={
          reply
            ? {
                type: 'error',
                title: reply.intent === REFUND_PACKAGE_INTENT ? PACKAGE_REFUND_NOT_MADE : PACKAGE_NOT_SAVED,
                description: reply.message,
              }
            : null
        }
      />
    </div>
  )
}
