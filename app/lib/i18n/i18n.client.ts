import { createInstance } from 'i18next'
import resourcesToBackend from 'i18next-resources-to-backend'
import { initReactI18next } from 'react-i18next'
import { registerElision } from './elision'
import { DEFAULT_LANGUAGE, isLanguage } from './languages'
import { registerMetaI18n } from './meta'
import { I18NEXT_OPTIONS } from './options'
import { PAGE_CATALOGUES_GLOBAL, type PageCatalogues } from './page-catalogues'

/**
 * Every namespace a page may read, each its own chunk per language, fetched only when a page
 * needs one it did not carry (a navigation to another area). The server's own namespaces
 * (emails, files) are never shipped.
 */
const catalogueChunks = import.meta.glob<Record<string, unknown>>(
  ['../../locales/*/*.json', '!../../locales/*/emails.json', '!../../locales/*/files.json'],
  { import: 'default' },
)

/**
 * The browser's i18next, started from the catalogues the page carries so that hydration reads
 * the same text the server wrote, without waiting on the network (docs/decisions/052-languages.md).
 */
export function startI18n() {
  const page = (window as unknown as Record<string, PageCatalogues | undefined>)[PAGE_CATALOGUES_GLOBAL]
  const language = isLanguage(page?.language) ? page.language : DEFAULT_LANGUAGE
  const instance = createInstance()
    .use(
      resourcesToBackend((lng: string, ns: string) => {
        const load = catalogueChunks[`../../locales/${lng}/${ns}.json`]
        return load ? load() : Promise.reject(new Error(`no catalogue ${lng}/${ns}`))
      }),
    )
    .use(initReactI18next)
  void instance.init({
    ...I18NEXT_OPTIONS,
    lng: language,
    // English is the fallback of a French key that is missing; it is not loaded up front.
    fallbackLng: false,
    resources: { [language]: page?.resources ?? {} },
    partialBundledLanguages: true,
    ns: Object.keys(page?.resources ?? {}),
    initImmediate: false,
  })
  registerMetaI18n(instance)
  registerElision(instance)
  return instance
}
