import { handleApi, pagedJson, readJson, readQuery, requireMethod } from '~/lib/api.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { appOrigin } from '~/lib/url.server'
import { requireApiAdmin } from '~/models/accounts/auth.server'
import { AdminCreateUserApiSchema, AdminListQuerySchema, USER_CREATED } from '~/models/admin/admin'
import { createUserAsAdmin, listUsers } from '~/models/admin/users.server'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'

/**
 * GET /api/admin/users?search&page → every user (AdminUser[]: no password hash, payment ids or
 * session data), newest first, 25 a page, with the X-Total-Count, X-Page, X-Page-Count and
 * X-Page-Size headers. `search` matches name or email. /api/admin/practitioners, /clients and
 * /admins answer the same for one kind. 401 signed out, 403 for anyone but an admin.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireApiAdmin(request)
    const { users, ...position } = listUsers('all', readQuery(request, AdminListQuerySchema))
    return pagedJson(users, position)
  })
}

/**
 * POST /api/admin/users { email, password, firstName, lastName, phoneNumber, country,
 * isPractitioner, isAdmin } → 201 { user, message: 'User Created' }. Signup's rules: 400 when
 * email, password, first name or last name is missing ('Email, password, first name and last
 * name are required'), a password under 10 characters or among the most common, a practitioner
 * without a country, or both flags; 409 when the email has an account. The person is emailed a
 * link to choose their own password. Recorded in the admin trail.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    // GET is the loader; listing it keeps the 405's Allow header complete.
    requireMethod(request, 'GET', 'POST')
    const admin = await requireApiAdmin(request)
    const input = await readJson(request, AdminCreateUserApiSchema)
    const user = await createUserAsAdmin(admin, input, appOrigin(request))
    return Response.json({ user, message: inRequestLanguage(USER_CREATED) }, { status: 201 })
  })
}
