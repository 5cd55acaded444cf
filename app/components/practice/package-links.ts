/** The Packages screen's address, URL state and form intents, shared by the route and its parts. */

export const PACKAGES_PATH = '/practitioner/services/packages'
export const CREATE_PACKAGE_INTENT = 'create-package'
export const UPDATE_PACKAGE_INTENT = 'update-package'
export const DELETE_PACKAGE_INTENT = 'delete-package'
export const REFUND_PACKAGE_INTENT = 'refund-package'

/** `?edit=<id>`, `?delete=<id>` and `?refund=<holding id>` open a form or a confirmation, without JavaScript. */
export function packagesHref(state: { edit?: number; delete?: number; refund?: number } = {}) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(state)) if (value !== undefined) params.set(key, String(value))
  const query = params.toString()
  return query ? `${PACKAGES_PATH}?${query}` : PACKAGES_PATH
}
