import { z } from 'zod'
import { handleApi, jsonError, readJson, requireMethod } from '~/lib/api.server'
import { idFromParam } from '~/lib/route-params'
import { requireApiUser } from '~/models/accounts/auth.server'
import { BOOKING_NOT_FOUND } from '~/models/booking/payments.server'
import { isPractitionerOf } from '~/models/booking/practitioner-cancel.server'
import {
  getClientIntake,
  getPractitionerIntake,
  saveIntake,
  type ClientIntakeView,
} from '~/models/intake/intake-responses.server'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'

/** What the booking's intake answers: the form version, the answers and where it stands. */
function answer(view: ClientIntakeView) {
  return {
    form: { title: view.title, version: view.version, questions: view.questions },
    answers: view.answers,
    state: view.state,
    sentAt: view.sentAt,
    consent: view.consent,
  }
}

/**
 * GET /api/bookings/:id/intake → { form: { title, version, questions }, answers, state
 * ('waiting' | 'draft' | 'sent'), sentAt, consent }: to the booking's client, their draft or what
 * they sent; to its practitioner, the answers once sent (a draft is the client's own). Anyone
 * else, or a booking that asks no intake, 404.
 *
 * PUT /api/bookings/:id/intake { answers: { [questionId]: value }, submit } → the same: a draft,
 * or sent (`submit: true`), by the booking's client only. A consent is the typed full name,
 * yes/no is "yes"/"no", a multiple choice a list. 400 names the first wrong answer; 409 once sent
 * or after the session (docs/decisions/041-intake-forms.md).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(BOOKING_NOT_FOUND, 404)
    const view = isPractitionerOf(user, id) ? getPractitionerIntake(user, id) : getClientIntake(user, id)
    return Response.json(answer(view))
  })
}

const PutSchema = z.object({
  answers: z.record(z.string(), z.unknown()).default({}),
  submit: z.boolean().default(false),
})

export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'GET', 'PUT')
    const user = await requireApiUser(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(BOOKING_NOT_FOUND, 404)
    const { answers, submit } = await readJson(request, PutSchema)
    return Response.json(answer(saveIntake(user, id, answers, submit)))
  })
}
