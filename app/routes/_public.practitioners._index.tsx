import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useFormats } from '~/components/i18n/use-formats'
import { Pagination } from '~/components/marketplace/pagination'
import { PractitionerCard } from '~/components/marketplace/practitioner-card'
import { PractitionerFilters } from '~/components/marketplace/practitioner-filters'
import { ButtonLink } from '~/components/ui/button'
import { metaT } from '~/lib/i18n/meta'
import {
  PractitionerFiltersSchema,
  type PractitionerFilters as Filters,
} from '~/models/marketplace/practitioner-filters'
import { listPractitioners, listSpecialties } from '~/models/marketplace/practitioner.server'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, 'marketplace')
  return [{ title: t('titles.practitioners') }, { name: 'description', content: t('titles.practitionersDescription') }]
}

/**
 * The filters in the URL. A page is not an API: a value that does not parse (a hand-edited
 * `sortBy=best`, `page=-2`) falls back to its default instead of failing the whole page.
 */
function readFilters(params: URLSearchParams): Filters {
  const raw = Object.fromEntries(params)
  const parsed = PractitionerFiltersSchema.safeParse(raw)
  if (parsed.success) return parsed.data
  const rejected = new Set(parsed.error.issues.map((issue) => String(issue.path[0])))
  const kept = Object.fromEntries(Object.entries(raw).filter(([key]) => !rejected.has(key)))
  return PractitionerFiltersSchema.parse(kept)
}

export async function loader({ request }: LoaderFunctionArgs) {
  const filters = readFilters(new URL(request.url).searchParams)
  return { filters, specialties: listSpecialties(), ...listPractitioners(filters) }
}

export default function PractitionersPage() {
  const { t } = useTranslation('marketplace')
  const formats = useFormats()
  const { filters, specialties, practitioners, total, page, pageCount } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <header className="mb-8 text-center">
        <h1 className="text-4xl font-bold tracking-tight">{t('practitioners.title')}</h1>
        <p className="mx-auto mt-3 max-w-2xl text-muted-foreground">{t('practitioners.intro')}</p>
      </header>

      <PractitionerFilters filters={filters} specialties={specialties} />

      {practitioners.length ? (
        <>
          <h2 className="mt-8 mb-4 text-sm font-normal text-muted-foreground" aria-live="polite">
            {t('practitioners.count', { count: total, formatted: formats.number(total) })}
          </h2>
          <ul
            className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 [&>li]:min-w-0"
            aria-label={t('practitioners.listLabel')}
          >
            {practitioners.map((practitioner) => (
              <li key={practitioner.id} className="flex [&>*]:w-full">
                <PractitionerCard practitioner={practitioner} />
              </li>
            ))}
          </ul>
          <Pagination page={page} pageCount={pageCount} />
        </>
      ) : (
        <div className="mt-12 rounded-lg border border-dashed border-border bg-card px-6 py-16 text-center">
          <h2 className="text-xl font-semibold">{t('practitioners.noneFound')}</h2>
          <p className="mt-2 text-muted-foreground">{t('filters.tryAdjusting')}</p>
          {/* Back to the bare URL: no search, all specialties, and the default sort (rating). */}
          <ButtonLink to="/practitioners" variant="outline" className="mt-6">
            {t('filters.clear')}
          </ButtonLink>
        </div>
      )}
    </div>
  )
}
