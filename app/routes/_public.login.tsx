import { parseWithZod } from '@conform-to/zod/v4'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { PasskeySignIn } from '~/components/auth/passkey-sign-in'
import { useReturnPath } from '~/components/auth/use-return-path'
import { AuthCard } from '~/components/auth-card'
import { lazyComponent } from '~/components/lazy-component'
import { Toaster } from '~/components/toaster'
import { Link } from '~/components/ui/link'
import { readForm } from '~/lib/form-data.server'
import { invalid, refused } from '~/lib/forms.server'
import { metaT } from '~/lib/i18n/meta'
import { safeRedirect } from '~/lib/safe-redirect'
import { authenticate, requireAnonymous } from '~/models/accounts/auth.server'
import { dashboardPath, LoginSchema } from '~/models/accounts/user'
import { SIGN_IN_CODE_PATH, LOGIN_FAILED } from '~/models/security/security'
import { signInWithPassword, welcomeBack } from '~/models/security/sign-in.server'

const LoginForm = lazyComponent(() => import('~/components/auth/login-form').then((module) => module.LoginForm), {
  hydrate: 'on-first-use',
})

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, 'auth')
  return [{ title: t('titles.login') }, { name: 'description', content: t('login.description') }]
}

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
    return refused(submission, error, LOGIN_FAILED, { hideFields: ['password'] })
  }
}

export default function LoginPage() {
  const { t } = useTranslation('auth')
  const actionData = useActionData<typeof action>()
  const redirectTo = useReturnPath()
  const withReturn = (path: string) => (redirectTo ? `${path}?${new URLSearchParams({ redirect: redirectTo })}` : path)

  return (
    <AuthCard title={t('login.title')} description={t('login.description')}>
      <LoginForm redirectTo={redirectTo} lastResult={actionData?.result} />
      <div className="mt-4">
        <PasskeySignIn redirectTo={redirectTo} />
      </div>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        {t('login.noAccount')}{' '}
        <Link to={withReturn('/signup')} className="font-medium text-primary hover:underline">
          {t('login.signUp')}
        </Link>
      </p>
      <Toaster toast={actionData?.toast} />
    </AuthCard>
  )
}
