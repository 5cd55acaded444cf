import { createInstance, type i18n as I18n, type TFunction } from 'i18next'
import { currentRequest } from '~/lib/request-context.server'
import { CATALOGUES } from './catalogues.server'
import { registerElision } from './elision'
import { DEFAULT_LANGUAGE, NAMESPACES, type Language, type Namespace } from './languages'
import { translateMessage, type Message } from './message'
import { registerMetaI18n } from './meta'
import { I18NEXT_OPTIONS } from './options'

/**
 * The server's i18next: every catalogue of both languages in memory, ready at import
 * (docs/decisions/052-languages.md). Pages render with a copy per request (`pageI18n`), which
 * shares these catalogues; emails, files and /api answers take a `t` for their reader's language.
 */
const server = createInstance()
void server.init({
  ...I18NEXT_OPTIONS,
  resources: CATALOGUES,
  ns: [...NAMESPACES],
  lng: DEFAULT_LANGUAGE,
  initImmediate: false,
})
registerMetaI18n(server)
registerElision(server)

/** A `t` in this language (an email's recipient's, a file's reader's), for one namespace or the default. */
export function tFor<N extends Namespace = 'common'>(language: Language, ns?: N | readonly N[]) {
  return server.getFixedT(language, (ns ?? 'common') as N)
}

/**
 * The language the request being answered is in (server/request-context.js): the signed-in
 * person's choice once the app has read the session, else the visitor's. English outside a
 * request (a sweeper's work decides by the recipient, not by this).
 */
export function currentLanguage(): Language {
  return currentRequest()?.language ?? DEFAULT_LANGUAGE
}

/** A message (./message.ts) in the language of the request being answered: an /api refusal, say. */
export function inRequestLanguage(message: Message) {
  return translateMessage(tFor(currentLanguage()) as TFunction, message)
}

/**
 * The i18next a page renders with, in its language, and the namespaces its components read: the
 * page then carries those catalogues (and no others) for the browser to take over without
 * fetching them (app/components/i18n/page-catalogues.tsx).
 */
export function pageI18n(language: Language): { i18n: I18n; namespacesRead: Set<string> } {
  const i18n = server.cloneInstance({ lng: language, initImmediate: false })
  const namespacesRead = new Set<string>(['common'])
  const translate = i18n.t.bind(i18n) as unknown as (...args: unknown[]) => unknown
  // Every text a component puts in the page passes here (react-i18next's `t` calls it with the
  // component's namespaces, a key may name its own): noting the namespaces is how the page
  // learns which catalogues it must carry.
  i18n.t = ((...args: unknown[]) => {
    noteNamespaces(namespacesRead, args[0], args[1])
    return translate(...args)
  }) as unknown as typeof i18n.t
  // A component's `useTranslation(ns)` asks for its namespaces even when it then shows nothing
  // (an empty list): the browser's copy asks too, and would wait for any it does not have.
  const getFixedT = i18n.getFixedT.bind(i18n) as unknown as (...args: unknown[]) => unknown
  i18n.getFixedT = ((...args: unknown[]) => {
    for (const name of [args[1] ?? []].flat()) if (typeof name === 'string') namespacesRead.add(name)
    return getFixedT(...args)
  }) as unknown as typeof i18n.getFixedT
  return { i18n, namespacesRead }
}

function noteNamespaces(read: Set<string>, key: unknown, options: unknown) {
  const ns = (options as { ns?: string | readonly string[] } | undefined)?.ns
  const fallback = ns ? [ns].flat() : ['common']
  for (const one of [key].flat()) {
    const at = typeof one === 'string' ? one.indexOf(':') : -1
    if (at > 0) read.add((one as string).slice(0, at))
    else for (const name of fallback) read.add(name)
  }
}

/** The catalogues of these namespaces in this language, as the page hands them to the browser. */
export function pageCatalogues(language: Language, namespaces: Iterable<string>) {
  const resources: Record<string, Record<string, unknown>> = {}
  for (const ns of namespaces) {
    const catalogue = CATALOGUES[language][ns as Namespace]
    if (catalogue && ns !== 'emails' && ns !== 'files') resources[ns] = catalogue
  }
  return resources
}
