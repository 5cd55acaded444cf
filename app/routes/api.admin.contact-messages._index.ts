import { z } from 'zod'
import { handleApi, pagedJson, readOnlyAction, readQuery } from '~/lib/api.server'
import { currentLanguage } from '~/lib/i18n/i18n.server'
import { requireApiAdmin } from '~/models/accounts/auth.server'
import { ADMIN_PAGE_SIZE } from '~/models/admin/admin'
import { listContactMessages } from '~/models/marketplace/contact.server'
import { pageField } from '~/models/marketplace/service-filters'
import type { LoaderFunctionArgs } from '@remix-run/node'

const QuerySchema = z.object({ page: pageField })

/**
 * GET /api/admin/contact-messages?page → contact-form messages { id, name, email, subject,
 * message, isRead, bookingId, booking, createdAt, updatedAt }, newest first, 25 a page, with the
 * paging headers. `booking` is the session a message is about (a client's report that the
 * practitioner did not attend, or that they were there though marked absent: the session, both
 * people, what was paid and refunded, and `attendance`, the video room's stays as
 * { userId, who: 'client' | 'practitioner' | null, joinedAt, leftAt }), else null.
 * 401 signed out, 403 for anyone but an admin.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireApiAdmin(request)
    const { page } = readQuery(request, QuerySchema)
    const { messages, ...position } = listContactMessages({
      page,
      pageSize: ADMIN_PAGE_SIZE,
      language: currentLanguage(),
    })
    return pagedJson(messages, position)
  })
}

export const action = readOnlyAction
