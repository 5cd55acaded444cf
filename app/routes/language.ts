import { parseWithZod } from '@conform-to/zod/v4'
import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { readForm } from '~/lib/form-data.server'
import { chosenLanguageCookie } from '~/lib/i18n/language.server'
import { safeRedirect } from '~/lib/safe-redirect'
import { getUser } from '~/models/accounts/auth.server'
import { LanguageSchema } from '~/models/accounts/user'
import { setLanguage } from '~/models/accounts/user.server'

/**
 * The header's language switch posts here (docs/decisions/052-languages.md), with or without
 * JavaScript: a signed-in person's choice becomes their setting (their emails follow it); a
 * visitor's is kept in a cookie, which their account takes when they sign in or up. Either way
 * the cookie is set, so the pages before the next sign-in are in the language chosen too. Back
 * to the page the switch was on.
 */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request)
  const to = safeRedirect(formData.get('redirectTo'))
  const submission = parseWithZod(formData, { schema: LanguageSchema })
  if (submission.status !== 'success') return redirect(to)
  const { language } = submission.value
  const user = await getUser(request)
  if (user) setLanguage(user.id, language)
  return redirect(to, { headers: { 'Set-Cookie': chosenLanguageCookie(language) } })
}

/** The switch is a form; the address itself has nothing to show. */
export function loader() {
  return redirect('/')
}
