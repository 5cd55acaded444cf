import { z } from 'zod'
import { msg, type Message } from '~/lib/i18n/message'
import { oneLineText } from '~/lib/plain-text'
import { emailField } from '~/models/accounts/user'
import { CALLING_CODE_VALUES, EXPERIENCE_VALUES, LEAD_SOURCES, LEAD_USER_TYPES, PRACTICE_TYPES } from './lead-options'

/**
 * The early-access lead form on /launching-soon (its fields and rules), shared by the screen
 * (conform) and POST /api/leads. Texts are the spec's.
 */

export * from './lead-options'

const requiredText = (message: Message, max: number) =>
  oneLineText({ error: message }).min(1, message).max(max, msg('marketplace:form.tooLong', { max }))

/**
 * A pick from a fixed list. Missing or blank says the spec's "is required"; a value that is
 * not on the list (only an API caller can send one) says which list it must come from.
 */
function choice<const T extends readonly [string, ...string[]]>(values: T, required: Message, invalid: Message) {
  return z.enum(values, {
    error: (issue) => (issue.input === undefined || issue.input === '' ? required : invalid),
  })
}

const PHONE_REQUIRED = msg('marketplace:lead.errors.phoneRequired')
const PHONE_INVALID = msg('marketplace:lead.errors.phoneInvalid')

export const LeadSchema = z.object({
  firstName: requiredText(msg('marketplace:lead.errors.firstNameRequired'), 100),
  lastName: requiredText(msg('marketplace:lead.errors.lastNameRequired'), 100),
  email: emailField(),
  countryCode: choice(
    CALLING_CODE_VALUES,
    msg('marketplace:lead.errors.countryCodeRequired'),
    msg('marketplace:lead.errors.countryCodeInvalid'),
  ),
  phoneNumber: oneLineText({ error: PHONE_REQUIRED, message: PHONE_INVALID })
    // `abort`: a blank number gets only "is required", not the format message too.
    .min(1, { error: PHONE_REQUIRED, abort: true })
    .max(30, PHONE_INVALID)
    .regex(/^[0-9()+\-.\s]+$/, PHONE_INVALID),
  practiceType: choice(
    PRACTICE_TYPES,
    msg('marketplace:lead.errors.practiceTypeRequired'),
    msg('marketplace:lead.errors.practiceTypeInvalid'),
  ),
  yearsOfExperience: choice(
    EXPERIENCE_VALUES,
    msg('marketplace:lead.errors.experienceRequired'),
    msg('marketplace:lead.errors.experienceInvalid'),
  ),
  // The landing page always sends these defaults; the admin list shows them.
  userType: z.enum(LEAD_USER_TYPES).default('practitioner'),
  source: z.enum(LEAD_SOURCES).default('launching_soon'),
})

export type LeadInput = z.output<typeof LeadSchema>

/** An unknown (or already deleted) lead, to the admin screens and the API. */
export const LEAD_NOT_FOUND = msg('marketplace:lead.notFound')

/** The lead form's toasts, in the spec's words. */
export const LEAD_JOINED_TOAST = {
  title: msg('marketplace:lead.joinedToast.title'),
  description: msg('marketplace:lead.joinedToast.description'),
} as const
export const LEAD_FAILED_TITLE = msg('common:toast.error')
export const LEAD_FAILED_FALLBACK = msg('marketplace:lead.failedFallback')
