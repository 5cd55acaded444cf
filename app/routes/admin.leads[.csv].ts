import { readForm } from '~/lib/form-data.server'
import { tFor } from '~/lib/i18n/i18n.server'
import { requestLanguage } from '~/lib/i18n/language.server'
import { requireAdmin } from '~/models/accounts/auth.server'
import { exportLeadsCsv } from '~/models/admin/inbox.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * POST /admin/leads.csv (the Leads tab's Export CSV) → every lead as a CSV attachment, recorded
 * in the admin trail. A POST, not a link: recording is a write, and a GET never writes (the
 * replicas answer GETs). Non-admins go to / like the rest of the admin area.
 */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request)
  // The form carries nothing; read it anyway, so the body is bounded and must be a form.
  await readForm(request)
  // In the downloader's language: its headers and its name.
  const language = requestLanguage(request, admin)
  const day = new Date().toISOString().slice(0, 10)
  const filename = tFor(language, 'files')('admin.leadsCsv.filename', { day })
  return new Response(exportLeadsCsv(admin, language), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  })
}

/** The export is a POST; a GET is refused rather than answering an empty page. */
export function loader() {
  return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } })
}
