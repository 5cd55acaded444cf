import type { Language } from '~/lib/i18n/languages'
import { shown } from './i18n'

/**
 * What a screen's toast says to a reader of `language`: its title and description are messages
 * (catalogue keys, app/lib/i18n/message.ts) until the toaster shows them.
 */
export function shownToast<T extends { title: string; description?: string } | null | undefined>(
  toast: T,
  language: Language = 'en',
): T {
  if (!toast) return toast
  return {
    ...toast,
    title: shown(toast.title, language),
    ...(toast.description === undefined ? {} : { description: shown(toast.description, language) }),
  }
}

/** A form reply's errors (conform's `result.error`) as a reader of `language` sees them under the fields. */
export function shownErrors(
  errors: Record<string, string[] | null | undefined> | null | undefined,
  language: Language = 'en',
) {
  return Object.fromEntries(
    Object.entries(errors ?? {}).map(([field, messages]) => [field, (messages ?? []).map((m) => shown(m, language))]),
  )
}
