import { z } from 'zod'
import { handleApi, pagedJson, readJson, readQuery, requireMethod } from '~/lib/api.server'
import { DEFAULT_TIME_ZONE } from '~/lib/dates'
import { requireApiUser } from '~/models/accounts/auth.server'
import { pageField } from '~/models/marketplace/service-filters'
import { joinWaitlist, listOwnEntries, toApiEntry } from '~/models/waitlist/entries.server'
import { WaitlistJoinSchema } from '~/models/waitlist/waitlist'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'

const WaitlistQuerySchema = z.object({ page: pageField })

/**
 * GET /api/waitlist?page → the signed-in person's waiting entries, oldest first, a page (20) at a
 * time with the X-Total-Count, X-Page, X-Page-Count and X-Page-Size headers: { id, serviceId,
 * serviceName, practitionerName, windows, timeZone, joinedAt (ISO) }. 401 signed out.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request)
    const { page } = readQuery(request, WaitlistQuerySchema)
    const { entries, ...position } = listOwnEntries(user, page)
    return pagedJson(entries.map(toApiEntry), position)
  })
}

/**
 * POST /api/waitlist { serviceId, windows? } → 201 the entry (as above). `windows`: [{ days
 * (0 Sunday … 6 Saturday), from, to ('HH:MM', in the person's own zone) }]; none is any time.
 * 404 for a service not listed, 409 when already waiting, at MAX_WAITLIST_ENTRIES, or when its
 * practitioner turned the waitlist off; 429 after too many joins in an hour.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'GET', 'POST')
    const user = await requireApiUser(request)
    const input = await readJson(request, WaitlistJoinSchema)
    const entry = joinWaitlist(user, input, user.timeZone ?? DEFAULT_TIME_ZONE)
    return Response.json(toApiEntry(entry), { status: 201 })
  })
}
