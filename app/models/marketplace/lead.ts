import { z } from 'zod'
import { oneLineText } from '~/lib/plain-text'
import { emailField } from '~/models/accounts/user'
import { CALLING_CODE_VALUES, EXPERIENCE_VALUES, LEAD_SOURCES, LEAD_USER_TYPES, PRACTICE_TYPES } from './lead-options'

/**
 * The early-access lead form on /launching-soon (its fields and rules), shared by the screen
 * (conform) and POST /api/leads. Texts are the spec's.
 */

export * from './lead-options'

const requiredText = (message: string, max: number) =>
  oneLineText({ error: message }).min(1, message).max(max, `Must be at most ${max} characters`)

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
  phoneNumber: oneLineText({ error: 'Phone number is required', message: 'Please enter a valid phone number' })
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
