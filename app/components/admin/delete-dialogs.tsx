import { useTranslation } from 'react-i18next'
import { ConfirmDeleteDialog } from '~/components/ui/confirm-delete-dialog'
import { DELETE_LEAD_INTENT, DELETE_MESSAGE_INTENT, DELETE_USER_INTENT } from '~/models/admin/admin-links'

/**
 * The dashboard's delete confirmations, each open while the URL names its record
 * (`deleteUser`, `deleteMessage`, `deleteLead`), so they work without JavaScript.
 */

/** Says in numbers what deleting this person does: sessions cancelled, money refunded, people told. */
export function DeleteUserDialog({
  user,
  closeTo,
}: {
  user: { id: number; name: string; email: string; summary: string; action: string } | null
  closeTo: string
}) {
  const { t } = useTranslation('admin')
  return (
    <ConfirmDeleteDialog
      action={user?.action}
      closeTo={closeTo}
      title={t('deleteDialogs.user.title')}
      description={
        user ? (
          <>
            <p>{t('deleteDialogs.user.confirm', { name: user.name, email: user.email })}</p>
            <p className="mt-2 font-medium text-foreground" data-testid="removal-summary">
              {user.summary}
            </p>
            <p className="mt-2">{t('deleteDialogs.user.consequences')}</p>
          </>
        ) : null
      }
      fields={{ intent: DELETE_USER_INTENT, userId: user?.id ?? '' }}
      preventScrollReset
    />
  )
}

export function DeleteMessageDialog({
  message,
  closeTo,
}: {
  message: { id: number; name: string; subject: string; action: string } | null
  closeTo: string
}) {
  const { t } = useTranslation('admin')
  return (
    <ConfirmDeleteDialog
      action={message?.action}
      closeTo={closeTo}
      title={t('deleteDialogs.message.title')}
      description={
        message ? <p>{t('deleteDialogs.message.confirm', { subject: message.subject, name: message.name })}</p> : null
      }
      fields={{ intent: DELETE_MESSAGE_INTENT, messageId: message?.id ?? '' }}
      preventScrollReset
    />
  )
}

export function DeleteLeadDialog({
  lead,
  closeTo,
}: {
  lead: { id: number; name: string; action: string } | null
  closeTo: string
}) {
  const { t } = useTranslation('admin')
  return (
    <ConfirmDeleteDialog
      action={lead?.action}
      closeTo={closeTo}
      title={t('deleteDialogs.lead.title')}
      description={lead ? <p>{t('deleteDialogs.lead.confirm', { name: lead.name })}</p> : null}
      fields={{ intent: DELETE_LEAD_INTENT, leadId: lead?.id ?? '' }}
      preventScrollReset
    />
  )
}
