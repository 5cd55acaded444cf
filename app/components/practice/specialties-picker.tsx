import { getInputProps, getSelectProps } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { ErrorList, Field, SelectField } from '~/components/forms'
import type { useSchemaForm } from '~/components/use-schema-form'
import { SUGGESTED_SPECIALTIES, type ProfileFormSchema } from '~/models/practice/profile'

type ProfileFormFields = ReturnType<typeof useSchemaForm<typeof ProfileFormSchema>>[1]

/**
 * The specialties part of the My Profile form: the saved ones as checkboxes (unchecking one
 * removes it on save), and a suggestion list and a free-text field to add one more. Plain
 * form controls, so it works without JavaScript.
 */
export function SpecialtiesPicker({
  fields,
  saved,
  checkedAtFirst,
  checked,
}: {
  fields: Pick<ProfileFormFields, 'specialties' | 'suggestedSpecialty' | 'customSpecialty'>
  /** The saved specialties, in order. */
  saved: string[]
  /** Which saved specialties start checked. */
  checkedAtFirst: Set<string>
  /** The saved specialties checked now; the suggestion list leaves these out. */
  checked: string[]
}) {
  const { t } = useTranslation('practice')
  const kept = new Set(checked.map((s) => s.toLocaleLowerCase()))
  // Offered in the page's language; the one chosen is saved as written, like a typed-in one.
  const suggestions = SUGGESTED_SPECIALTIES.map((key) => t(`suggestedSpecialties.${key}`)).filter(
    (s) => !kept.has(s.toLocaleLowerCase()),
  )
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">{t('profile.specialties')}</legend>
      {saved.length ? (
        <div className="space-y-1.5">
          <p id="specialties-hint" className="text-xs text-muted-foreground">
            {t('profile.uncheckHint')}
          </p>
          <ul className="flex flex-wrap gap-2" aria-describedby="specialties-hint">
            {saved.map((s) => (
              <li key={s}>
                <label className="flex items-center gap-2 rounded-full border border-border px-3 py-1 text-sm has-[:not(:checked)]:line-through has-[:not(:checked)]:opacity-60">
                  <input
                    type="checkbox"
                    name={fields.specialties.name}
                    value={s}
                    defaultChecked={checkedAtFirst.has(s)}
                    className="accent-primary"
                  />
                  {s}
                </label>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t('profile.noSpecialties')}</p>
      )}
      <ErrorList id={fields.specialties.errorId} errors={fields.specialties.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          labelProps={{ children: t('profile.addSuggested') }}
          selectProps={getSelectProps(fields.suggestedSpecialty)}
          options={suggestions.map((s) => [s, s] as const)}
          placeholder={t('profile.chooseSpecialty')}
          errors={fields.suggestedSpecialty.errors}
        />
        <Field
          labelProps={{ children: t('profile.customSpecialty') }}
          inputProps={{
            ...getInputProps(fields.customSpecialty, { type: 'text' }),
            placeholder: t('profile.customPlaceholder'),
          }}
          errors={fields.customSpecialty.errors}
        />
      </div>
      <p className="text-xs text-muted-foreground">{t('profile.addedOnSave')}</p>
    </fieldset>
  )
}
