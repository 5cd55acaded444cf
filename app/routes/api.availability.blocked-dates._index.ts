import { handleApi, readJson, requireMethod } from '~/lib/api.server'
import { requireApiPractitioner } from '~/models/accounts/auth.server'
import { BlockDatesSchema } from '~/models/practice/weekly-hours'
import { blockDates, listBlockedDates } from '~/models/practice/weekly-hours.server'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'

/**
 * GET /api/availability/blocked-dates → the signed-in practitioner's blocks that have not
 * ended, soonest first: [{ id, firstDate, lastDate (yyyy-MM-dd, both included), bookedSlots }].
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiPractitioner(request)
    return Response.json(listBlockedDates(user.id))
  })
}

/**
 * POST /api/availability/blocked-dates { firstDate, lastDate? } → 201 the block with `removed`
 * (the unbooked weekly-hours slots taken away). Booked slots on those days stay, counted in
 * `bookedSlots`.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const user = await requireApiPractitioner(request)
    const body = await readJson(request, BlockDatesSchema)
    const { block, removed } = blockDates(user.id, body)
    return Response.json({ ...block, removed }, { status: 201 })
  })
}
