import { handleApi, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { authenticate, createUserSession } from '~/models/accounts/auth.server'
import { LoginSchema } from '~/models/accounts/user'
import type { ActionFunctionArgs } from '@remix-run/node'

/** POST /api/login { email, password, remember } → { user, message } and the session cookie. */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const body = await readJson(request, LoginSchema)
    const user = await authenticate(request, body)
    const cookie = await createUserSession(request, user.id, body.remember)
    return Response.json({ user, message: 'Login successful' }, { headers: { 'Set-Cookie': cookie } })
  })
}

/** A GET answers JSON 405 rather than Remix's error. */
export const loader = writeOnlyLoader('POST')
