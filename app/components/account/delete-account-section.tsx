import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
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
  const pending = useIsSubmitting()
  const [form, fields] = useSchemaForm(DeleteAccountSchema, { id: DELETE_ACCOUNT_INTENT, lastResult })
  const formProps = getFormProps(form)
  const refusal = useRefusalToast(DeleteAccountSchema, DELETE_ACCOUNT_TOASTS, formProps.onSubmit)
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle className="text-destructive">Delete Account</CardTitle>
        <CardDescription>
          Permanently delete your account and your personal data. This cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Link to={`${pagePath}?delete=1`} preventScrollReset className={buttonClass({ variant: 'destructive' })}>
          Delete Account
        </Link>
      </CardContent>
      <UrlDialog
        open={open}
        closeTo={pagePath}
        title="Are you sure you want to delete your account?"
        description="This permanently deletes your account and personal data. Enter your password to confirm."
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
            label="Password"
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
              Cancel
            </Link>
            <SubmitButton variant="destructive" pending={pending} pendingText="Deleting...">
              Delete my account
            </SubmitButton>
          </div>
        </Form>
        {refusal.toaster}
      </UrlDialog>
    </Card>
  )
}
