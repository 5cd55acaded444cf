import { parseWithZod } from '@conform-to/zod/v4'
import { readForm } from '~/lib/form-data.server'
import { formId, invalid, refused, refuseWithRedirect, unknownForm } from '~/lib/forms.server'
import { formatsFor } from '~/lib/i18n/formats'
import { requestLanguage } from '~/lib/i18n/language.server'
import { msg, type Message } from '~/lib/i18n/message'
import { dollarsToCents } from '~/lib/money'
import { redirectWithToast } from '~/lib/toast.server'
import { appOrigin } from '~/lib/url.server'
import type { PublicUser } from '~/models/accounts/user'
import * as texts from '~/models/admin/admin'
import { AdminCreateUserFormSchema, newUserFromForm } from '~/models/admin/admin'
import {
  adminHref,
  CREATE_USER_INTENT,
  DELETE_LEAD_INTENT,
  DELETE_MESSAGE_INTENT,
  DELETE_USER_INTENT,
  MARK_MESSAGE_READ_INTENT,
  SUSPEND_USER_INTENT,
  UNSUSPEND_USER_INTENT,
} from '~/models/admin/admin-links'
import { deleteLeadAsAdmin, deleteMessageAsAdmin, markMessageReadAsAdmin } from '~/models/admin/inbox.server'
import { removeUser } from '~/models/admin/removal.server'
import { createUserAsAdmin, setSuspended } from '~/models/admin/users.server'
import { CONTACT_MESSAGE_NOT_FOUND } from '~/models/marketplace/contact'
import { LEAD_NOT_FOUND } from '~/models/marketplace/lead'
import { requireRecentVerification } from '~/models/security/recent-verification.server'
import { viewState } from './dashboard-data.server'

const success = (to: string, title: Message, description?: Message) =>
  redirectWithToast(to, { type: 'success', title, ...(description ? { description } : {}) })

/** The four fields the spec names together: any of them missing gets its own toast. */
const REQUIRED = ['email', 'password', 'firstName', 'lastName']

/**
 * Every form of the admin dashboard, told apart by `intent`. Each goes back to the view it came
 * from (tab, filter, search, pages) with the spec's toast; a refused one says why in an error
 * toast. The caller has checked that the user is an admin.
 */
const DELETIONS = new Set([DELETE_USER_INTENT, DELETE_MESSAGE_INTENT, DELETE_LEAD_INTENT])

export async function dashboardAction(request: Request, admin: PublicUser) {
  const back = adminHref(viewState(new URL(request.url).searchParams))
  const formData = await readForm(request)
  const intent = String(formData.get('intent') ?? '')

  if (intent === CREATE_USER_INTENT) {
    const submission = parseWithZod(formData, { schema: AdminCreateUserFormSchema })
    if (submission.status !== 'success') {
      const missing = REQUIRED.some((field) => submission.error?.[field]?.includes(texts.REQUIRED_FIELDS))
      const toast = missing
        ? { type: 'error' as const, title: texts.REQUIRED_FIELDS_TITLE, description: texts.REQUIRED_FIELDS }
        : null
      return invalid(submission, ['password'], toast)
    }
    try {
      const user = await createUserAsAdmin(admin, newUserFromForm(submission.value), appOrigin(request))
      return success(
        back,
        texts.USER_CREATED,
        msg('admin:toasts.userCreatedDescription', { name: `${user.firstName} ${user.lastName}` }),
      )
    } catch (error) {
      return refused(submission, error, texts.CREATE_USER_FAILED_TITLE, {
        hideFields: ['password'],
        fallback: texts.CREATE_USER_FAILED,
      })
    }
  }

  // Deletions ask for a recent password or code (decision 042); the admin comes back here after.
  if (DELETIONS.has(intent)) await requireRecentVerification(request)

  if (intent === DELETE_USER_INTENT) {
    try {
      const removed = await removeUser(admin, formId(formData, 'userId', texts.USER_NOT_FOUND))
      // The amount in the admin's language: a message's values are put in as they are.
      const money = formatsFor(requestLanguage(request, admin)).money
      const summary =
        removed.cancelledSessions > 0
          ? msg('admin:toasts.userDeletedSummary', {
              count: removed.cancelledSessions,
              amount: money(dollarsToCents(removed.refundAmount)),
            })
          : undefined
      return success(back, texts.USER_DELETED, summary)
    } catch (error) {
      return refuseWithRedirect(back, error, texts.DELETE_USER_FAILED_TITLE, texts.DELETE_USER_FAILED)
    }
  }

  if (intent === SUSPEND_USER_INTENT || intent === UNSUSPEND_USER_INTENT) {
    const suspend = intent === SUSPEND_USER_INTENT
    try {
      const user = setSuspended(admin, formId(formData, 'userId', texts.USER_NOT_FOUND), suspend)
      const name = `${user.firstName} ${user.lastName}`
      return suspend
        ? success(back, texts.USER_SUSPENDED, msg('admin:toasts.userSuspendedDescription', { name }))
        : success(back, texts.USER_UNSUSPENDED, msg('admin:toasts.userUnsuspendedDescription', { name }))
    } catch (error) {
      return refuseWithRedirect(back, error, texts.ERROR_TITLE, texts.SUSPEND_FAILED)
    }
  }

  if (intent === MARK_MESSAGE_READ_INTENT) {
    try {
      markMessageReadAsAdmin(admin, formId(formData, 'messageId', CONTACT_MESSAGE_NOT_FOUND))
      return success(back, texts.MESSAGE_MARKED_READ)
    } catch (error) {
      return refuseWithRedirect(back, error, texts.ERROR_TITLE, texts.MARK_READ_FAILED)
    }
  }

  if (intent === DELETE_MESSAGE_INTENT) {
    try {
      deleteMessageAsAdmin(admin, formId(formData, 'messageId', CONTACT_MESSAGE_NOT_FOUND))
      return success(back, texts.MESSAGE_DELETED)
    } catch (error) {
      return refuseWithRedirect(back, error, texts.ERROR_TITLE, texts.DELETE_MESSAGE_FAILED)
    }
  }

  if (intent === DELETE_LEAD_INTENT) {
    try {
      deleteLeadAsAdmin(admin, formId(formData, 'leadId', LEAD_NOT_FOUND))
      return success(back, texts.LEAD_DELETED)
    } catch (error) {
      return refuseWithRedirect(back, error, texts.ERROR_TITLE, texts.DELETE_LEAD_FAILED)
    }
  }

  throw unknownForm()
}
