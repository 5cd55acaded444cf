import { parseWithZod } from '@conform-to/zod/v4'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useShown } from '~/components/account/use-shown'
import { AuthCard } from '~/components/auth-card'
import { lazyComponent } from '~/components/lazy-component'
import { Toaster } from '~/components/toaster'
import { ButtonLink } from '~/components/ui/button'
import { readForm } from '~/lib/form-data.server'
import { invalid, refused } from '~/lib/forms.server'
import { msg } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
import {
  INVALID_RESET_TOKEN,
  isResetTokenUsable,
  PASSWORD_RESET_DONE,
  resetPassword,
} from '~/models/accounts/password-reset.server'
import { PASSWORD_MIN_LENGTH, ResetPasswordFormSchema } from '~/models/accounts/user'

const ResetPasswordForm = lazyComponent(
  () => import('~/components/auth/reset-password-form').then((module) => module.ResetPasswordForm),
  { hydrate: 'on-first-use' },
)

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'auth')('titles.resetPassword') }]

type State =
  { state: 'form'; token: string } | { state: 'success'; message: string } | { state: 'error'; message: string }

export function loader({ request }: LoaderFunctionArgs): State {
  const params = new URL(request.url).searchParams
  if (params.has('done')) return { state: 'success', message: PASSWORD_RESET_DONE }
  const token = params.get('token')
  if (!token) {
    return { state: 'error', message: msg('auth:resetPassword.invalidLink') }
  }
  if (!isResetTokenUsable(token)) return { state: 'error', message: INVALID_RESET_TOKEN }
  return { state: 'form', token }
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: ResetPasswordFormSchema })
  if (submission.status !== 'success') return invalid(submission, ['newPassword', 'confirmPassword'])
  try {
    await resetPassword(request, submission.value.token, submission.value.newPassword)
    return redirect('/reset-password?done=1')
  } catch (error) {
    return refused(submission, error, msg('auth:toasts.resetFailed'), {
      hideFields: ['newPassword', 'confirmPassword'],
    })
  }
}

export default function ResetPasswordPage() {
  const { t } = useTranslation('auth')
  const shown = useShown()
  const loaderData = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()

  if (loaderData.state === 'success') {
    return (
      <AuthCard title={t('resetPassword.doneTitle')}>
        <p role="status" className="text-center text-sm text-muted-foreground">
          {shown(loaderData.message)}
        </p>
        <ButtonLink to="/login" className="mt-6 w-full">
          {t('resetPassword.goToLogin')}
        </ButtonLink>
      </AuthCard>
    )
  }
  if (loaderData.state === 'error') {
    return (
      <AuthCard title={t('resetPassword.problemTitle')}>
        <p role="alert" className="text-center text-sm text-destructive">
          {shown(loaderData.message)}
        </p>
        <ButtonLink to="/forgot-password" className="mt-6 w-full">
          {t('resetPassword.requestNewLink')}
        </ButtonLink>
      </AuthCard>
    )
  }

  return (
    <AuthCard
      title={t('resetPassword.title')}
      description={t('resetPassword.description', { min: PASSWORD_MIN_LENGTH })}
    >
      <ResetPasswordForm token={loaderData.token} lastResult={actionData?.result} />
      <Toaster toast={actionData?.toast} />
    </AuthCard>
  )
}
