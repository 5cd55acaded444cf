import { parseWithZod } from '@conform-to/zod/v4'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useReturnPath } from '~/components/auth/use-return-path'
import { AuthCard } from '~/components/auth-card'
import { lazyComponent } from '~/components/lazy-component'
import { Toaster } from '~/components/toaster'
import { Link } from '~/components/ui/link'
import { zoneLabel } from '~/lib/dates'
import { readForm } from '~/lib/form-data.server'
import { invalid, refused } from '~/lib/forms.server'
import { requestLanguage } from '~/lib/i18n/language.server'
import { msg } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
import { safeRedirect } from '~/lib/safe-redirect'
import { viewerTimeZone } from '~/lib/time-zone.server'
import { redirectWithToast } from '~/lib/toast.server'
import { createUserSession, requireAnonymous } from '~/models/accounts/auth.server'
import { signup } from '~/models/accounts/signup.server'
import { timeZoneHref } from '~/models/accounts/time-zone-link'
import { dashboardPath, SignupFormSchema } from '~/models/accounts/user'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

const SignupForm = lazyComponent(() => import('~/components/auth/signup-form').then((module) => module.SignupForm), {
  hydrate: 'on-first-use',
})

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, 'auth')
  return [{ title: t('titles.signup') }, { name: 'description', content: t('signup.description') }]
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request)
  // The zone the account will start in (the browser's, or the one chosen on /time-zone).
  return { zoneLabel: zoneLabel(viewerTimeZone(request), undefined, requestLanguage(request)) }
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request)
  const submission = parseWithZod(formData, { schema: SignupFormSchema })
  if (submission.status !== 'success') return invalid(submission, ['password', 'confirmPassword'])
  try {
    const user = await signup(request, submission.value, formData.get('website'))
    // Settled before the session row is written (as on /login).
    const to = safeRedirect(submission.value.redirectTo, dashboardPath(user))
    const cookie = await createUserSession(request, user.id, false)
    return redirectWithToast(
      to,
      {
        type: 'success',
        title: msg('auth:toasts.signedUp'),
        description: msg('auth:toasts.signedUpDescription'),
      },
      { headers: { 'Set-Cookie': cookie } },
    )
  } catch (error) {
    return refused(submission, error, msg('auth:toasts.signupFailed'), {
      hideFields: ['password', 'confirmPassword'],
    })
  }
}

export default function SignupPage() {
  const { t } = useTranslation('auth')
  const actionData = useActionData<typeof action>()
  const redirectTo = useReturnPath()
  const { zoneLabel } = useLoaderData<typeof loader>()
  const location = useLocation()

  return (
    <AuthCard title={t('signup.title')} description={t('signup.description')} wide>
      <SignupForm redirectTo={redirectTo} lastResult={actionData?.result} />
      <p className="mt-6 text-center text-sm text-muted-foreground">
        {t('signup.timesShownIn', { zone: zoneLabel })}{' '}
        <Link
          to={timeZoneHref(location.pathname + location.search)}
          className="font-medium text-primary hover:underline"
        >
          {t('signup.changeTimeZone')}
        </Link>
      </p>
      <p className="mt-2 text-center text-sm text-muted-foreground">
        {t('signup.haveAccount')}{' '}
        <Link
          to={redirectTo ? `/login?${new URLSearchParams({ redirect: redirectTo })}` : '/login'}
          className="font-medium text-primary hover:underline"
        >
          {t('signup.logIn')}
        </Link>
      </p>
      <Toaster toast={actionData?.toast} />
    </AuthCard>
  )
}
