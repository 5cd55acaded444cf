import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { buttonClass } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import { UrlDialog } from '~/components/ui/url-dialog'
import type { ReactNode } from 'react'

/**
 * A delete confirmation that lives in the URL (so it works without JavaScript): Cancel goes
 * back to `closeTo`, Delete posts `fields` as hidden inputs to `action`. Closed while `action`
 * is undefined (nothing to delete).
 */
export function ConfirmDeleteDialog({
  action,
  closeTo,
  title,
  description,
  fields,
  preventScrollReset,
}: {
  action: string | undefined
  closeTo: string
  title: string
  description: ReactNode
  fields: Record<string, string | number>
  preventScrollReset?: boolean
}) {
  const { t } = useTranslation()
  const pending = useIsSubmitting(action)
  return (
    <UrlDialog open={Boolean(action)} closeTo={closeTo} title={title} description={description}>
      {action ? (
        <Form method="post" action={action} preventScrollReset={preventScrollReset} className="flex justify-end gap-2">
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Link to={closeTo} replace preventScrollReset className={buttonClass({ variant: 'outline' })}>
            {t('actions.cancel')}
          </Link>
          <SubmitButton variant="destructive" pending={pending} pendingText={t('actions.deleting')}>
            {t('actions.delete')}
          </SubmitButton>
        </Form>
      ) : null}
    </UrlDialog>
  )
}
