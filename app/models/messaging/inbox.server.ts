import { isPageLoad, mayWriteForThePerson } from '~/lib/fetch-metadata.server'

/**
 * Opening a conversation reads it, but a GET writes for the person only when they, or one of
 * our pages, asked for it (docs/decisions/032-no-get-writes-from-other-sites.md):
 * - a page load from here or by the person: the loader marks it read, so the inbox works
 *   without JavaScript;
 * - our own JavaScript fetching the page's data: the page posts MARK_READ_INTENT once the
 *   thread is shown;
 * - a page load another site started: nothing here; with JavaScript the page posts once the
 *   thread is shown, as above, and without it the conversation stays unread.
 */
export function loaderMarksRead(request: Request) {
  return isPageLoad(request) && mayWriteForThePerson(request)
}

/**
 * Whether the conversation this request opens is read once its page is shown: by the loader,
 * or by the page's own post (a data request comes from our JavaScript, which sends it). Only a
 * page load another site started may leave it unread. The root loader's badge leaves the
 * conversation out on the same condition, so the two agree.
 */
export function opensConversationAsRead(request: Request) {
  return !isPageLoad(request) || mayWriteForThePerson(request)
}
