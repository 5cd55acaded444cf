import type { Language } from '~/lib/i18n/languages'
import type { ServiceCardData } from './service'

/**
 * A service's description for a reader of `language`: the practitioner's translation when the
 * reader's language is not the one they wrote the description in and they gave one, else the
 * description as written (issue 48). Every page and card that shows a description asks this.
 * A module of its own, so the cards carry nothing else into the public pages' JavaScript.
 */
export function descriptionFor(
  service: Pick<ServiceCardData, 'description' | 'descriptionLanguage' | 'descriptionTranslation'>,
  language: Language,
) {
  const translation = service.descriptionTranslation?.trim()
  return language !== service.descriptionLanguage && translation ? translation : service.description
}
