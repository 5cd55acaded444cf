import { handleApi, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { msg } from '~/lib/i18n/message'
import { destroyUserSession } from '~/models/accounts/auth.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/** POST /api/logout: ends the session on the server and clears the cookie. */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const cookie = await destroyUserSession(request)
    return Response.json(
      { message: inRequestLanguage(msg('auth:api.loggedOut')) },
      { headers: { 'Set-Cookie': cookie } },
    )
  })
}

/** A GET answers JSON 405 rather than Remix's error. */
export const loader = writeOnlyLoader('POST')
