import { isAppError, refusalHeaders } from '~/lib/errors'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { appOrigin } from '~/lib/url.server'
import { readCalendarFeed } from '~/models/accounts/calendar-feed.server'
import type { LoaderFunctionArgs } from '@remix-run/node'

/** A calendar reads it again every so often: it may keep a copy, and asks whether it changed. */
const CACHE_CONTROL = 'private, no-cache'

/**
 * GET /calendar/<user id>-<secret>.ics: the person's sessions as a subscription feed
 * (text/calendar), for calendars that hold the address, with no session cookie. An unchanged
 * feed answers 304 to its ETag. Unknown addresses are 404 in plain text, in the request's language.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  try {
    const { body, etag } = readCalendarFeed(request, params.feed ?? '', appOrigin(request))
    if (request.headers.get('If-None-Match') === etag) {
      return new Response(null, { status: 304, headers: { ETag: etag, 'Cache-Control': CACHE_CONTROL } })
    }
    return new Response(body, {
      headers: { 'Content-Type': 'text/calendar; charset=utf-8', ETag: etag, 'Cache-Control': CACHE_CONTROL },
    })
  } catch (error) {
    if (!isAppError(error)) throw error
    return new Response(inRequestLanguage(error.message), {
      status: error.status,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', ...refusalHeaders(error) },
    })
  }
}
