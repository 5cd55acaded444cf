import { PROFESSIONS } from '~/db/enums'
import type { TFunction } from 'i18next'

/**
 * The professions a practitioner can name (issue 44): the profile's list, the public profile and
 * the receipt print these names, from the catalogue (`practice:professions.<profession>`), in the
 * reader's language. No zod here, so a page can show them without loading a schema.
 */
export type Profession = (typeof PROFESSIONS)[number]
export { PROFESSIONS }

/**
 * The name a practitioner's profession is shown by: their own words for 'other', else the list's,
 * in the language of `t` (one that reads the practice namespace: `tFor(language, 'practice')` for
 * a receipt or an /api answer, a page's `useTranslation('practice')`). Always given one, so no
 * page carries a catalogue it does not read.
 */
export function professionName(profession: Profession | null, other: string | null, t: TFunction<'practice'>) {
  if (!profession) return null
  if (profession === 'other') return other?.trim() || null
  return t(`professions.${profession}`)
}
