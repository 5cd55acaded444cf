import { Form, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useLanguage } from '~/components/i18n/use-formats'
import { Button } from '~/components/ui/button'
import { Input, Label, Select } from '~/components/ui/input'
import { LOCALE_TAGS } from '~/lib/i18n/languages'
import { PRACTITIONER_SORTS } from '~/models/marketplace/practitioner'
import type { PractitionerFilters as Filters } from '~/models/marketplace/practitioner-filters'
import { shownMessage } from './i18n'
import { useSpecialtyName } from './specialty-name'

/**
 * The browse filters as a GET form, so the URL holds them and they work without JavaScript.
 * Submitting starts again at page 1 (the page number is not part of the form).
 */
export function PractitionerFilters({ filters, specialties }: { filters: Filters; specialties: string[] }) {
  const { t } = useTranslation('marketplace')
  const language = useLanguage()
  const specialtyName = useSpecialtyName()
  const location = useLocation()
  // The list is canonical: a hand-typed 'anxiety' shows as the 'Anxiety' option, and a value
  // no listed practitioner has is still shown, so the form always says which filter is in force.
  const known = specialties.find((s) => s.toLowerCase() === filters.specialty?.toLowerCase())
  const specialty = known ?? filters.specialty ?? ''
  const values = known || !filters.specialty ? specialties : [...specialties, filters.specialty]
  // Named in the page's language, and so in its alphabetical order (the values stay English).
  const options = values.map((value) => ({ value, label: specialtyName(value) }))
  if (language !== 'en') {
    const collator = new Intl.Collator(LOCALE_TAGS[language], { sensitivity: 'base' })
    options.sort((a, b) => collator.compare(a.label, b.label))
  }
  return (
    <Form
      // Remount on every URL change so the fields show the filters in force (e.g. after "Clear filters").
      key={location.search}
      method="get"
      action="/practitioners"
      role="search"
      aria-label={t('filters.practitioners.label')}
      className="grid gap-3 rounded-lg border border-border bg-card p-4 shadow-sm md:grid-cols-[1fr_14rem_12rem_auto] md:items-end"
    >
      <div className="space-y-1.5">
        <Label htmlFor="practitioner-search">{t('filters.search')}</Label>
        <Input
          id="practitioner-search"
          type="search"
          name="search"
          placeholder={t('filters.practitioners.searchPlaceholder')}
          defaultValue={filters.search ?? ''}
          maxLength={100}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="practitioner-specialty">{t('filters.practitioners.specialty')}</Label>
        <Select id="practitioner-specialty" name="specialty" defaultValue={specialty}>
          <option value="">{t('filters.practitioners.allSpecialties')}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="practitioner-sort">{t('filters.practitioners.sortBy')}</Label>
        <Select id="practitioner-sort" name="sortBy" defaultValue={filters.sortBy}>
          {PRACTITIONER_SORTS.map(([value, label]) => (
            <option key={value} value={value}>
              {shownMessage(t, label)}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit">{t('filters.search')}</Button>
    </Form>
  )
}
