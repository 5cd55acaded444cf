import { EXPERIENCE_VALUES, LEAD_SOURCES, LEAD_USER_TYPES, PRACTICE_TYPES } from '~/db/enums'

/**
 * The lead form's choices and the admin's labels for them: no zod here, so a page can show
 * them without loading the schema.
 */

export { EXPERIENCE_VALUES, LEAD_SOURCES, LEAD_USER_TYPES, PRACTICE_TYPES }

export type PracticeType = (typeof PRACTICE_TYPES)[number]
export type Experience = (typeof EXPERIENCE_VALUES)[number]

/** Calling codes offered on the lead form, as [value, label]. */
export const CALLING_CODES = [
  ['+1', '+1 US/CA'],
  ['+44', '+44 GB'],
  ['+33', '+33 FR'],
  ['+49', '+49 DE'],
  ['+39', '+39 IT'],
  ['+34', '+34 ES'],
  ['+31', '+31 NL'],
  ['+46', '+46 SE'],
  ['+47', '+47 NO'],
  ['+45', '+45 DK'],
  ['+358', '+358 FI'],
  ['+41', '+41 CH'],
  ['+43', '+43 AT'],
  ['+32', '+32 BE'],
  ['+353', '+353 IE'],
  ['+351', '+351 PT'],
  ['+61', '+61 AU'],
  ['+64', '+64 NZ'],
  ['+65', '+65 SG'],
  ['+852', '+852 HK'],
  ['+81', '+81 JP'],
] as const

type CallingCode = (typeof CALLING_CODES)[number][0]
export const CALLING_CODE_VALUES = CALLING_CODES.map(([code]) => code) as [CallingCode, ...CallingCode[]]

export const PRACTICE_TYPE_LABELS: Record<PracticeType, string> = {
  naturopath: 'Naturopathic Doctor',
  nutritionist: 'Nutritionist / Dietitian',
  'mental-health': 'Mental Health Counselor',
  yoga: 'Yoga Instructor',
  acupuncture: 'Acupuncturist',
  chiropractic: 'Chiropractor',
  massage: 'Massage Therapist',
  counseling: 'Counselor / Therapist',
  'life-coaching': 'Life Coach',
  other: 'Other wellness practice',
}

export const EXPERIENCE_LABELS: Record<Experience, string> = {
  new: 'New practitioner',
  '1-2': '1-2 years',
  '3-5': '3-5 years',
  '5-10': '5-10 years',
  '10+': '10+ years',
}

/** Where a lead came from, as the admin's Leads tab words it. */
export const LEAD_SOURCE_LABELS: Record<(typeof LEAD_SOURCES)[number], string> = {
  launching_soon: 'Launching soon page',
  contact_form: 'Contact form',
  referral: 'Referral',
  social_media: 'Social media',
  other: 'Other',
}

/** [value, label] pairs in the spec's order, for select fields. */
export const PRACTICE_TYPE_OPTIONS = PRACTICE_TYPES.map((v) => [v, PRACTICE_TYPE_LABELS[v]] as const)
export const EXPERIENCE_OPTIONS = EXPERIENCE_VALUES.map((v) => [v, EXPERIENCE_LABELS[v]] as const)
