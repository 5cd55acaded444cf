import { handleApi, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { HoneypotBodySchema } from '~/lib/honeypot.server'
import { LeadSchema } from '~/models/marketplace/lead'
import { submitLead } from '~/models/marketplace/lead.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * POST /api/leads { firstName, lastName, email, countryCode, phoneNumber, practiceType,
 * yearsOfExperience, userType?, source? } → 201 { id }.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const { website, ...input } = await readJson(request, LeadSchema.and(HoneypotBodySchema))
    const { id } = submitLead(request, input, website)
    return Response.json({ id }, { status: 201 })
  })
}

/** Leads are listed only to admins (/api/admin/leads): GET here answers 405 JSON. */
export const loader = writeOnlyLoader('POST')
