import { parseWithZod } from '@conform-to/zod/v4'
import { useActionData, useLoaderData } from '@remix-run/react'
import { Trans, useTranslation } from 'react-i18next'
import { AuthCard } from '~/components/auth-card'
import { CodeForm } from '~/components/security/code-form'
import { Toaster } from '~/components/toaster'
import { Link } from '~/components/ui/link'
import { readForm } from '~/lib/form-data.server'
import { invalid, refused } from '~/lib/forms.server'
import { metaT } from '~/lib/i18n/meta'
import { safeRedirect } from '~/lib/safe-redirect'
import { redirectWithToast } from '~/lib/toast.server'
import { requireAnonymous } from '~/models/accounts/auth.server'
import { dashboardPath } from '~/models/accounts/user'
import { LOGIN_FAILED, SIGN_IN_EXPIRED, SignInCodeSchema } from '~/models/security/security'
import { finishSignIn, pendingSignIn, welcomeBack } from '~/models/security/sign-in.server'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'auth')('titles.signInCode') }]

/**
 * The second step of signing in with an authenticator app on: the password was right, and the
 * session waits (ten minutes) for a code or a recovery code. Works without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request)
  if (!(await pendingSignIn(request))) throw await startAgain()
  return { redirectTo: safeRedirect(new URL(request.url).searchParams.get('redirectTo'), '') }
}

function startAgain() {
  return redirectWithToast('/login', { type: 'error', title: LOGIN_FAILED, description: SIGN_IN_EXPIRED })
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: SignInCodeSchema })
  if (submission.status !== 'success') return invalid(submission, ['code'])
  try {
    const signedIn = await finishSignIn(request, submission.value.code)
    return welcomeBack(safeRedirect(submission.value.redirectTo, dashboardPath(signedIn.user)), signedIn.headers)
  } catch (error) {
    if (error instanceof Error && error.message === SIGN_IN_EXPIRED) return startAgain()
    return refused(submission, error, LOGIN_FAILED, { hideFields: ['code'], toast: false })
  }
}

export default function SignInCodePage() {
  const { t } = useTranslation('auth')
  const { redirectTo } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <AuthCard title={t('signInCode.title')} description={t('signInCode.description')}>
      <CodeForm
        id="sign-in-code"
        lastResult={actionData?.result}
        submitText={t('signInCode.submit')}
        pendingText={t('signInCode.submitting')}
        hidden={redirectTo ? { redirectTo } : undefined}
        focusCode
      />
      <p className="mt-6 text-sm text-muted-foreground">
        <Trans
          t={t}
          i18nKey="signInCode.noAccess"
          components={{ a: <Link to="/contact" className="font-medium text-primary hover:underline" /> }}
        />
      </p>
      <Toaster toast={actionData?.toast} />
    </AuthCard>
  )
}
