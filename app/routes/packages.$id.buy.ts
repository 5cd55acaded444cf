import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { AppError } from '~/lib/errors'
import { readForm } from '~/lib/form-data.server'
import { refuseWithRedirect } from '~/lib/forms.server'
import { idFromParam } from '~/lib/route-params'
import { safeRedirect } from '~/lib/safe-redirect'
import { appOrigin } from '~/lib/url.server'
import { getUser, loginPath } from '~/models/accounts/auth.server'
import { PACKAGE_UNAVAILABLE, PURCHASE_FAILED } from '~/models/packages/package'
import { startPackageCheckout } from '~/models/packages/package-payments.server'

/**
 * The Buy package button of a profile or a service page (a plain form, so it works without
 * JavaScript): on to the package's Checkout page, the same model call as `POST
 * /api/packages/:id/purchase`. A visitor logs in first and comes back to the page; a refusal
 * goes back to the page with a toast saying why.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readForm(request)
  const back = safeRedirect(formData.get('returnTo'), '/services')
  const user = await getUser(request)
  if (!user) return redirect(loginPath(back))
  try {
    const id = idFromParam(params.id)
    if (id === null) throw new AppError(PACKAGE_UNAVAILABLE, 404)
    const { url } = await startPackageCheckout(user, id, appOrigin(request))
    return redirect(url)
  } catch (error) {
    return refuseWithRedirect(back, error, PURCHASE_FAILED)
  }
}

/** Only the form posts here. */
export function loader() {
  throw new Response('Not Found', { status: 404 })
}
