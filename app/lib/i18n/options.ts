import { DEFAULT_LANGUAGE, LANGUAGES } from './languages'
import type { InitOptions } from 'i18next'

/** How i18next is set up on both sides (the server's instance and the page's). */
export const I18NEXT_OPTIONS = {
  supportedLngs: [...LANGUAGES],
  // A key missing in French shows its English text rather than the key: the catalogue test
  // (tests/integration/catalogues.test.ts) makes sure none is missing.
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'common',
  // React escapes what it renders; emails escape their HTML themselves.
  interpolation: { escapeValue: false },
  returnNull: false,
  // A page waits for a namespace it does not have yet (a navigation to another area) rather
  // than showing keys; Remix navigates in a transition, so the page before stays meanwhile.
  react: { useSuspense: true },
} satisfies InitOptions
