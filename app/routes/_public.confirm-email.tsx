import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useShown } from '~/components/account/use-shown'
import { AuthCard } from '~/components/auth-card'
import { FormErrors, SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { Toaster } from '~/components/toaster'
import { ButtonLink } from '~/components/ui/button'
import { isAppError } from '~/lib/errors'
import { readForm } from '~/lib/form-data.server'
import { invalid, refused } from '~/lib/forms.server'
import { metaT } from '~/lib/i18n/meta'
import { redirectWithToast } from '~/lib/toast.server'
import { appOrigin } from '~/lib/url.server'
import { requireUser } from '~/models/accounts/auth.server'
import {
  ConfirmEmailChangeSchema,
  EMAIL_CHANGE_FAILED_TITLE,
  EMAIL_CHANGED_TITLE,
  emailChanged,
  INVALID_EMAIL_CHANGE_LINK,
} from '~/models/accounts/email-change'
import { confirmEmailChange, emailChangeFor } from '~/models/accounts/email-change.server'
import { dashboardPath } from '~/models/accounts/role'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

/**
 * /confirm-email?token=…: the link emailed to a new address. The page shows what will change
 * and a button that posts the confirmation; opening it (a mail scanner, a cross-site page)
 * writes nothing. Only the account that asked, signed in, can confirm: a link sent to a
 * mistyped address cannot hand the account to whoever reads it.
 */

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'account')('titles.confirmEmail') }]

/** Where the person goes afterwards: a client's settings, else their dashboard. */
function accountPage(user: { isAdmin: boolean; isPractitioner: boolean }) {
  return user.isAdmin || user.isPractitioner ? dashboardPath(user) : '/customer-settings'
}

type State =
  | { state: 'form'; token: string; currentEmail: string; newEmail: string; back: string }
  | { state: 'error'; message: string; back: string }

export async function loader({ request }: LoaderFunctionArgs): Promise<State> {
  const user = await requireUser(request)
  const back = accountPage(user)
  const token = new URL(request.url).searchParams.get('token')
  if (!token) return { state: 'error', message: INVALID_EMAIL_CHANGE_LINK, back }
  try {
    return { state: 'form', token, ...emailChangeFor(user.id, token), back }
  } catch (error) {
    if (isAppError(error)) return { state: 'error', message: error.message, back }
    throw error
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const submission = parseWithZod(await readForm(request), { schema: ConfirmEmailChangeSchema })
  if (submission.status !== 'success') return invalid(submission)
  try {
    const email = await confirmEmailChange(user.id, submission.value.token, appOrigin(request))
    return redirectWithToast(accountPage(user), {
      type: 'success',
      title: EMAIL_CHANGED_TITLE,
      description: emailChanged(email),
    })
  } catch (error) {
    return refused(submission, error, EMAIL_CHANGE_FAILED_TITLE)
  }
}

export default function ConfirmEmailPage() {
  const { t } = useTranslation('account')
  const shown = useShown()
  const page = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const pending = useIsSubmitting()

  if (page.state === 'error') {
    return (
      <AuthCard title={t('confirmEmail.problemTitle')}>
        <p role="alert" className="text-center text-sm text-destructive">
          {shown(page.message)}
        </p>
        <ButtonLink to={page.back} className="mt-6 w-full">
          {t('confirmEmail.backToAccount')}
        </ButtonLink>
      </AuthCard>
    )
  }

  const errors = Object.values(actionData?.result.error ?? {}).flatMap((messages) => messages ?? [])
  return (
    <AuthCard title={t('confirmEmail.title')} description={t('confirmEmail.description')}>
      <dl className="space-y-3 text-sm">
        <div>
          <dt className="text-muted-foreground">{t('confirmEmail.currentEmail')}</dt>
          <dd className="font-medium break-all">{page.currentEmail}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('confirmEmail.newEmail')}</dt>
          <dd className="font-medium break-all">{page.newEmail}</dd>
        </div>
      </dl>
      <p className="mt-4 text-sm text-muted-foreground">{t('confirmEmail.afterwards')}</p>
      <Form method="post" className="mt-6 space-y-4">
        <input type="hidden" name="token" value={page.token} />
        <FormErrors errors={errors} />
        <SubmitButton className="w-full" pending={pending} pendingText={t('confirmEmail.submitting')}>
          {t('confirmEmail.submit')}
        </SubmitButton>
      </Form>
      <ButtonLink to={page.back} variant="outline" className="mt-3 w-full">
        {t('confirmEmail.notNow')}
      </ButtonLink>
      <Toaster toast={actionData?.toast} />
    </AuthCard>
  )
}
