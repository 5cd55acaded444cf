import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { ImagePicker } from '~/components/account/image-picker'
import { FormErrors, SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { ErrorList, Field, SelectField, TextareaField } from '~/components/forms'
import { Toaster } from '~/components/toaster'
import { Badge } from '~/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { useSchemaForm } from '~/components/use-schema-form'
import { readFormData } from '~/lib/form-data.server'
import { invalid, refused } from '~/lib/forms.server'
import { redirectWithToast } from '~/lib/toast.server'
import { requirePractitioner } from '~/models/accounts/auth.server'
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE } from '~/models/images/image'
import {
  BIO_MAX_LENGTH,
  firstDuplicateIndex,
  missingProfileParts,
  ProfileFormSchema,
  SPECIALTY_EXISTS,
  SUGGESTED_SPECIALTIES,
} from '~/models/practice/profile'
import { updateProfileFromForm } from '~/models/practice/profile.server'

export const meta: MetaFunction = () => [{ title: 'My Profile — Solace' }]

const PAGE = '/practitioner/profile'
const FORM_ID = 'profile'
const FAILED = 'Failed to update profile'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePractitioner(request)
  return {
    profile: {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      title: user.title,
      bio: user.bio,
      profileImageUrl: user.profileImageUrl,
      specialties: user.specialties,
      updatedAt: user.updatedAt,
    },
    missing: missingProfileParts(user),
  }
}

/** The spec writes the duplicate message as "title: description"; its toast reads that way. */
function failureToast(message: string) {
  return message === SPECIALTY_EXISTS
    ? { title: 'Specialty already exists', description: 'This specialty is already in your list' }
    : { title: FAILED, description: message }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePractitioner(request)
  let formData: FormData
  try {
    formData = await readFormData(request, {
      maxFileBytes: IMAGE_MAX_BYTES,
      tooLargeMessage: IMAGE_TOO_LARGE,
      field: 'profilePictureFile',
    })
  } catch (error) {
    // The upload was cut off at the size limit, so no field arrived: keep the saved values.
    const { firstName, lastName, title, bio, specialties } = user
    return refused(
      { initialValue: { firstName, lastName, title: title ?? '', bio: bio ?? '', specialties } },
      error,
      failureToast,
    )
  }
  const submission = parseWithZod(formData, { schema: ProfileFormSchema })
  if (submission.status !== 'success') {
    const first = Object.values(submission.error ?? {}).flat()[0] ?? ''
    return invalid(submission, undefined, { type: 'error', ...failureToast(first) })
  }
  try {
    await updateProfileFromForm(user.id, submission.value)
  } catch (error) {
    return refused(submission, error, failureToast)
  }
  return redirectWithToast(PAGE, {
    type: 'success',
    title: 'Profile updated',
    description: 'Your public profile has been saved.',
  })
}

type Draft = {
  firstName: string
  lastName: string
  title: string
  bio: string
  /** The saved specialties still checked (the suggestion list leaves these out). */
  kept: string[]
  /** What the preview shows: the kept ones and the ones about to be added. */
  specialties: string[]
  photo: string | null
}

/** The unique, non-empty specialties a draft shows, in order (case-insensitively unique). */
function distinct(list: string[]) {
  const out: string[] = []
  for (const item of list.map((s) => s.trim()).filter(Boolean)) {
    if (firstDuplicateIndex([...out, item]) < 0) out.push(item)
  }
  return out
}

function initials(firstName: string, lastName: string) {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase() || '?'
}

/** Spec §2 Profile Preview: how clients will see the profile. */
function ProfilePreview({ draft }: { draft: Draft }) {
  const name = `${draft.firstName} ${draft.lastName}`.trim()
  return (
    <Card aria-labelledby="profile-preview-title">
      <CardHeader>
        <CardTitle id="profile-preview-title">Profile Preview</CardTitle>
        <CardDescription>How clients see you.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4" data-testid="profile-preview">
        <div className="flex items-center gap-4">
          {draft.photo ? (
            <img src={draft.photo} alt="" className="size-16 rounded-full border border-border object-cover" />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-16 items-center justify-center rounded-full bg-secondary text-lg font-semibold text-secondary-foreground"
            >
              {initials(draft.firstName, draft.lastName)}
            </span>
          )}
          <div className="min-w-0">
            <p className="truncate text-lg font-semibold">{name}</p>
            {draft.title ? <p className="truncate text-sm text-muted-foreground">{draft.title}</p> : null}
          </div>
        </div>
        {draft.specialties.length ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Preview specialties">
            {draft.specialties.map((s) => (
              <li key={s}>
                <Badge tone="outline" className="normal-case">
                  {s}
                </Badge>
              </li>
            ))}
          </ul>
        ) : null}
        <div>
          <h3 className="text-sm font-semibold">About</h3>
          <p className="mt-1 text-sm whitespace-pre-line text-muted-foreground">{draft.bio || 'No bio yet.'}</p>
        </div>
      </CardContent>
    </Card>
  )
}

