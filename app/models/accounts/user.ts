import { z } from 'zod'
import { blankImageAsNull } from '~/models/images/image'

/**
 * Account schemas, shared by the forms (conform, in the browser and the action) and the
 * matching /api routes. Texts are the spec's (§5).
 */

export const PRACTITIONER_COUNTRIES = [
  ['US', 'United States'],
  ['CA', 'Canada'],
  ['GB', 'United Kingdom'],
  ['AU', 'Australia'],
  ['DE', 'Germany'],
  ['FR', 'France'],
  ['IT', 'Italy'],
  ['ES', 'Spain'],
  ['NL', 'Netherlands'],
  ['SE', 'Sweden'],
  ['NO', 'Norway'],
  ['DK', 'Denmark'],
  ['FI', 'Finland'],
  ['CH', 'Switzerland'],
  ['AT', 'Austria'],
  ['BE', 'Belgium'],
  ['IE', 'Ireland'],
  ['PT', 'Portugal'],
  ['LU', 'Luxembourg'],
  ['NZ', 'New Zealand'],
  ['SG', 'Singapore'],
  ['HK', 'Hong Kong'],
  ['JP', 'Japan'],
] as const

export const COUNTRY_CODES = PRACTITIONER_COUNTRIES.map(([code]) => code) as [
  (typeof PRACTITIONER_COUNTRIES)[number][0],
  ...(typeof PRACTITIONER_COUNTRIES)[number][0][],
]

const INVALID_EMAIL = 'Please enter a valid email address'

/** Trimmed, lower-cased email; the same rule everywhere an email is typed. */
export function emailField(requiredMessage = INVALID_EMAIL) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(254, INVALID_EMAIL)
    .pipe(z.email(INVALID_EMAIL))
    .transform((email) => email.toLowerCase())
}

