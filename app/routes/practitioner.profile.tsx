import { parseWithZod } from '@conform-to/zod/v4'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ProfileForm } from '~/components/practice/profile-form'
import { ProfileVisibilityStatus } from '~/components/practice/profile-visibility-status'
import { Toaster } from '~/components/toaster'
import { readForm } from '~/lib/form-data.server'
import { invalid, refused } from '~/lib/forms.server'
import { msg, type Message } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
import { redirectWithToast } from '~/lib/toast.server'
import { requirePractitioner } from '~/models/accounts/auth.server'
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE } from '~/models/images/image'
import { detailsFormValues } from '~/models/practice/professional-details'
import { readProfessionalDetails } from '~/models/practice/professional-details.server'
import { missingProfileParts, ProfileFormSchema, SPECIALTY_EXISTS } from '~/models/practice/profile'
import { updateProfileFromForm } from '~/models/practice/profile.server'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'practice')('titles.profile') }]

const PAGE = '/practitioner/profile'
const FAILED = msg('practice:profile.toasts.failed')

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
    details: detailsFormValues(readProfessionalDetails(user.id)!),
    missing: missingProfileParts(user),
  }
}

/**
 * The toast for a refused save: titled 'Failed to update profile' with the reason, except a
 * duplicate specialty, whose message is a title and a description in one line
 * (SPECIALTY_EXISTS) and is shown split that way.
 */
function failureToast(message: Message) {
  return message === SPECIALTY_EXISTS
    ? {
        title: msg('practice:profile.toasts.specialtyExists'),
        description: msg('practice:profile.toasts.specialtyExistsText'),
      }
    : { title: FAILED, description: message }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePractitioner(request)
  let formData: FormData
  try {
    formData = await readForm(request, {
      upload: { maxBytes: IMAGE_MAX_BYTES, tooLargeMessage: IMAGE_TOO_LARGE, field: 'profilePictureFile' },
    })
  } catch (error) {
    // The upload was cut off at the size limit, so no field arrived: keep the saved values.
    const { firstName, lastName, title, bio, specialties } = user
    const details = detailsFormValues(readProfessionalDetails(user.id)!)
    return refused(
      { initialValue: { firstName, lastName, title: title ?? '', bio: bio ?? '', specialties, ...details } },
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
    title: msg('practice:profile.toasts.updated'),
    description: msg('practice:profile.toasts.updatedText'),
  })
}

export default function PractitionerProfilePage() {
  const { profile, details, missing } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation('practice')
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t('profile.title')}</h1>
        <p className="text-muted-foreground">{t('profile.intro')}</p>
      </div>
      <ProfileVisibilityStatus id={profile.id} missing={missing} />
      {/* A save reloads the profile: a fresh form starts from it, with the added specialties as boxes. */}
      <ProfileForm
        key={profile.updatedAt}
        profile={profile}
        details={details}
        lastResult={actionData?.result ?? null}
      />
      <Toaster toast={actionData?.toast} />
    </div>
  )
}
