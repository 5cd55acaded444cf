import { parseWithZod } from '@conform-to/zod/v4'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { AuthCard } from '~/components/auth-card'
import { lazyComponent } from '~/components/lazy-component'
import { Toaster } from '~/components/toaster'
import { ButtonLink } from '~/components/ui/button'
import { readForm } from '~/lib/form-data.server'
import { invalid, refused } from '~/lib/forms.server'
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

export const meta: MetaFunction = () => [{ title: 'Reset password — Solace' }]

type State =
  { state: 'form'; token: string } | { state: 'success'; message: string } | { state: 'error'; message: string }

export function loader({ request }: LoaderFunctionArgs): State {
  const params = new URL(request.url).searchParams
  if (params.has('done')) return { state: 'success', message: PASSWORD_RESET_DONE }
  const token = params.get('token')
  if (!token) {
    return { state: 'error', message: 'Invalid reset link. Please request a new password reset.' }
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
    return refused(submission, error, 'Failed to reset password', { hideFields: ['newPassword', 'confirmPassword'] })
  }
}

export default function ResetPasswordPage() {
  const loaderData = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()

  if (loaderData.state === 'success') {
    return (
      <AuthCard title="Password reset">
        <p role="status" className="text-center text-sm text-muted-foreground">
          {loaderData.message}
        </p>
        <ButtonLink to="/login" className="mt-6 w-full">
          Go to login
        </ButtonLink>
      </AuthCard>
    )
  }
  if (loaderData.state === 'error') {
    return (
      <AuthCard title="Reset link problem">
        <p role="alert" className="text-center text-sm text-destructive">
          {loaderData.message}
        </p>
        <ButtonLink to="/forgot-password" className="mt-6 w-full">
          Request a new link
        </ButtonLink>
      </AuthCard>
    )
  }

  return (
    <AuthCard title="Choose a new password" description={`Use at least ${PASSWORD_MIN_LENGTH} characters.`}>
      <ResetPasswordForm token={loaderData.token} lastResult={actionData?.result} />
      <Toaster toast={actionData?.toast} />
    </AuthCard>
  )
}
