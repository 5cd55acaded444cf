import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from '~/components/use-hydrated'
import { Field, type ListOfErrors } from './forms'

/**
 * A password input with a show/hide toggle. The toggle needs JavaScript, so it appears only
 * once the page is hydrated; without it the field is a plain password input.
 */
export function PasswordField({
  label,
  inputProps,
  errors,
}: {
  label: string
  inputProps: React.InputHTMLAttributes<HTMLInputElement>
  errors?: ListOfErrors
}) {
  const { t } = useTranslation('account')
  const [visible, setVisible] = useState(false)
  const hydrated = useHydrated()
  return (
    <div className="relative">
      <Field
        labelProps={{ children: label }}
        inputProps={{ ...inputProps, type: visible ? 'text' : 'password', className: 'pr-16' }}
        errors={errors}
      />
      {hydrated ? (
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          className="absolute top-7 right-2 rounded px-2 py-1.5 text-xs font-medium text-primary hover:bg-muted"
          aria-controls={inputProps.id}
          aria-pressed={visible}
        >
          {visible ? t('passwordField.hide') : t('passwordField.show')}
          <span className="sr-only"> {t('passwordField.password')}</span>
        </button>
      ) : null}
    </div>
  )
}
