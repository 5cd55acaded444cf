import { createCookie, createCookieSessionStorage } from '@remix-run/node'
import { createToastUtilsWithCustomSession } from 'remix-toast'
import { getEnv, isProduction } from '~/env.server'

/** A toast as the spec writes them: a title and an optional description. */
export type Toast = { type: 'success' | 'error' | 'info' | 'warning'; title: string; description?: string }

// remix-toast's own cookie is not signed; give it a session storage signed with our secret,
// so nobody can plant a message that looks like it came from us.
const TOAST_COOKIE = 'toast-session'
let utils: ReturnType<typeof createToastUtilsWithCustomSession> | undefined

function toastUtils() {
  utils ??= createToastUtilsWithCustomSession(
    createCookieSessionStorage({
      cookie: createCookie(TOAST_COOKIE, {
        secrets: [getEnv().SESSION_SECRET],
        secure: isProduction(),
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
      }),
    }),
  )
  return utils
}

/** Redirect-after-post with a toast the next page shows (with or without JavaScript). */
export function redirectWithToast(url: string, toast: Toast, init?: ResponseInit) {
  return toastUtils().redirectWithToast(
    url,
    { type: toast.type, message: toast.title, description: toast.description },
    init,
  )
}

/** The toast waiting for this request, and the headers that clear it. */
export async function getToast(request: Request) {
  // Without the toast's cookie there is nothing to read or clear. Every page's root loader asks,
  // and remix-toast would otherwise sign and serialise an empty session's cookie each time only
  // for us to drop it (docs/decisions/028-work-done-once.md).
  if (!request.headers.get('Cookie')?.includes(`${TOAST_COOKIE}=`)) return { toast: null, headers: new Headers() }
  const { toast, headers } = await toastUtils().getToast(request)
  // Only a request that carried a toast needs its cookie cleared; other pages stay cacheable.
  return {
    toast: toast ? ({ type: toast.type, title: toast.message, description: toast.description } satisfies Toast) : null,
    headers: toast ? headers : new Headers(),
  }
}
