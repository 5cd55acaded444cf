import { handleApi, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { authenticate, createUserSession } from '~/models/accounts/auth.server'
import { LoginSchema } from '~/models/accounts/user'
import type { ActionFunctionArgs } from '@remix-run/node'

/** POST /api/login { email, password, remember } → { user, message } and the session cookie. */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const body = await readJson(request, LoginSchema)
    // The same remix-auth form strategy as the login screen checks the credentials.
    const form = new FormData()
    form.set('email', body.email)
    form.set('password', body.password)
    const headers = new Headers(request.headers)
    headers.delete('content-type')
    headers.delete('content-length')
    const user = await authenticate(new Request(request.url, { method: 'POST', body: form, headers }))
    const cookie = await createUserSession(request, user.id, body.remember)
    return Response.json({ user, message: 'Login successful' }, { headers: { 'Set-Cookie': cookie } })
  })
}

/** A GET answers JSON 405 rather than Remix's error. */
export const loader = writeOnlyLoader('POST')