function VisibilityStatus({ id, missing }: { id: number; missing: string[] }) {
  if (!missing.length) {
    return (
      <div role="status" className="rounded-lg border border-success/30 bg-success-soft p-4 text-sm">
        <p className="font-semibold">Your profile is visible to clients</p>
        <Link to={`/practitioners/${id}`} className="mt-1 inline-block font-medium text-primary hover:underline">
          View your public profile
        </Link>
      </div>
    )
  }
  return (
    <div role="alert" className="rounded-lg border border-accent/60 bg-accent-soft p-4 text-sm">
      <p className="font-semibold">Your profile is not visible to clients yet</p>
      <p className="mt-1">Add your {missing.join(', ')} to appear in the marketplace.</p>
    </div>
  )
}

function ProfileForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const { profile } = useLoaderData<typeof loader>()
  const pending = useIsSubmitting()
  const [form, fields] = useSchemaForm(ProfileFormSchema, {
    id: FORM_ID,
    lastResult,
    defaultValue: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      title: profile.title ?? '',
      bio: profile.bio ?? '',
      specialties: profile.specialties,
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

  const kept = new Set(draft.kept.map((s) => s.toLocaleLowerCase()))
  const suggestions = SUGGESTED_SPECIALTIES.filter((s) => !kept.has(s.toLocaleLowerCase()))

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card>
        <CardHeader>
          <CardTitle>Profile details</CardTitle>
          <CardDescription>A photo, a title and a bio make your profile visible to clients.</CardDescription>
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
              label="Profile image"
              errors={fields.profilePictureFile.errors}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                labelProps={{ children: 'First name' }}
                inputProps={{ ...getInputProps(fields.firstName, { type: 'text' }), autoComplete: 'given-name' }}
                errors={fields.firstName.errors}
              />
              <Field
                labelProps={{ children: 'Last name' }}
                inputProps={{ ...getInputProps(fields.lastName, { type: 'text' }), autoComplete: 'family-name' }}
                errors={fields.lastName.errors}
              />
            </div>
            <Field
              labelProps={{ children: 'Professional title' }}
              inputProps={{
                ...getInputProps(fields.title, { type: 'text' }),
                placeholder: 'e.g. Registered Yoga Therapist',
              }}
              errors={fields.title.errors}
            />
            <TextareaField
              labelProps={{ children: 'Professional bio' }}
              textareaProps={{
                ...getTextareaProps(fields.bio),
                rows: 6,
                placeholder: `Tell clients about your experience and approach (up to ${BIO_MAX_LENGTH} characters).`,
              }}
              errors={fields.bio.errors}
            />
            <fieldset className="space-y-3">
              <legend className="text-sm font-medium">Specialties</legend>
              {profile.specialties.length ? (
                <div className="space-y-1.5">
                  <p id="specialties-hint" className="text-xs text-muted-foreground">
                    Uncheck a specialty to remove it when you save.
                  </p>
                  <ul className="flex flex-wrap gap-2" aria-describedby="specialties-hint">
                    {profile.specialties.map((s) => (
                      <li key={s}>
                        <label className="flex items-center gap-2 rounded-full border border-border px-3 py-1 text-sm has-[:not(:checked)]:line-through has-[:not(:checked)]:opacity-60">
                          <input
                            type="checkbox"
                            name={fields.specialties.name}
                            value={s}
                            defaultChecked={keptAtFirst.has(s)}
                            className="accent-primary"
                          />
                          {s}
                        </label>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : (
                <p className="text-sm text-muted-foreground">No specialties yet. Add one below.</p>
              )}
              <ErrorList id={fields.specialties.errorId} errors={fields.specialties.errors} />
              <div className="grid gap-4 sm:grid-cols-2">
                <SelectField
                  labelProps={{ children: 'Add a suggested specialty' }}
                  selectProps={getSelectProps(fields.suggestedSpecialty)}
                  options={suggestions.map((s) => [s, s] as const)}
                  placeholder="Choose a specialty"
                  errors={fields.suggestedSpecialty.errors}
                />
                <Field
                  labelProps={{ children: 'Custom specialty' }}
                  inputProps={{
                    ...getInputProps(fields.customSpecialty, { type: 'text' }),
                    placeholder: 'e.g. Prenatal Yoga',
                  }}
                  errors={fields.customSpecialty.errors}
                />
              </div>
              <p className="text-xs text-muted-foreground">New specialties are added to your list when you save.</p>
            </fieldset>
            <FormErrors id={form.errorId} errors={form.errors} />
            <SubmitButton pending={pending} pendingText="Saving...">
              Save profile
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

export default function PractitionerProfilePage() {
  const { profile, missing } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">My Profile</h1>
        <p className="text-muted-foreground">What clients see when they find you.</p>
      </div>
      <VisibilityStatus id={profile.id} missing={missing} />
      {/* A save reloads the profile: a fresh form starts from it, with the added specialties as boxes. */}
      <ProfileForm key={profile.updatedAt} lastResult={actionData?.result ?? null} />
      <Toaster toast={actionData?.toast} />
    </div>
  )
}
