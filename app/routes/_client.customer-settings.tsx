import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CalendarFeedCard } from '~/components/account/calendar-feed-card'
import { ChangePasswordForm, CHANGE_PASSWORD_INTENT } from '~/components/account/change-password-form'
import { DeleteAccountSection, DELETE_ACCOUNT_INTENT } from '~/components/account/delete-account-section'
import { ImagePicker } from '~/components/account/image-picker'
import { LanguageCard } from '~/components/account/language-card'
import { NOTIFICATIONS_INTENT, NotificationSettingsCard } from '~/components/account/notification-settings-card'
import { TimeZoneCard } from '~/components/account/time-zone-form'
import { useShown } from '~/components/account/use-shown'
import { FormErrors, SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { Field } from '~/components/forms'
import { NameFields } from '~/components/name-fields'
import { SecurityLinkCard } from '~/components/security/security-link-card'
import { Toaster } from '~/components/toaster'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { useRefusalToast } from '~/components/use-refusal-toast'
import { useSchemaForm } from '~/components/use-schema-form'
import { readForm } from '~/lib/form-data.server'
import { refusalToast } from '~/lib/form-toasts'
import { invalid, refused, unknownForm } from '~/lib/forms.server'
import { requestLanguage } from '~/lib/i18n/language.server'
import { msg } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
import { redirectWithToast } from '~/lib/toast.server'
import { appOrigin } from '~/lib/url.server'
import {
  calendarFeedAction,
  changePasswordAction,
  deleteAccountAction,
  notificationSettingsAction,
} from '~/models/accounts/account-actions.server'
import { requireUser } from '~/models/accounts/auth.server'
import { CALENDAR_FEED_INTENT } from '~/models/accounts/calendar-feed'
import { calendarFeedOf } from '~/models/accounts/calendar-feed.server'
import { emailChangePending } from '~/models/accounts/email-change'
import { pendingEmailOf } from '~/models/accounts/email-change.server'
import { getNotificationSettings } from '~/models/accounts/notification-settings.server'
import { timeZoneSetting } from '~/models/accounts/time-zone-choices.server'
import { UPDATE_ACCOUNT_TOASTS, UpdateAccountFormSchema } from '~/models/accounts/user'
import { updateAccountFromForm } from '~/models/accounts/user.server'
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE } from '~/models/images/image'
import { requireRecentVerification } from '~/models/security/recent-verification.server'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'account')('titles.settings') }]

const PAGE = '/customer-settings'
const UPDATE_ACCOUNT_INTENT = 'update-account'
const UPDATE_FAILED = msg('account:toasts.updateFailed')

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return {
    user,
    pendingEmail: pendingEmailOf(user.id),
    timeZone: timeZoneSetting(user.timeZone, requestLanguage(request, user)),
    calendarFeed: calendarFeedOf(user.id, appOrigin(request)),
    notifications: getNotificationSettings(user.id),
    deleteOpen: new URL(request.url).searchParams.has('delete'),
  }
}

/**
 * A different email is not changed here: a confirmation link goes to it, and the toast says
 * so, in the same words whether or not the address has an account.
 */
