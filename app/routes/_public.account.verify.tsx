import { getFormProps, getInputProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AuthCard } from '~/components/auth-card'
import { FormErrors, SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { Field } from '~/components/forms'
import { Toaster } from '~/components/toaster'
import { useSchemaForm } from '~/components/use-schema-form'
import { readForm } from '~/lib/form-data.server'
import { invalid, refused } from '~/lib/forms.server'
import { msg } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
import { safeRedirect } from '~/lib/safe-redirect'
import { requireUser } from '~/models/accounts/auth.server'
import { dashboardPath } from '~/models/accounts/user'
import { verifyAgain } from '~/models/security/recent-verification.server'
import { VerifySchema } from '~/models/security/security'
import { hasAuthenticatorApp } from '~/models/security/two-factor.server'

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'auth')('titles.verify') }]

/**
 * Recent verification (decision 042): what matters most sends a person here when their last
 * password or code is more than ten minutes old; a password (or a code, with an app on) sends
 * them back where they were. Works without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return {
    redirectTo: safeRedirect(new URL(request.url).searchParams.get('redirectTo'), dashboardPath(user)),
    codeAllowed: hasAuthenticatorApp(user.id),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const submission = parseWithZod(await readForm(request), { schema: VerifySchema })
  if (submission.status !== 'success') return invalid(submission, ['password', 'code'])
  try {
    await verifyAgain(request, user.id, submission.value)
    return redirect(safeRedirect(submission.value.redirectTo, dashboardPath(user)))
  } catch (error) {
    return refused(submission, error, msg('auth:toasts.notConfirmed'), {
      hideFields: ['password', 'code'],
      toast: false,
    })
  }
}

export default function VerifyPage() {
  const { t } = useTranslation('auth')
  const { redirectTo, codeAllowed } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const pending = useIsSubmitting()
  const [form, fields] = useSchemaForm(VerifySchema, { id: 'verify', lastResult: actionData?.result })
  return (
    <AuthCard title={t('verify.title')} description={t('verify.description')}>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          labelProps={{ children: t('fields.password') }}
          inputProps={{
            ...getInputProps(fields.password, { type: 'password' }),
            autoComplete: 'current-password',
            autoFocus: true,
          }}
          errors={fields.password.errors}
        />
        {codeAllowed ? (
          <Field
            labelProps={{ children: t('verify.orCode') }}
            inputProps={{ ...getInputProps(fields.code, { type: 'text' }), autoComplete: 'one-time-code' }}
            errors={fields.code.errors}
          />
        ) : null}
        <FormErrors id={form.errorId} errors={form.errors} />
        <SubmitButton className="w-full" pending={pending} pendingText={t('verify.submitting')}>
          {t('verify.submit')}
        </SubmitButton>
      </Form>
      <Toaster toast={actionData?.toast} />
    </AuthCard>
  )
}
