import { Form, useSubmit } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { Button } from '~/components/ui/button'
import { Input, Label, Select } from '~/components/ui/input'
import { SERVICE_CATEGORIES } from '~/db/enums'
import { PRICE_RANGES, type ServiceFilters as Filters } from '~/models/service'

type Values = { search: string; category: string; priceRange: string }

function valuesOf(filters: Filters): Values {
  return { search: filters.search ?? '', category: filters.category ?? '', priceRange: filters.priceRange ?? '' }
}

/**
 * The /services filters as a GET form, so the URL holds them and the Search button works
 * without JavaScript. With JavaScript a changed dropdown applies at once, and empty fields
 * are left out of the URL. Any change of filters starts again at page 1 (no page field).
 */
export function ServiceFilters({ filters }: { filters: Filters }) {
  const submit = useSubmit()
  const [values, setValues] = useState(() => valuesOf(filters))
  const { search, category, priceRange } = filters
  // Back/forward and "Clear filters" change the URL under the form: show what it now holds.
  useEffect(() => setValues(valuesOf({ search, category, priceRange, page: 1 })), [search, category, priceRange])

  function apply(next: Values) {
    const params = new URLSearchParams()
    for (const [name, value] of Object.entries(next)) if (value.trim()) params.set(name, value.trim())
    submit(params, { method: 'get', action: '/services' })
  }

  function change(name: keyof Values, autoApply: boolean) {
    return (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      const next = { ...values, [name]: event.target.value }
      setValues(next)
      if (autoApply) apply(next)
    }
  }

  return (
    <Form
      method="get"
      action="/services"
      role="search"
      aria-label="Filter services"
      className="grid gap-3 rounded-lg border border-border bg-card p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]"
      onSubmit={(event) => {
        event.preventDefault()
        apply(values)
      }}
    >
      <div className="sm:col-span-2 lg:col-span-1">
        <Label htmlFor="service-search" className="sr-only">
          Search services
        </Label>
        <Input
          id="service-search"
          type="search"
          name="search"
          placeholder="Search services..."
          maxLength={100}
          value={values.search}
          onChange={change('search', false)}
        />
      </div>
      <div>
        <Label htmlFor="service-category" className="sr-only">
          Category
        </Label>
        <Select id="service-category" name="category" value={values.category} onChange={change('category', true)}>
          <option value="">All Categories</option>
          {SERVICE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor="service-price" className="sr-only">
          Price range
        </Label>
        <Select id="service-price" name="priceRange" value={values.priceRange} onChange={change('priceRange', true)}>
          <option value="">Any Price</option>
          {PRICE_RANGES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" className="sm:col-span-2 lg:col-span-1">
        Search
      </Button>
    </Form>
  )
}
