import { z } from 'zod'
import { EXPERIENCE_VALUES, LEAD_SOURCES, LEAD_USER_TYPES, PRACTICE_TYPES } from '~/db/enums'
import { emailField } from '~/models/accounts/user'

/**
 * The early-access lead form on /launching-soon (its fields and rules), shared by the screen
 * (conform) and POST /api/leads. Texts are the spec's.
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
const CALLING_CODE_VALUES = CALLING_CODES.map(([code]) => code) as [CallingCode, ...CallingCode[]]

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

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`)

/**
 * A pick from a fixed list. Missing or blank says the spec's "is required"; a value that is
 * not on the list (only an API caller can send one) says which list it must come from.
 */
function choice<const T extends readonly [string, ...string[]]>(values: T, required: string, invalid: string) {
  return z.enum(values, {
    error: (issue) => (issue.input === undefined || issue.input === '' ? required : invalid),
  })
}

export const LeadSchema = z.object({
  firstName: requiredText('First name is required', 100),
  lastName: requiredText('Last name is required', 100),
  email: emailField(),
  countryCode: choice(CALLING_CODE_VALUES, 'Country code is required', 'Please choose a country code from the list'),
  phoneNumber: z
    .string({ error: 'Phone number is required' })
    .trim()
    // `abort`: a blank number gets only "is required", not the format message too.
    .min(1, { error: 'Phone number is required', abort: true })
    .max(30, 'Please enter a valid phone number')
    .regex(/^[0-9()+\-.\s]+$/, 'Please enter a valid phone number'),
  practiceType: choice(PRACTICE_TYPES, 'Practice type is required', 'Please choose a practice type from the list'),
  yearsOfExperience: choice(
    EXPERIENCE_VALUES,
    'Years of experience is required',
    'Please choose years of experience from the list',
  ),
  // The landing page always sends these defaults; the admin list shows them.
  userType: z.enum(LEAD_USER_TYPES).default('practitioner'),
  source: z.enum(LEAD_SOURCES).default('launching_soon'),
})

export type LeadInput = z.output<typeof LeadSchema>

/** An unknown (or already deleted) lead, to the admin screens and the API. */
export const LEAD_NOT_FOUND = 'Lead not found'

/** The lead form's toasts, in the spec's words. */
export const LEAD_JOINED_TOAST = { title: 'Thank you!', description: "We'll notify you as soon as we launch!" } as const
export const LEAD_FAILED_TITLE = 'Error'
export const LEAD_FAILED_FALLBACK = 'Failed to submit your information. Please try again.'
