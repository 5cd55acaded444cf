import { getFormProps, getInputProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { AuthCard } from '~/components/auth-card'
import { FormErrors, SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { CheckboxField, Field } from '~/components/forms'
import { Toaster } from '~/components/toaster'
import { usePublicSchemaForm } from '~/components/use-public-schema-form'
import { readForm } from '~/lib/form-data.server'
import { invalid, publicFormConstraint, refused } from '~/lib/forms.server'
import { safeRedirect } from '~/lib/safe-redirect'
import { redirectWithToast } from '~/lib/toast.server'
import { authenticate, createUserSession, requireAnonymous } from '~/models/accounts/auth.server'
import { dashboardPath, LoginSchema } from '~/models/accounts/user'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = () => [
  { title: 'Log in — Solace' },
  { name: 'description', content: 'Log in to book and manage your sessions.' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request)
  return { constraint: await publicFormConstraint('login') }
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readForm(request.clone()), { schema: LoginSchema })
  if (submission.status !== 'success') return invalid(submission, ['password'])
  try {
    const user = await authenticate(request)
    const cookie = await createUserSession(request, user.id, submission.value.remember)
    return redirectWithToast(
      safeRedirect(submission.value.redirectTo, dashboardPath(user)),
      { type: 'success', title: 'Welcome back!', description: 'You have successfully logged in.' },
      { headers: { 'Set-Cookie': cookie } },
    )
  } catch (error) {
    return refused(submission, error, 'Login failed', { hideFields: ['password'] })
  }
}

/** The return address: `?redirect=` (spec) or `?redirectTo=`. */
export function useReturnPath() {
  const [params] = useSearchParams()
  return params.get('redirect') ?? params.get('redirectTo') ?? ''
}

export default function LoginPage() {
  const actionData = useActionData<typeof action>()
  const redirectTo = useReturnPath()
  const pending = useIsSubmitting()
  const { constraint } = useLoaderData<typeof loader>()
  const [form, fields] = usePublicSchemaForm('login', { id: 'login', constraint, lastResult: actionData?.result })
  const withReturn = (path: string) => (redirectTo ? `${path}?${new URLSearchParams({ redirect: redirectTo })}` : path)

  return (
    <AuthCard title="Welcome back" description="Log in to book and manage your sessions.">
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          labelProps={{ children: 'Email' }}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email', autoFocus: true }}
          errors={fields.email.errors}
        />
        <Field
          labelProps={{ children: 'Password' }}
          inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
          errors={fields.password.errors}
        />
        <div className="flex items-center justify-between gap-4">
          <CheckboxField
            labelProps={{ children: 'Remember me' }}
            inputProps={getInputProps(fields.remember, { type: 'checkbox' })}
            errors={fields.remember.errors}
          />
          <Link to="/forgot-password" className="text-sm font-medium text-primary hover:underline">
            Forgot password?
          </Link>
        </div>
        <FormErrors id={form.errorId} errors={form.errors} />
        <SubmitButton className="w-full" pending={pending} pendingText="Logging in...">
          Log in
        </SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Don&apos;t have an account?{' '}
        <Link to={withReturn('/signup')} className="font-medium text-primary hover:underline">
          Sign up
        </Link>
      </p>
      <Toaster toast={actionData?.toast} />
    </AuthCard>
  )
}