const requiredText = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`)

const phoneNumber = z
  .string({ error: 'Please enter a valid phone number' })
  .trim()
  .min(10, 'Please enter a valid phone number')
  .max(30, 'Please enter a valid phone number')

/** A same-site path to return to after login; anything else is dropped. */
export const redirectToField = z.string().optional()

export const LoginSchema = z.object({
  email: emailField(),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
  remember: z.boolean().default(false),
  redirectTo: redirectToField,
})

/**
 * The spec's client always sends `country`: someone signing up as a client, who is never
 * asked for one, sends ''. Blank means not chosen (a client then gets the default, CA; a
 * practitioner is told to pick one by the rule below).
 */
const countryField = z
  .union([z.literal('').transform(() => undefined), z.enum(COUNTRY_CODES)], { error: 'Please select your country' })
  .optional()

/** What POST /api/signup takes (spec §7): no confirmPassword or agreeToTerms. */
export const SignupBaseSchema = z.object({
  email: emailField(),
  password: z
    .string({ error: 'Password must be at least 6 characters' })
    .min(6, 'Password must be at least 6 characters')
    .max(200, 'Password must be at most 200 characters'),
  firstName: requiredText('First name is required'),
  lastName: requiredText('Last name is required'),
  phoneNumber,
  isPractitioner: z.boolean().default(false),
  country: countryField,
  redirectTo: redirectToField,
})

/**
 * Zod skips an object's refinements while any field is invalid; `when` lets a cross-field
 * rule run as soon as the fields it reads are there, so every message shows at once.
 */
function whenStrings(...keys: string[]) {
  return {
    when: (payload: { value: unknown }) =>
      keys.every((k) => typeof (payload.value as Record<string, unknown> | undefined)?.[k] === 'string'),
  }
}

const countryRule: [
  (v: { isPractitioner?: boolean; country?: string }) => boolean,
  { path: string[]; message: string; when: (payload: { value: unknown }) => boolean },
] = [
  (v) => !v.isPractitioner || Boolean(v.country),
  {
    path: ['country'],
    message: 'Please select your country',
    when: (payload) => (payload.value as { isPractitioner?: unknown })?.isPractitioner === true,
  },
]

export const SignupApiSchema = SignupBaseSchema.refine(...countryRule)

/** The signup screen adds the confirmation and the terms box on top of the API's fields. */
export const SignupFormSchema = SignupBaseSchema.extend({
  confirmPassword: z.string({ error: "Passwords don't match" }),
  agreeToTerms: z.literal(true, { error: 'You must agree to the terms and conditions' }),
})
  .refine(...countryRule)
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: "Passwords don't match",
    ...whenStrings('password', 'confirmPassword'),
  })

export const ForgotPasswordSchema = z.object({
  email: emailField('Please enter your email address'),
})

export const ResetPasswordApiSchema = z.object({
  token: z.string({ error: 'Invalid reset token' }).min(1, 'Invalid reset token'),
  newPassword: z
    .string({ error: 'Please fill in all fields' })
    .min(1, 'Please fill in all fields')
    .min(8, 'Password must be at least 8 characters long')
    .max(200, 'Password must be at most 200 characters'),
})

export const ResetPasswordFormSchema = ResetPasswordApiSchema.extend({
  confirmPassword: z.string({ error: 'Please fill in all fields' }).min(1, 'Please fill in all fields'),
}).refine((v) => v.newPassword === v.confirmPassword, {
  path: ['confirmPassword'],
  message: 'Passwords do not match',
  ...whenStrings('newPassword', 'confirmPassword'),
})

export const ChangePasswordApiSchema = z.object({
  currentPassword: z.string({ error: 'Please fill in all fields' }).min(1, 'Please fill in all fields'),
  newPassword: z
    .string({ error: 'Please fill in all fields' })
    .min(1, 'Please fill in all fields')
    .min(6, 'Password must be at least 6 characters long')
    .max(200, 'Password must be at most 200 characters'),
})

export const ChangePasswordFormSchema = ChangePasswordApiSchema.extend({
  confirmPassword: z.string({ error: 'Please fill in all fields' }).min(1, 'Please fill in all fields'),
}).refine((v) => v.newPassword === v.confirmPassword, {
  path: ['confirmPassword'],
  message: 'New password and confirmation do not match',
  ...whenStrings('newPassword', 'confirmPassword'),
})

export const DeleteAccountSchema = z.object({
  password: z
    .string({ error: 'Please enter your password to delete your account' })
    .min(1, 'Please enter your password to delete your account'),
})

export const UpdateAccountSchema = z.object({
  firstName: requiredText('First name and last name are required'),
  lastName: requiredText('First name and last name are required'),
  email: emailField('Email address is required'),
  phoneNumber: z
    .string()
    .trim()
    .max(30, 'Please enter a valid phone number')
    .refine((v) => v === '' || v.length >= 10, 'Please enter a valid phone number')
    .optional(),
  /**
   * null or '' (the spec's client clears the picker to '') removes the picture; the current
   * picture's URL keeps it; a new picture comes as an image `data:` URL (spec §5: "stored as
   * an inline data value"), which the server decodes, checks and stores as a file. Anything
   * else is refused.
   */
  profilePicture: z
    .string()
    .max(7_100_000, 'Image must be less than 5MB')
    .nullable()
    .optional()
    .transform(blankImageAsNull),
})

/** The current user as the client sees it: never the hash or provider secrets. */
export type PublicUser = {
  id: number
  email: string
  firstName: string
  lastName: string
  phoneNumber: string | null
  profileImageUrl: string | null
  profilePicture: string | null
  bio: string | null
  title: string | null
  specialties: string[]
  isPractitioner: boolean
  isAdmin: boolean
  rating: number
  reviewCount: number
  country: string
  timeZone: string
  hasPaymentAccount: boolean
  onboardingComplete: boolean
  createdAt: string
  updatedAt: string
}

export { dashboardPath, roleOf, type Role } from './role'

/** The settings screen's account form: the API's fields, with the picture as a file upload. */
export const UpdateAccountFormSchema = UpdateAccountSchema.omit({ profilePicture: true }).extend({
  profilePictureFile: z.instanceof(File).optional(),
  removeProfilePicture: z.boolean().default(false),
})
