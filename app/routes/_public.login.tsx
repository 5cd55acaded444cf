import { parseWithZod } from '@conform-to/zod/v4'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { PasskeySignIn } from '~/components/auth/passkey-sign-in'
import { useReturnPath } from '~/components/auth/use-return-path'
import { AuthCard } from '~/components/auth-card'
import { lazyComponent } from '~/components/lazy-component'
import { Toaster } from '~/components/toaster'
import { Link } from '~/components/ui/link'
import { readForm } from '~/lib/form-data.server'
import { invalid, refused } from '~/lib/forms.server'
import { safeRedirect } from '~/lib/safe-redirect'
import { authenticate, requireAnonymous } from '~/models/accounts/auth.server'
import { dashboardPath, LoginSchema } from '~/models/accounts/user'
import { SIGN_IN_CODE_PATH } from '~/models/security/security'
import { signInWithPassword, welcomeBack } from '~/models/security/sign-in.server'

const LoginForm = lazyComponent(() => import('~/components/auth/login-form').then((module) => module.LoginForm), {
  hydrate: 'on-first-use',
})

export const meta: MetaFunction = () => [
  { title: 'Log in — Solace' },
  { name: 'description', content: 'Log in to book and manage your sessions.' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request)
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: LoginSchema })
  if (submission.status !== 'success') return invalid(submission, ['password'])
  try {
    const user = await authenticate(request, submission.value)
    // Where to go is settled before the session row is written, so nothing left can fail
    // with a session made and no cookie sent for it.
    const to = safeRedirect(submission.value.redirectTo, dashboardPath(user))
    const signedIn = await signInWithPassword(request, user, submission.value.remember)
    if (signedIn.pending) {
      const redirectTo = submission.value.redirectTo ?? ''
      const query = redirectTo ? `?${new URLSearchParams({ redirectTo })}` : ''
      return redirect(`${SIGN_IN_CODE_PATH}${query}`, { headers: signedIn.headers })
    }
    return welcomeBack(to, signedIn.headers)
  } catch (error) {
    return refused(submission, error, 'Login failed', { hideFields: ['password'] })
  }
}

export default function LoginPage() {
  const actionData = useActionData<typeof action>()
  const redirectTo = useReturnPath()
  const withReturn = (path: string) => (redirectTo ? `${path}?${new URLSearchParams({ redirect: redirectTo })}` : path)

  return (
    <AuthCard title="Welcome back" description="Log in to book and manage your sessions.">
      <LoginForm redirectTo={redirectTo} lastResult={actionData?.result} />
      <div className="mt-4">
        <PasskeySignIn redirectTo={redirectTo} />
      </div>
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
