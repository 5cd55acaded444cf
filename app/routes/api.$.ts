import { jsonError } from '~/lib/api.server'

/** Unknown /api paths answer JSON, not the HTML not-found page. */
function notFound() {
  return jsonError('Not found', 404)
}

export const loader = notFound
export const action = notFound
