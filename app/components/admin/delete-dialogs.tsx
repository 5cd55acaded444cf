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
  return (
    <ConfirmDeleteDialog
      action={user?.action}
      closeTo={closeTo}
      title="Delete User"
      description={
        user ? (
          <>
            <p>
              Are you sure you want to delete {user.name} ({user.email})?
            </p>
            <p className="mt-2 font-medium text-foreground" data-testid="removal-summary">
              {user.summary}
            </p>
            <p className="mt-2">
              Their past bookings stay in the records; their account, services, reviews and patient records are deleted.
              This action cannot be undone.
            </p>
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
  return (
    <ConfirmDeleteDialog
      action={message?.action}
      closeTo={closeTo}
      title="Delete Message"
      description={
        message ? (
          <p>
            Are you sure you want to delete the message &quot;{message.subject}&quot; from {message.name}? This action
            cannot be undone.
          </p>
        ) : null
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
  return (
    <ConfirmDeleteDialog
      action={lead?.action}
      closeTo={closeTo}
      title="Delete Lead"
      description={
        lead ? <p>Are you sure you want to delete the lead {lead.name}? This action cannot be undone.</p> : null
      }
      fields={{ intent: DELETE_LEAD_INTENT, leadId: lead?.id ?? '' }}
      preventScrollReset
    />
  )
}
