import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { categoryKey } from '~/models/marketplace/categories'

/**
 * A category's name in the page's language ('Mental Wellness' → 'Santé mentale'); the value
 * itself stays English in forms, URLs and the API.
 */
export function useCategoryName() {
  const { t } = useTranslation('marketplace')
  return useCallback(
    (category: string) => {
      const key = categoryKey(category)
      return key ? t(`categories.${key}`) : category
    },
    [t],
  )
}
