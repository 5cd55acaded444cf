import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useFormats } from '~/components/i18n/use-formats'
import { Pagination } from '~/components/marketplace/pagination'
import { ServiceCard } from '~/components/marketplace/service-card'
import { ServiceFilters } from '~/components/marketplace/service-filters'
import { ButtonLink } from '~/components/ui/button'
import { metaT } from '~/lib/i18n/meta'
import { ServiceFiltersSchema, type ServiceFilters as Filters } from '~/models/marketplace/service-filters'
import { listServices } from '~/models/marketplace/service.server'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, 'marketplace')
  return [{ title: t('titles.services') }, { name: 'description', content: t('services.intro') }]
}

/**
 * The filters in the URL. A page must never fail on a hand-edited or stale link, so a bad
 * value is dropped (that filter falls back to its default) and the valid ones still apply.
 */
function filtersFrom(params: URLSearchParams): Filters {
  const raw = Object.fromEntries(params)
  const parsed = ServiceFiltersSchema.safeParse(raw)
  if (parsed.success) return parsed.data
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])))
  const kept = ServiceFiltersSchema.safeParse(
    Object.fromEntries(Object.entries(raw).filter(([name]) => !bad.has(name))),
  )
  return kept.success ? kept.data : { page: 1 }
}

export function loader({ request }: LoaderFunctionArgs) {
  const filters = filtersFrom(new URL(request.url).searchParams)
  return { filters, ...listServices(filters) }
}

export default function BrowseServicesPage() {
  const { t } = useTranslation('marketplace')
  const formats = useFormats()
  const { filters, services, total, page, pageCount } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('services.title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('services.intro')}</p>
      </header>

      <ServiceFilters filters={filters} />

      {services.length ? (
        <section aria-labelledby="results" className="mt-8">
          <h2 id="results" className="text-sm font-medium text-muted-foreground" aria-live="polite">
            {t('services.count', { count: total, formatted: formats.number(total) })}
          </h2>
          <div className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {services.map((service, index) => (
              <ServiceCard key={service.id} service={service} firstOnScreen={index === 0} />
            ))}
          </div>
          <Pagination page={page} pageCount={pageCount} />
        </section>
      ) : (
        <section className="mt-8 rounded-lg border border-dashed border-border bg-card px-6 py-16 text-center">
          <h2 className="text-xl font-semibold" aria-live="polite">
            {t('services.noneFound')}
          </h2>
          <p className="mt-2 text-muted-foreground">{t('filters.tryAdjusting')}</p>
          <ButtonLink to="/services" variant="outline" className="mt-6">
            {t('filters.clear')}
          </ButtonLink>
        </section>
      )}
    </div>
  )
}
