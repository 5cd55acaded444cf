import { Form, useLocation } from '@remix-run/react'
import { Button } from '~/components/ui/button'
import { Input, Label, Select } from '~/components/ui/input'
import { PRACTITIONER_SORTS } from '~/models/marketplace/practitioner'
import type { PractitionerFilters as Filters } from '~/models/marketplace/practitioner-filters'

/**
 * The browse filters as a GET form, so the URL holds them and they work without JavaScript.
 * Submitting starts again at page 1 (the page number is not part of the form).
 */
export function PractitionerFilters({ filters, specialties }: { filters: Filters; specialties: string[] }) {
  const location = useLocation()
  // The list is canonical: a hand-typed 'anxiety' shows as the 'Anxiety' option, and a value
  // no listed practitioner has is still shown, so the form always says which filter is in force.
  const known = specialties.find((s) => s.toLowerCase() === filters.specialty?.toLowerCase())
  const specialty = known ?? filters.specialty ?? ''
  const options = known || !filters.specialty ? specialties : [...specialties, filters.specialty]
  return (
    <Form
      // Remount on every URL change so the fields show the filters in force (e.g. after "Clear filters").
      key={location.search}
      method="get"
      action="/practitioners"
      role="search"
      aria-label="Filter practitioners"
      className="grid gap-3 rounded-lg border border-border bg-card p-4 shadow-sm md:grid-cols-[1fr_14rem_12rem_auto] md:items-end"
    >
      <div className="space-y-1.5">
        <Label htmlFor="practitioner-search">Search</Label>
        <Input
          id="practitioner-search"
          type="search"
          name="search"
          placeholder="Search practitioners..."
          defaultValue={filters.search ?? ''}
          maxLength={100}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="practitioner-specialty">Specialty</Label>
        <Select id="practitioner-specialty" name="specialty" defaultValue={specialty}>
          <option value="">All Specialties</option>
          {options.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="practitioner-sort">Sort by</Label>
        <Select id="practitioner-sort" name="sortBy" defaultValue={filters.sortBy}>
          {PRACTITIONER_SORTS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit">Search</Button>
    </Form>
  )
}
