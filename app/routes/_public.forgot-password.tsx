import { parseWithZod } from '@conform-to/zod/v4'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { AuthCard } from '~/components/auth-card'
import { lazyComponent } from '~/components/lazy-component'
import { Toaster } from '~/components/toaster'
import { ButtonLink } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import { readForm } from '~/lib/form-data.server'
import { invalid, refused } from '~/lib/forms.server'
import { FORGOT_PASSWORD_SENT, forgotPassword } from '~/models/accounts/password-reset.server'
import { ForgotPasswordSchema } from '~/models/accounts/user'

const ForgotPasswordForm = lazyComponent(
  () => import('~/components/auth/forgot-password-form').then((module) => module.ForgotPasswordForm),
  { hydrate: 'on-first-use' },
)

export const meta: MetaFunction = () => [{ title: 'Forgot password — Solace' }]

export function loader({ request }: LoaderFunctionArgs) {
  const sent = new URL(request.url).searchParams.has('sent')
  return { sentMessage: sent ? FORGOT_PASSWORD_SENT : null }
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: ForgotPasswordSchema })
  if (submission.status !== 'success') return invalid(submission)
  try {
    forgotPassword(request, submission.value.email)
    return redirect('/forgot-password?sent=1')
  } catch (error) {
    return refused(submission, error, 'Failed to send reset email')
  }
}

export default function ForgotPasswordPage() {
  const { sentMessage } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()

  if (sentMessage) {
    return (
      <AuthCard title="Check your email">
        <p role="status" className="text-center text-sm text-muted-foreground">
          {sentMessage}
        </p>
        <ButtonLink to="/login" className="mt-6 w-full">
          Back to login
        </ButtonLink>
      </AuthCard>
    )
  }

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter your email and we will send you a link to choose a new one."
    >
      <ForgotPasswordForm lastResult={actionData?.result} />
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-medium text-primary hover:underline">
          Back to login
        </Link>
      </p>
      <Toaster toast={actionData?.toast} />
    </AuthCard>
  )
}
