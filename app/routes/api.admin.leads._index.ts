import { z } from 'zod'
import { handleApi, pagedJson, readOnlyAction, readQuery } from '~/lib/api.server'
import { requireApiAdmin } from '~/models/accounts/auth.server'
import { ADMIN_PAGE_SIZE } from '~/models/admin/admin'
import { listLeads } from '~/models/marketplace/lead.server'
import { pageField } from '~/models/marketplace/service-filters'
import type { LoaderFunctionArgs } from '@remix-run/node'

const QuerySchema = z.object({ page: pageField })

/**
 * GET /api/admin/leads?page → early-access leads { id, firstName, lastName, email, countryCode,
 * phoneNumber, practiceType, yearsOfExperience, userType, source, notes, createdAt, updatedAt },
 * newest first, 25 a page, with the paging headers. 401 signed out, 403 for anyone but an admin.
 * (The CSV of every lead is POST /admin/leads.csv, from the dashboard.)
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireApiAdmin(request)
    const { page } = readQuery(request, QuerySchema)
    const { leads, ...position } = listLeads({ page, pageSize: ADMIN_PAGE_SIZE })
    return pagedJson(leads, position)
  })
}

export const action = readOnlyAction
