import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormErrors, SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { Field } from '~/components/forms'
import { useSchemaForm } from '~/components/use-schema-form'
import { CodeSchema } from '~/models/security/security'

/**
 * One code field and a button: the second step of signing in, confirming an authenticator app,
 * turning it off and making new recovery codes. A recovery code goes in the same field.
 */
export function CodeForm({
  id,
  lastResult,
  submitText,
  pendingText,
  label,
  hidden,
  focusCode = false,
}: {
  id: string
  lastResult: SubmissionResult<string[]> | undefined
  submitText: string
  pendingText: string
  label?: string
  hidden?: Record<string, string>
  focusCode?: boolean
}) {
  const { t } = useTranslation('account')
  const pending = useIsSubmitting()
  const [form, fields] = useSchemaForm(CodeSchema, { id, lastResult })
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Field
        labelProps={{ children: label ?? t('twoFactor.code') }}
        inputProps={{
          ...getInputProps(fields.code, { type: 'text' }),
          autoComplete: 'one-time-code',
          spellCheck: false,
          autoCapitalize: 'none',
          autoFocus: focusCode,
        }}
        errors={fields.code.errors}
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <SubmitButton className="w-full" pending={pending} pendingText={pendingText}>
        {submitText}
      </SubmitButton>
    </Form>
  )
}
