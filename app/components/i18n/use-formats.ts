import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { formatsFor } from '~/lib/i18n/formats'
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '~/lib/i18n/languages'

/** The page's language. */
export function useLanguage(): Language {
  const { i18n } = useTranslation()
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE
}

/** Dates, times, zones, money and numbers in the page's language (app/lib/i18n/formats.ts). */
export function useFormats() {
  const language = useLanguage()
  return useMemo(() => formatsFor(language), [language])
}
