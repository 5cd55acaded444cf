import { getFormProps, getInputProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { AuthCard } from '~/components/auth-card'
import { FormErrors, SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { PasswordField } from '~/components/password-field'
import { Toaster } from '~/components/toaster'
import { ButtonLink } from '~/components/ui/button'
import { usePublicSchemaForm, type FormConstraint } from '~/components/use-public-schema-form'
import { readForm } from '~/lib/form-data.server'
import { invalid, publicFormConstraint, refused } from '~/lib/forms.server'
import {
  INVALID_RESET_TOKEN,
  isResetTokenUsable,
  PASSWORD_RESET_DONE,
  resetPassword,
} from '~/models/accounts/password-reset.server'
import { ResetPasswordFormSchema } from '~/models/accounts/user'

export const meta: MetaFunction = () => [{ title: 'Reset password — Solace' }]

type State =
  | { state: 'form'; token: string; constraint: FormConstraint }
  | { state: 'success'; message: string }
  | { state: 'error'; message: string }

export async function loader({ request }: LoaderFunctionArgs): Promise<State> {
  const params = new URL(request.url).searchParams
  if (params.has('done')) return { state: 'success', message: PASSWORD_RESET_DONE }
  const token = params.get('token')
  if (!token) {
    return { state: 'error', message: 'Invalid reset link. Please request a new password reset.' }
  }
  if (!isResetTokenUsable(token)) return { state: 'error', message: INVALID_RESET_TOKEN }
  return { state: 'form', token, constraint: await publicFormConstraint('resetPassword') }
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: ResetPasswordFormSchema })
  if (submission.status !== 'success') return invalid(submission, ['newPassword', 'confirmPassword'])
  try {
    await resetPassword(submission.value.token, submission.value.newPassword)
    return redirect('/reset-password?done=1')
  } catch (error) {
    return refused(submission, error, 'Failed to reset password', { hideFields: ['newPassword', 'confirmPassword'] })
  }
}

export default function ResetPasswordPage() {
  const loaderData = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const pending = useIsSubmitting()
  const [form, fields] = usePublicSchemaForm('resetPassword', {
    id: 'reset-password',
    constraint: loaderData.state === 'form' ? loaderData.constraint : {},
    lastResult: actionData?.result,
  })

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
    <AuthCard title="Choose a new password" description="Use at least 8 characters.">
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="token" value={loaderData.token} />
        <PasswordField
          label="New password"
          inputProps={{ ...getInputProps(fields.newPassword, { type: 'password' }), autoComplete: 'new-password' }}
          errors={fields.newPassword.errors}
        />
        <PasswordField
          label="Confirm new password"
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: 'password' }), autoComplete: 'new-password' }}
          errors={fields.confirmPassword.errors}
        />
        <FormErrors id={form.errorId} errors={[...(form.errors ?? []), ...(fields.token.errors ?? [])]} />
        <SubmitButton className="w-full" pending={pending} pendingText="Resetting...">
          Reset password
        </SubmitButton>
      </Form>
      <Toaster toast={actionData?.toast} />
    </AuthCard>
  )
}