async function updateAccountAction(request: Request, formData: FormData, user: { id: number; email: string }) {
  const submission = parseWithZod(formData, { schema: UpdateAccountFormSchema })
  if (submission.status !== 'success') {
    return invalid(submission, undefined, refusalToast(submission.error, UPDATE_ACCOUNT_TOASTS))
  }
  // A new email address asks for a recent password or code (decision 042): the person comes
  // back to this page and sends the form again.
  if (submission.value.email !== user.email) await requireRecentVerification(request)
  try {
    const { emailChangeAsked } = await updateAccountFromForm(user.id, submission.value, appOrigin(request))
    return redirectWithToast(PAGE, {
      type: 'success',
      title: msg('account:toasts.accountUpdated'),
      description: emailChangeAsked
        ? msg('account:toasts.savedEmailChangeSent', { email: submission.value.email })
        : msg('account:toasts.saved'),
    })
  } catch (error) {
    return refused(submission, error, UPDATE_FAILED)
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  let formData: FormData
  try {
    formData = await readForm(request, { upload: { maxBytes: IMAGE_MAX_BYTES, tooLargeMessage: IMAGE_TOO_LARGE } })
  } catch (error) {
    // The upload was cut off at the size limit, so no field arrived: keep the saved values.
    const { firstName, lastName, email, phoneNumber } = user
    return refused(
      { initialValue: { intent: UPDATE_ACCOUNT_INTENT, firstName, lastName, email, phoneNumber: phoneNumber ?? '' } },
      error,
      UPDATE_FAILED,
    )
  }
  switch (formData.get('intent')) {
    case UPDATE_ACCOUNT_INTENT:
      return updateAccountAction(request, formData, user)
    case CHANGE_PASSWORD_INTENT:
      return changePasswordAction(request, formData, user.id, PAGE)
    case DELETE_ACCOUNT_INTENT:
      return deleteAccountAction(request, formData, user.id)
    case CALENDAR_FEED_INTENT:
      return calendarFeedAction(formData, user.id, PAGE)
    case NOTIFICATIONS_INTENT:
      return notificationSettingsAction(formData, user, PAGE)
    default:
      throw unknownForm()
  }
}

function AccountInformationForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation('account')
  const shown = useShown()
  const { user, pendingEmail } = useLoaderData<typeof loader>()
  const pending = useIsSubmitting()
  const [form, fields] = useSchemaForm(UpdateAccountFormSchema, {
    id: UPDATE_ACCOUNT_INTENT,
    lastResult,
    defaultValue: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phoneNumber: user.phoneNumber ?? '',
    },
  })
  const formProps = getFormProps(form)
  const refusal = useRefusalToast(UpdateAccountFormSchema, UPDATE_ACCOUNT_TOASTS, formProps.onSubmit)
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('accountInformation.title')}</CardTitle>
        <CardDescription>{t('accountInformation.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          method="post"
          encType="multipart/form-data"
          className="space-y-4"
          {...formProps}
          onSubmit={refusal.onSubmit}
        >
          <input type="hidden" name="intent" value={UPDATE_ACCOUNT_INTENT} />
          <ImagePicker
            name={fields.profilePictureFile.name}
            removeName={fields.removeProfilePicture.name}
            currentUrl={user.profileImageUrl}
            label={t('accountInformation.picture')}
            errors={fields.profilePictureFile.errors}
          />
          <NameFields firstName={fields.firstName} lastName={fields.lastName} />
          <Field
            labelProps={{ children: t('accountInformation.email') }}
            inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
            hint={pendingEmail ? shown(emailChangePending(pendingEmail)) : undefined}
            errors={fields.email.errors}
          />
          <Field
            labelProps={{ children: t('accountInformation.phoneNumber') }}
            inputProps={{ ...getInputProps(fields.phoneNumber, { type: 'tel' }), autoComplete: 'tel' }}
            errors={fields.phoneNumber.errors}
          />
          <FormErrors id={form.errorId} errors={form.errors} />
          <SubmitButton pending={pending} pendingText={t('accountInformation.saving')}>
            {t('accountInformation.save')}
          </SubmitButton>
        </Form>
        {refusal.toaster}
      </CardContent>
    </Card>
  )
}

export default function CustomerSettingsPage() {
  const { t } = useTranslation('account')
  const { user, timeZone, calendarFeed, notifications, deleteOpen } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const resultFor = (intent: string) => (actionData?.result.initialValue?.intent === intent ? actionData.result : null)
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t('settings.title')}</h1>
        <p className="text-muted-foreground">{t('settings.description')}</p>
      </div>
      {/* A save (updatedAt moves) starts the form again from what is stored: the email field
          shows the current address, not the one waiting for its confirmation. */}
      <AccountInformationForm key={user.updatedAt} lastResult={resultFor(UPDATE_ACCOUNT_INTENT)} />
      <TimeZoneCard setting={timeZone} redirectTo={PAGE} />
      <LanguageCard redirectTo={PAGE} />
      <NotificationSettingsCard settings={notifications} />
      <CalendarFeedCard feed={calendarFeed} />
      <ChangePasswordForm lastResult={resultFor(CHANGE_PASSWORD_INTENT)} />
      <SecurityLinkCard />
      <DeleteAccountSection open={deleteOpen} pagePath={PAGE} lastResult={resultFor(DELETE_ACCOUNT_INTENT)} />
      <Toaster toast={actionData?.toast} />
    </div>
  )
}
