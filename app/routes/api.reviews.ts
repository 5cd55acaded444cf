import { handleApi, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { requireApiUser } from '~/models/accounts/auth.server'
import { ReviewSchema } from '~/models/marketplace/review'
import { createReview } from '~/models/marketplace/review.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * POST /api/reviews { practitionerId, rating, content } → 201 { id, rating, content, createdAt }.
 * 401 signed out; 403 for practitioners, admins and clients without a completed session with
 * that practitioner; 409 once each completed session has its review; 400 for invalid input.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const user = await requireApiUser(request)
    const input = await readJson(request, ReviewSchema)
    const review = createReview(user, input)
    return Response.json({ ...review, practitionerId: input.practitionerId }, { status: 201 })
  })
}

/** Reviews are read through GET /api/practitioners/:id: GET here answers 405 JSON. */
export const loader = writeOnlyLoader('POST')
