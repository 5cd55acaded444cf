import { createContext, useContext } from 'react'
import { useTranslation } from 'react-i18next'
import { PAGE_CATALOGUES_GLOBAL, type PageCatalogues } from '~/lib/i18n/page-catalogues'
import { useScriptMark } from '~/lib/script-mark'

/**
 * What the server's render learned (entry.server.tsx): the catalogues of the namespaces the
 * page's components read, in its language, ready to be written into the page.
 */
export const PageCataloguesContext = createContext<(() => PageCatalogues['resources']) | null>(null)

/**
 * The page's catalogues as a script the browser runs before its modules: the browser's i18next
 * starts from them (app/lib/i18n/i18n.client.ts), so a page needs no request for its words and
 * carries only the namespaces it reads. Rendered after the page's content, when every component
 * has asked for its namespace. Written on the server alone; the browser leaves the element as it is.
 */
export function PageCatalogueScript() {
  const mark = useScriptMark()
  const read = useContext(PageCataloguesContext)
  const { i18n } = useTranslation()
  const html = read
    ? `window.${PAGE_CATALOGUES_GLOBAL}=${JSON.stringify({ language: i18n.language, resources: read() } satisfies PageCatalogues).replace(/</g, '\\u003c')}`
    : ''
  return <script nonce={mark} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html }} />
}
