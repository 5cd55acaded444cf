import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { useLanguage } from '~/components/i18n/use-formats'
import { specialtyKey } from '~/models/marketplace/specialties'

/**
 * A specialty's name in the page's language when Solace has words for it; one a practitioner
 * typed themselves is shown as written.
 */
export function useSpecialtyName() {
  const { t } = useTranslation('marketplace')
  const language = useLanguage()
  return useCallback(
    (specialty: string) => {
      // In English, as the practitioner wrote it (their own casing included).
      const key = language === 'en' ? null : specialtyKey(specialty)
      return key ? t(`specialties.${key}`) : specialty
    },
    [t, language],
  )
}
