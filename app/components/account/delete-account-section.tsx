import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormErrors, SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { PasswordField } from '~/components/password-field'
import { buttonClass } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { UrlDialog } from '~/components/ui/url-dialog'
import { useRefusalToast } from '~/components/use-refusal-toast'
import { useSchemaForm } from '~/components/use-schema-form'
import { DELETE_ACCOUNT_TOASTS, DeleteAccountSchema } from '~/models/accounts/user'

export const DELETE_ACCOUNT_INTENT = 'delete-account'

/**
 * The danger zone. "Delete Account" opens a confirmation dialog (URL state `?delete=1`)
 * that asks for the password.
 */
export function DeleteAccountSection({
  open,
  pagePath,
  lastResult,
}: {
  open: boolean
  pagePath: string
  lastResult?: SubmissionResult<string[]> | null
}) {
  const { t } = useTranslation('account')
  const pending = useIsSubmitting()
  const [form, fields] = useSchemaForm(DeleteAccountSchema, { id: DELETE_ACCOUNT_INTENT, lastResult })
  const formProps = getFormProps(form)
  const refusal = useRefusalToast(DeleteAccountSchema, DELETE_ACCOUNT_TOASTS, formProps.onSubmit)
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle className="text-destructive">{t('deleteAccount.title')}</CardTitle>
        <CardDescription>{t('deleteAccount.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Link to={`${pagePath}?delete=1`} preventScrollReset className={buttonClass({ variant: 'destructive' })}>
          {t('deleteAccount.open')}
        </Link>
      </CardContent>
      <UrlDialog
        open={open}
        closeTo={pagePath}
        title={t('deleteAccount.confirmTitle')}
        description={t('deleteAccount.confirmDescription')}
      >
        <Form
          method="post"
          action={`${pagePath}?delete=1`}
          className="space-y-4"
          {...formProps}
          onSubmit={refusal.onSubmit}
        >
          <input type="hidden" name="intent" value={DELETE_ACCOUNT_INTENT} />
          <PasswordField
            label={t('deleteAccount.password')}
            inputProps={{
              ...getInputProps(fields.password, { type: 'password' }),
              autoComplete: 'current-password',
              autoFocus: true,
            }}
            errors={fields.password.errors}
          />
          <FormErrors id={form.errorId} errors={form.errors} />
          <div className="flex justify-end gap-2">
            <Link to={pagePath} replace preventScrollReset className={buttonClass({ variant: 'outline' })}>
              {t('deleteAccount.cancel')}
            </Link>
            <SubmitButton variant="destructive" pending={pending} pendingText={t('deleteAccount.deleting')}>
              {t('deleteAccount.submit')}
            </SubmitButton>
          </div>
        </Form>
        {refusal.toaster}
      </UrlDialog>
    </Card>
  )
}
