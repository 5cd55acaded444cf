/**
 * What a request says about who started it (Fetch Metadata: `Sec-Fetch-Site`, `Sec-Fetch-Mode`),
 * for the few GETs that write on the signed-in person's behalf
 * (docs/decisions/032-no-get-writes-from-other-sites.md). Our session cookie is `SameSite=Lax`,
 * so another site can still send a person here with it by a top-level navigation: a link, a
 * redirect, `window.open`. Such a GET may show the page, never change what the person has.
 */

/**
 * Whether this GET may write on the person's behalf: it came from one of our own pages
 * (`same-origin`) or from the person themselves (`none`: typed, bookmarked, a reload, a link
 * opened from a mail app). Another site (`cross-site`), or another subdomain of ours
 * (`same-site`, which we neither run nor trust), never; nor any value we do not know.
 *
 * Without the header at all, yes: every browser in use sends it to an https or localhost
 * origin (Chrome 76, Firefox 90, Safari 16.4), so its absence means a client that is not such
 * a browser (curl, an app, our tests), acting with its own cookie, or a browser too old to
 * say, whose person would otherwise never have a write made for them. The same-origin check
 * on writes (server/security.js) treats a request with no metadata the same way, and so does
 * the usual resource isolation policy.
 */
export function mayWriteForThePerson(request: Request) {
  return siteMayWrite(request.headers.get('Sec-Fetch-Site'))
}

/** `mayWriteForThePerson` from the header's value alone (null or undefined: none sent). */
export function siteMayWrite(site: string | null | undefined) {
  if (site === null || site === undefined) return true
  return site === 'same-origin' || site === 'none'
}

/**
 * Whether this GET is the browser loading a page (`Sec-Fetch-Mode: navigate`), rather than our
 * own JavaScript fetching a page's data (single fetch, `cors` or `same-origin`). With no
 * header it cannot be told, so it counts as a page: it may come from a browser without
 * JavaScript.
 */
export function isPageLoad(request: Request) {
  const mode = request.headers.get('Sec-Fetch-Mode')
  return mode === null || mode === 'navigate'
}
