import { PROFESSIONS } from '~/db/enums'

/**
 * The professions a practitioner can name (issue 44): the profile's list, the public profile and
 * the receipt print these names. No zod here, so a page can show them without loading a schema.
 */
export type Profession = (typeof PROFESSIONS)[number]
export { PROFESSIONS }

export const PROFESSION_NAMES: Record<Profession, string> = {
  psychotherapist: 'Registered Psychotherapist',
  counsellor: 'Registered Clinical Counsellor',
  psychologist: 'Psychologist',
  social_worker: 'Registered Social Worker',
  massage_therapist: 'Registered Massage Therapist',
  naturopath: 'Naturopathic Doctor',
  dietitian: 'Registered Dietitian',
  nutritionist: 'Holistic Nutritionist',
  chiropractor: 'Chiropractor',
  physiotherapist: 'Physiotherapist',
  acupuncturist: 'Acupuncturist',
  kinesiologist: 'Kinesiologist',
  osteopath: 'Osteopathic Manual Practitioner',
  occupational_therapist: 'Occupational Therapist',
  yoga_therapist: 'Yoga Therapist',
  other: 'Other',
}

/** The name a practitioner's profession is shown by: their own words for 'other', else the list's. */
export function professionName(profession: Profession | null, other: string | null) {
  if (!profession) return null
  if (profession === 'other') return other?.trim() || null
  return PROFESSION_NAMES[profession]
}
