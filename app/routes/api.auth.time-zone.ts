import { handleApi, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { requireApiUser } from '~/models/accounts/auth.server'
import { TimeZoneSchema, timeZoneUpdated } from '~/models/accounts/time-zone'
import { setTimeZone } from '~/models/accounts/user.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * PATCH /api/auth/time-zone { timeZone: 'Area/City' } → { user, message }: the zone every time
 * is shown in from now on (the settings screens' zone picker, posting to /time-zone).
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'PATCH')
    const user = await requireApiUser(request)
    const { timeZone } = await readJson(request, TimeZoneSchema)
    return Response.json({
      user: setTimeZone(user.id, timeZone),
      message: inRequestLanguage(timeZoneUpdated(timeZone)),
    })
  })
}

/** A GET answers JSON 405 rather than Remix's error. */
export const loader = writeOnlyLoader('PATCH')
