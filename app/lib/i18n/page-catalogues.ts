/**
 * The catalogues a page carries for the browser (app/components/i18n/page-catalogues.tsx): its
 * language and the namespaces its server render read, set on `window` by an inline script.
 */
export type PageCatalogues = { language: string; resources: Record<string, Record<string, unknown>> }

export const PAGE_CATALOGUES_GLOBAL = '__solaceCatalogues'
