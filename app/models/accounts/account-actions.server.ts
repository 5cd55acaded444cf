import { parseWithZod } from '@conform-to/zod/v4'
import { refusalToast } from '~/lib/form-toasts'
import { invalid, refused } from '~/lib/forms.server'
import { msg } from '~/lib/i18n/message'
import { redirectWithToast } from '~/lib/toast.server'
import { destroyUserSession, getSessionId } from '~/models/accounts/auth.server'
import { setNotificationSettings } from '~/models/accounts/notification-settings.server'
import {
  CHANGE_PASSWORD_TOASTS,
  ChangePasswordFormSchema,
  DELETE_ACCOUNT_TOASTS,
  DeleteAccountSchema,
  notificationSchemaFor,
} from '~/models/accounts/user'
import { changePassword, deleteAccount } from '~/models/accounts/user.server'
import { CALENDAR_FEED_CHANGES, type CalendarFeedChange } from './calendar-feed'
import { resetCalendarFeed, stopCalendarFeed } from './calendar-feed.server'

/**
 * The Change Password, Delete Account and calendar subscription forms, shared by the client
 * settings and the practitioner settings screens. `returnTo` is the settings page to come back to.
 */
export async function changePasswordAction(request: Request, formData: FormData, userId: number, returnTo: string) {
  const submission = parseWithZod(formData, { schema: ChangePasswordFormSchema })
  const secret = ['currentPassword', 'newPassword', 'confirmPassword']
  if (submission.status !== 'success') {
    return invalid(submission, secret, refusalToast(submission.error, CHANGE_PASSWORD_TOASTS))
  }
  try {
    await changePassword(request, userId, submission.value, await getSessionId(request))
    return redirectWithToast(returnTo, {
      type: 'success',
      title: msg('account:toasts.passwordChanged'),
      description: msg('account:toasts.passwordChangedDescription'),
    })
  } catch (error) {
    return refused(submission, error, msg('account:toasts.changePasswordFailed'), { hideFields: secret })
  }
}

export async function deleteAccountAction(request: Request, formData: FormData, userId: number) {
  const submission = parseWithZod(formData, { schema: DeleteAccountSchema })
  if (submission.status !== 'success') {
    return invalid(submission, ['password'], refusalToast(submission.error, DELETE_ACCOUNT_TOASTS))
  }
  try {
    await deleteAccount(request, userId, submission.value.password)
    return redirectWithToast(
      '/account-deleted',
      {
        type: 'success',
        title: msg('account:toasts.accountDeleted'),
        description: msg('account:toasts.accountDeletedDescription'),
      },
      { headers: { 'Set-Cookie': await destroyUserSession(request) } },
    )
  } catch (error) {
    return refused(submission, error, msg('account:toasts.deleteAccountFailed'), { hideFields: ['password'] })
  }
}

/** The calendar subscription card: a first address, a new one in place of the old, or none. */
export function calendarFeedAction(formData: FormData, userId: number, returnTo: string) {
  const change = String(formData.get('change')) as CalendarFeedChange
  if (!Object.hasOwn(CALENDAR_FEED_CHANGES, change)) throw new Response('Unknown change', { status: 400 })
  if (change === 'stop') stopCalendarFeed(userId)
  else resetCalendarFeed(userId)
  return redirectWithToast(returnTo, { type: 'success', ...CALENDAR_FEED_CHANGES[change] })
}

/** Email notifications (both settings screens): the boxes ticked are the emails the person gets. */
export function notificationSettingsAction(
  formData: FormData,
  user: { id: number; isPractitioner: boolean },
  returnTo: string,
) {
  const submission = parseWithZod(formData, { schema: notificationSchemaFor(user) })
  if (submission.status !== 'success') return invalid(submission)
  setNotificationSettings(user.id, submission.value)
  return redirectWithToast(returnTo, {
    type: 'success',
    title: msg('account:toasts.notificationsSaved'),
    description: msg('account:toasts.notificationsSavedDescription'),
  })
}
