import { handleApi, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { HoneypotBodySchema } from '~/lib/honeypot.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { msg } from '~/lib/i18n/message'
import { ContactSchema } from '~/models/marketplace/contact'
import { submitContactMessage } from '~/models/marketplace/contact.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * POST /api/contact { name, email, subject, message } → 201 { message: 'Message sent', id }, the
 * message in the request's language.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const { website, ...input } = await readJson(request, ContactSchema.and(HoneypotBodySchema))
    const { id } = submitContactMessage(request, input, website)
    return Response.json({ message: inRequestLanguage(msg('marketplace:contact.sentApi')), id }, { status: 201 })
  })
}

/** Reading this address is not a thing: GET answers 405 JSON rather than an HTML page. */
export const loader = writeOnlyLoader('POST')
