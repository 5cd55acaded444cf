import { z } from 'zod'
import { handleApi, readJson, readQuery, requireMethod } from '~/lib/api.server'
import { msg } from '~/lib/i18n/message'
import { requireApiPractitioner } from '~/models/accounts/auth.server'
import { SingleSlotSchema } from '~/models/practice/slot-form'
import { createSlotFromApi, listSlots } from '~/models/practice/slots.server'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'

/** A year is the longest range the calendar asks for; it keeps one answer a sensible size. */
const MAX_RANGE_MS = 366 * 24 * 60 * 60_000

const RangeSchema = z
  .object({
    startDate: z.iso.datetime({ offset: true, error: msg('practice:slotErrors.startDateInstant') }),
    endDate: z.iso.datetime({ offset: true, error: msg('practice:slotErrors.endDateInstant') }),
  })
  .refine((q) => Date.parse(q.endDate) >= Date.parse(q.startDate), msg('practice:slotErrors.rangeOrder'))
  .refine(
    (q) => Date.parse(q.endDate) - Date.parse(q.startDate) <= MAX_RANGE_MS,
    msg('practice:slotErrors.rangeTooLong'),
  )

/**
 * GET /api/time-slots?startDate&endDate (ISO instants) → the signed-in practitioner's slots
 * starting in that range (both ends included), in time order, each with serviceName,
 * servicePrice (dollars) and serviceDuration (null when the slot has no service).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiPractitioner(request)
    const range = readQuery(request, RangeSchema)
    return Response.json(listSlots(user.id, new Date(range.startDate), new Date(range.endDate)))
  })
}

/**
 * POST /api/time-slots { startTime, endTime, serviceId } → 201 the created slot. The service
 * must be the caller's and active; a past start or an overlap with their own slots is
 * refused (400 / 409, the clash named in their time zone).
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const user = await requireApiPractitioner(request)
    const body = await readJson(request, SingleSlotSchema)
    return Response.json(createSlotFromApi(user.id, body, user.timeZone), { status: 201 })
  })
}
