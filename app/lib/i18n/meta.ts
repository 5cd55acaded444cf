import { DEFAULT_LANGUAGE, isLanguage, type Namespace } from './languages'
import type { i18n as I18n, TFunction } from 'i18next'

/**
 * Page titles and descriptions in the page's language. A route's `meta` runs on the server and
 * in the browser with neither a request nor React's context, so each side's i18next registers
 * itself here (i18n.server.ts, i18n.client.ts) and `meta` finds the language in the root's data.
 */
let registered: I18n | null = null

export function registerMetaI18n(instance: I18n) {
  registered = instance
}

type Match = { id: string; data?: unknown }

/** A `t` for a route's `meta`, in the language of the page its `matches` belong to. */
export function metaT<N extends Namespace = 'common'>(matches: readonly Match[], ns?: N): TFunction<N> {
  const root = matches.find((match) => match.id === 'root')?.data as { language?: unknown } | undefined
  const language = isLanguage(root?.language) ? root.language : DEFAULT_LANGUAGE
  if (!registered) throw new Error('i18next is not started')
  return registered.getFixedT(language, (ns ?? 'common') as N)
}
