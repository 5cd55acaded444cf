import type { SERVICE_CATEGORIES } from '~/db/enums'

/*
 * Categories' names, which Solace shows in the reader's language (docs/decisions/052-languages.md).
 * The data and the API keep the English names the spec gives ('Mental Wellness'); a page looks
 * a category up here for its key in the catalogue (marketplace:categories.*). Specialties are
 * looked up the same way (./specialties.ts), in a module of their own: the service cards on
 * the public pages need only this one, and every byte of their JavaScript counts.
 */

export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number]

/** Each category's key in the catalogue. */
export const CATEGORY_KEYS = {
  Yoga: 'yoga',
  Meditation: 'meditation',
  Nutrition: 'nutrition',
  'Mental Wellness': 'mentalWellness',
  Fitness: 'fitness',
  'Holistic Health': 'holisticHealth',
  Other: 'other',
} as const satisfies Record<ServiceCategory, string>

export type CategoryKey = (typeof CATEGORY_KEYS)[ServiceCategory]

/** A category's key, or null for a name that is not one of the categories. */
export function categoryKey(category: string): CategoryKey | null {
  return Object.hasOwn(CATEGORY_KEYS, category) ? CATEGORY_KEYS[category as ServiceCategory] : null
}
