import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { msg } from '~/lib/i18n/message'
import { requireUser } from '~/models/accounts/auth.server'
import { readRecoveryCodes, recoveryCodesText } from '~/models/security/recovery-codes.server'
import { RECOVERY_CODES_FILE_NAME } from '~/models/security/security'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * POST /account/security/recovery-codes/download (the recovery codes' Download button, with or
 * without JavaScript) → the codes posted as a text file. They are shown once and only their
 * hashes are kept, so the page sends them back; they are checked (ten at most, each
 * `xxxxx-xxxxx`), never stored or logged, and the answer is not cached.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const sheet = await readRecoveryCodes(request, user)
  return new Response(recoveryCodesText(sheet), {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Disposition': `attachment; filename="${RECOVERY_CODES_FILE_NAME}"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  })
}

/** Only a POST carries codes; a GET is refused rather than answering an empty file. */
export function loader() {
  return new Response(inRequestLanguage(msg('common:api.methodNotAllowed')), {
    status: 405,
    headers: { Allow: 'POST' },
  })
}
