import { NotFound } from '~/components/error-boundary'

/** Any path no route claims: the spec's not-found screen, with a real 404 status. */
export function loader() {
  throw new Response('Not Found', { status: 404 })
}

export default function UnknownPath() {
  return <NotFound />
}
