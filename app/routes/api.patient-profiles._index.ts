import { z } from 'zod'
import { handleApi, pagedJson, readJson, readQuery, requireMethod } from '~/lib/api.server'
import { msg } from '~/lib/i18n/message'
import { requireApiPractitioner } from '~/models/accounts/auth.server'
import { pageField } from '~/models/marketplace/service-filters'
import { PatientProfileSchema } from '~/models/records/patient'
import { createPatient, listPatients } from '~/models/records/patients.server'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'

const PatientsQuerySchema = z.object({
  search: z.string().max(200, msg('records:errors.searchTooLong')).optional(),
  page: pageField,
})

/**
 * GET /api/patient-profiles?search&page → the signed-in practitioner's patients (PatientProfile[],
 * newest first, 50 a page) with the X-Total-Count, X-Page, X-Page-Count and X-Page-Size headers.
 * `search` matches first name, last name or email, case-insensitively. 401 signed out, 403 for
 * anyone who is not a practitioner.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiPractitioner(request)
    const query = readQuery(request, PatientsQuerySchema)
    const { patients, ...position } = listPatients(user.id, query)
    return pagedJson(patients, position)
  })
}

/**
 * POST /api/patient-profiles { firstName, lastName, email, phone, dateOfBirth, gender, address,
 * emergencyContact, emergencyPhone, medicalHistory, allergies, medications, notes } → 201
 * PatientProfile. '' means empty; dateOfBirth is a day ('1985-04-12' or the spec client's
 * '1985-04-12T12:00:00.000Z'), answered as 'yyyy-MM-dd'. 400 with the first rule broken.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    // GET is the loader; listing it keeps the 405's Allow header complete.
    requireMethod(request, 'GET', 'POST')
    const user = await requireApiPractitioner(request)
    const input = await readJson(request, PatientProfileSchema)
    return Response.json(createPatient(user.id, input), { status: 201 })
  })
}
