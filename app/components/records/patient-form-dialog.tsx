import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormErrors, SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { Field, TextareaField } from '~/components/forms'
import { buttonClass } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import { UrlDialog } from '~/components/ui/url-dialog'
import { useSchemaForm } from '~/components/use-schema-form'
import { CREATE_PATIENT_INTENT, UPDATE_PATIENT_INTENT, withParam } from '~/models/records/chart-links'
import { PatientProfileSchema, type PatientProfile } from '~/models/records/patient'

/**
 * Add Patient (`?new=1`) and Edit Profile (`&edit=1`): every profile field, posted back to the
 * dialog's own URL so a refused save reopens it with its errors, without JavaScript.
 */
export function PatientFormDialog({
  open,
  patient,
  closeTo,
  lastResult,
}: {
  open: boolean
  patient: PatientProfile | null
  closeTo: string
  lastResult: SubmissionResult<string[]> | null
}) {
  const { t } = useTranslation('records')
  return (
    <UrlDialog open={open} closeTo={closeTo} title={patient ? t('patientForm.editTitle') : t('patientForm.addTitle')}>
      {open ? (
        <PatientForm key={patient?.id ?? 'new'} patient={patient} closeTo={closeTo} lastResult={lastResult} />
      ) : null}
    </UrlDialog>
  )
}

const TEXT_FIELDS = [
  ['email', 'email'],
  ['phone', 'tel'],
  ['gender', 'text'],
  ['address', 'text'],
  ['emergencyContact', 'text'],
  ['emergencyPhone', 'tel'],
] as const

const LONG_FIELDS = ['medicalHistory', 'allergies', 'medications', 'notes'] as const

function PatientForm({
  patient,
  closeTo,
  lastResult,
}: {
  patient: PatientProfile | null
  closeTo: string
  lastResult: SubmissionResult<string[]> | null
}) {
  const { t } = useTranslation('records')
  const actionUrl = patient ? withParam(closeTo, 'edit', 1) : withParam(closeTo, 'new', 1)
  const pending = useIsSubmitting(actionUrl)
  const [form, fields] = useSchemaForm(PatientProfileSchema, {
    id: patient ? `patient-${patient.id}` : 'patient-new',
    lastResult,
    defaultValue: patient
      ? Object.fromEntries(Object.entries(patient).map(([key, value]) => [key, value ?? '']))
      : undefined,
  })
  return (
    <Form method="post" action={actionUrl} preventScrollReset className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={patient ? UPDATE_PATIENT_INTENT : CREATE_PATIENT_INTENT} />
      {patient ? <input type="hidden" name="patientId" value={patient.id} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          labelProps={{ children: t('fields.firstName') }}
          inputProps={getInputProps(fields.firstName, { type: 'text' })}
          errors={fields.firstName.errors}
        />
        <Field
          labelProps={{ children: t('fields.lastName') }}
          inputProps={getInputProps(fields.lastName, { type: 'text' })}
          errors={fields.lastName.errors}
        />
      </div>
      <Field
        labelProps={{ children: t('fields.dateOfBirth') }}
        inputProps={getInputProps(fields.dateOfBirth, { type: 'date' })}
        errors={fields.dateOfBirth.errors}
      />
      {TEXT_FIELDS.map(([name, type]) => (
        <Field
          key={name}
          labelProps={{ children: t(`fields.${name}`) }}
          inputProps={getInputProps(fields[name], { type })}
          errors={fields[name].errors}
        />
      ))}
      {LONG_FIELDS.map((name) => (
        <TextareaField
          key={name}
          labelProps={{ children: t(`fields.${name}`) }}
          textareaProps={{ ...getTextareaProps(fields[name]), rows: 3 }}
          errors={fields[name].errors}
        />
      ))}
      <FormErrors id={form.errorId} errors={form.errors} />
      <div data-dialog-actions className="flex justify-end gap-2">
        <Link to={closeTo} replace preventScrollReset className={buttonClass({ variant: 'outline' })}>
          {t('patientForm.cancel')}
        </Link>
        <SubmitButton pending={pending} pendingText={t('patientForm.saving')}>
          {patient ? t('patientForm.save') : t('patientForm.create')}
        </SubmitButton>
      </div>
    </Form>
  )
}
