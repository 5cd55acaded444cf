import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ImagePicker } from '~/components/account/image-picker'
import { FormErrors, SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { Field, TextareaField } from '~/components/forms'
import { NameFields } from '~/components/name-fields'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { useSchemaForm } from '~/components/use-schema-form'
import { BIO_MAX_LENGTH, firstDuplicateIndex, ProfileFormSchema } from '~/models/practice/profile'
import { ProfessionalDetailsFields } from './professional-details-fields'
import { ProfilePreview, type PreviewProfile } from './profile-preview'
import { SpecialtiesPicker } from './specialties-picker'

const FORM_ID = 'profile'

/** The saved profile the form starts from. */
export type EditableProfile = {
  firstName: string
  lastName: string
  title: string | null
  bio: string | null
  profileImageUrl: string | null
  specialties: string[]
}

type Draft = PreviewProfile & {
  /** The saved specialties still checked (the suggestion list leaves these out). */
  kept: string[]
}

/** The unique, non-empty specialties a draft shows, in order (case-insensitively unique). */
function distinct(list: string[]) {
  const out: string[] = []
  for (const item of list.map((s) => s.trim()).filter(Boolean)) {
    if (firstDuplicateIndex([...out, item]) < 0) out.push(item)
  }
  return out
}

/** The My Profile form (a multipart post to the page itself) with its live preview beside it. */
export function ProfileForm({
  profile,
  details,
  lastResult,
}: {
  profile: EditableProfile
  /** The saved professional details, '' where none is given. */
  details: Record<string, string>
  lastResult: SubmissionResult<string[]> | null
}) {
  const pending = useIsSubmitting()
  const { t } = useTranslation('practice')
  const [form, fields] = useSchemaForm(ProfileFormSchema, {
    id: FORM_ID,
    lastResult,
    defaultValue: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      title: profile.title ?? '',
      bio: profile.bio ?? '',
      specialties: profile.specialties,
      ...details,
    },
  })
  // After a refused save without JavaScript, the boxes show what was sent; otherwise all are kept.
  const submittedKeep = fields.specialties.initialValue
  const keptAtFirst = new Set<string>(
    !lastResult ? profile.specialties : [submittedKeep].flat().filter((s): s is string => typeof s === 'string'),
  )

  const [draft, setDraft] = useState<Draft>(() => ({
    firstName: profile.firstName,
    lastName: profile.lastName,
    title: profile.title ?? '',
    bio: profile.bio ?? '',
    kept: profile.specialties.filter((s) => keptAtFirst.has(s)),
    specialties: profile.specialties.filter((s) => keptAtFirst.has(s)),
    photo: profile.profileImageUrl,
  }))
  const objectUrl = useRef<string | null>(null)
  useEffect(() => () => void (objectUrl.current && URL.revokeObjectURL(objectUrl.current)), [])

  /** With JavaScript, the preview follows every change to the form. */
  function onFormChange(event: React.FormEvent<HTMLFormElement>) {
    const values = new FormData(event.currentTarget)
    const text = (name: string) => String(values.get(name) ?? '').trim()
    const file = values.get('profilePictureFile')
    let photo: string | null = values.get('removeProfilePicture') ? null : profile.profileImageUrl
    if (file instanceof File && file.size > 0 && file.type.startsWith('image/')) {
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current)
      objectUrl.current = URL.createObjectURL(file)
      photo = objectUrl.current
    }
    setDraft({
      firstName: text('firstName'),
      lastName: text('lastName'),
      title: text('title'),
      bio: text('bio'),
      kept: values.getAll('specialties').map(String),
      specialties: distinct([
        ...values.getAll('specialties').map(String),
        text('suggestedSpecialty'),
        text('customSpecialty'),
      ]),
      photo,
    })
  }

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card>
        <CardHeader>
          <CardTitle>{t('profile.details')}</CardTitle>
          <CardDescription>{t('profile.detailsDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          <Form
            method="post"
            encType="multipart/form-data"
            className="space-y-5"
            {...getFormProps(form)}
            onChange={onFormChange}
          >
            <ImagePicker
              name={fields.profilePictureFile.name}
              removeName={fields.removeProfilePicture.name}
              currentUrl={profile.profileImageUrl}
              label={t('profile.image')}
              errors={fields.profilePictureFile.errors}
            />
            <NameFields firstName={fields.firstName} lastName={fields.lastName} />
            <Field
              labelProps={{ children: t('profile.professionalTitle') }}
              inputProps={{
                ...getInputProps(fields.title, { type: 'text' }),
                placeholder: t('profile.titlePlaceholder'),
              }}
              errors={fields.title.errors}
            />
            <TextareaField
              labelProps={{ children: t('profile.bio') }}
              textareaProps={{
                ...getTextareaProps(fields.bio),
                rows: 6,
                placeholder: t('profile.bioPlaceholder', { max: BIO_MAX_LENGTH }),
              }}
              errors={fields.bio.errors}
            />
            <SpecialtiesPicker
              fields={fields}
              saved={profile.specialties}
              checkedAtFirst={keptAtFirst}
              checked={draft.kept}
            />
            <ProfessionalDetailsFields fields={fields} />
            <FormErrors id={form.errorId} errors={form.errors} />
            <SubmitButton pending={pending} pendingText={t('profile.saving')}>
              {t('profile.save')}
            </SubmitButton>
          </Form>
        </CardContent>
      </Card>
      <div className="space-y-6">
        <ProfilePreview draft={draft} />
      </div>
    </div>
  )
}
