import { parseWithZod } from '@conform-to/zod/v4'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useShown } from '~/components/account/use-shown'
import { AuthCard } from '~/components/auth-card'
import { lazyComponent } from '~/components/lazy-component'
import { Toaster } from '~/components/toaster'
import { ButtonLink } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import { readForm } from '~/lib/form-data.server'
import { invalid, refused } from '~/lib/forms.server'
import { msg } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
import { FORGOT_PASSWORD_SENT, forgotPassword } from '~/models/accounts/password-reset.server'
import { ForgotPasswordSchema } from '~/models/accounts/user'

const ForgotPasswordForm = lazyComponent(
  () => import('~/components/auth/forgot-password-form').then((module) => module.ForgotPasswordForm),
  { hydrate: 'on-first-use' },
)

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'auth')('titles.forgotPassword') }]

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
    return refused(submission, error, msg('auth:toasts.resetEmailFailed'))
  }
}

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth')
  const shown = useShown()
  const { sentMessage } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()

  if (sentMessage) {
    return (
      <AuthCard title={t('forgotPassword.checkEmail')}>
        <p role="status" className="text-center text-sm text-muted-foreground">
          {shown(sentMessage)}
        </p>
        <ButtonLink to="/login" className="mt-6 w-full">
          {t('forgotPassword.backToLogin')}
        </ButtonLink>
      </AuthCard>
    )
  }

  return (
    <AuthCard title={t('forgotPassword.title')} description={t('forgotPassword.description')}>
      <ForgotPasswordForm lastResult={actionData?.result} />
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-medium text-primary hover:underline">
          {t('forgotPassword.backToLogin')}
        </Link>
      </p>
      <Toaster toast={actionData?.toast} />
    </AuthCard>
  )
}
