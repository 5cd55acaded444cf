import { EXPERIENCE_VALUES, LEAD_SOURCES, LEAD_USER_TYPES, PRACTICE_TYPES } from '~/db/enums'
import { msg, type Message } from '~/lib/i18n/message'

/**
 * The lead form's choices and the admin's labels for them: no zod here, so a page can show
 * them without loading the schema. Labels are catalogue keys (app/lib/i18n/message.ts), shown
 * with `translateMessage` in the reader's language; calling codes read the same in both.
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

export const PRACTICE_TYPE_LABELS: Record<PracticeType, Message> = {
  naturopath: msg('marketplace:lead.practiceTypes.naturopath'),
  nutritionist: msg('marketplace:lead.practiceTypes.nutritionist'),
  'mental-health': msg('marketplace:lead.practiceTypes.mentalHealth'),
  yoga: msg('marketplace:lead.practiceTypes.yoga'),
  acupuncture: msg('marketplace:lead.practiceTypes.acupuncture'),
  chiropractic: msg('marketplace:lead.practiceTypes.chiropractic'),
  massage: msg('marketplace:lead.practiceTypes.massage'),
  counseling: msg('marketplace:lead.practiceTypes.counseling'),
  'life-coaching': msg('marketplace:lead.practiceTypes.lifeCoaching'),
  other: msg('marketplace:lead.practiceTypes.other'),
}

export const EXPERIENCE_LABELS: Record<Experience, Message> = {
  new: msg('marketplace:lead.experience.new'),
  '1-2': msg('marketplace:lead.experience.oneToTwo'),
  '3-5': msg('marketplace:lead.experience.threeToFive'),
  '5-10': msg('marketplace:lead.experience.fiveToTen'),
  '10+': msg('marketplace:lead.experience.tenPlus'),
}

/** Where a lead came from, as the admin's Leads tab words it. */
export const LEAD_SOURCE_LABELS: Record<(typeof LEAD_SOURCES)[number], Message> = {
  launching_soon: msg('marketplace:lead.sources.launchingSoon'),
  contact_form: msg('marketplace:lead.sources.contactForm'),
  referral: msg('marketplace:lead.sources.referral'),
  social_media: msg('marketplace:lead.sources.socialMedia'),
  other: msg('marketplace:lead.sources.other'),
}

/** [value, label] pairs in the spec's order, for select fields. */
export const PRACTICE_TYPE_OPTIONS = PRACTICE_TYPES.map((v) => [v, PRACTICE_TYPE_LABELS[v]] as const)
export const EXPERIENCE_OPTIONS = EXPERIENCE_VALUES.map((v) => [v, EXPERIENCE_LABELS[v]] as const)
