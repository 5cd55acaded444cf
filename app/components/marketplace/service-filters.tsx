import { Form, useLocation, useSubmit } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Button } from '~/components/ui/button'
import { Input, Label, Select } from '~/components/ui/input'
import { SERVICE_CATEGORIES } from '~/db/enums'
import { PRICE_RANGES } from '~/models/marketplace/service'
import type { ServiceFilters as Filters } from '~/models/marketplace/service-filters'
import { useCategoryName } from './category-name'
import { shownMessage } from './i18n'

/** The form's filled fields only, so the URL carries no `category=&priceRange=`. */
function filledFields(form: HTMLFormElement) {
  const params = new URLSearchParams()
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string' && value.trim()) params.set(name, value.trim())
  }
  return params
}

/**
 * The /services filters as a GET form, so the URL holds them and the Search button works
 * without JavaScript. With JavaScript a changed dropdown applies at once. The fields are
 * uncontrolled and the form remounts for each URL, so they always show the filters in force;
 * each change submits what the form holds now, and a newer navigation cancels an older one.
 * Any change of filters starts again at page 1 (no page field).
 */
export function ServiceFilters({ filters }: { filters: Filters }) {
  const { t } = useTranslation('marketplace')
  const categoryName = useCategoryName()
  const submit = useSubmit()
  const location = useLocation()
  const apply = (form: HTMLFormElement) => submit(filledFields(form), { method: 'get', action: '/services' })

  return (
    <Form
      key={location.search}
      method="get"
      action="/services"
      role="search"
      aria-label={t('filters.services.label')}
      className="grid gap-3 rounded-lg border border-border bg-card p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]"
      onSubmit={(event) => {
        event.preventDefault()
        apply(event.currentTarget)
      }}
      onChange={(event) => {
        if (event.target instanceof HTMLSelectElement) apply(event.currentTarget)
      }}
    >
      <div className="sm:col-span-2 lg:col-span-1">
        <Label htmlFor="service-search" className="sr-only">
          {t('filters.services.search')}
        </Label>
        <Input
          id="service-search"
          type="search"
          name="search"
          placeholder={t('filters.services.searchPlaceholder')}
          maxLength={100}
          defaultValue={filters.search ?? ''}
        />
      </div>
      <div>
        <Label htmlFor="service-category" className="sr-only">
          {t('filters.services.category')}
        </Label>
        <Select id="service-category" name="category" defaultValue={filters.category ?? ''}>
          <option value="">{t('filters.services.allCategories')}</option>
          {SERVICE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {categoryName(c)}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor="service-price" className="sr-only">
          {t('filters.services.priceRange')}
        </Label>
        <Select id="service-price" name="priceRange" defaultValue={filters.priceRange ?? ''}>
          <option value="">{t('filters.services.anyPrice')}</option>
          {PRICE_RANGES.map(([value, label]) => (
            <option key={value} value={value}>
              {shownMessage(t, label)}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" className="sm:col-span-2 lg:col-span-1">
        {t('filters.search')}
      </Button>
    </Form>
  )
}
