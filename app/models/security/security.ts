import { z } from 'zod'
import { redirectToField } from '~/models/accounts/user'

/**
 * Two-factor sign-in, passkeys, sessions and recent verification: the schemas and texts the
 * screens, their actions and /api/login share (docs/decisions/042-two-factor-and-passkeys.md).
 */

export const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app, or a recovery code'
export const WRONG_CODE = 'That code is not right, or it was already used. Try the newest code.'
export const TWO_FACTOR_REQUIRED = 'Enter the code from your authenticator app to finish signing in'
export const SIGN_IN_EXPIRED = 'Your sign-in took too long. Please log in again.'
export const VERIFICATION_REQUIRED = 'Please confirm it is you to continue'
export const ADMIN_NEEDS_TWO_FACTOR = 'Set up two-factor sign-in to open the admin area'
export const WRONG_PASSWORD = 'Incorrect password'

/** How long a password or second factor counts as recent for what matters most. */
export const RECENT_VERIFICATION_MS = 10 * 60 * 1000

/** An authenticator's six digits (spaces allowed), or a recovery code (`xxxxx-xxxxx`). */
export const codeField = z
  .string({ error: CODE_REQUIRED })
  .trim()
  .min(1, CODE_REQUIRED)
  .max(40, WRONG_CODE)
  .transform((code) => code.replace(/\s+/g, '').toLowerCase())

export const CodeSchema = z.object({ code: codeField })

/** The second step of signing in. */
export const SignInCodeSchema = z.object({ code: codeField, redirectTo: redirectToField })

/** Recent verification: a password, or a code when the account has two-factor on. */
export const VerifySchema = z
  .object({
    password: z.string().max(200).optional(),
    code: z.string().max(40).optional(),
    redirectTo: redirectToField,
  })
  .refine((value) => Boolean(value.password?.length) || Boolean(value.code?.trim().length), {
    message: 'Enter your password or a code',
    path: ['password'],
  })

export const PASSKEY_NAME_MAX = 60
export const PasskeyNameSchema = z.object({
  passkeyId: z.string().min(1).max(1024),
  name: z
    .string({ error: 'Give the passkey a name' })
    .trim()
    .min(1, 'Give the passkey a name')
    .max(PASSKEY_NAME_MAX, `Must be at most ${PASSKEY_NAME_MAX} characters`),
})

/** The security page's forms, one intent each. */
export const SECURITY_INTENTS = {
  disableTwoFactor: 'disable-two-factor',
  newRecoveryCodes: 'new-recovery-codes',
  signOutSession: 'sign-out-session',
  signOutOthers: 'sign-out-others',
} as const

export const SECURITY_PATH = '/account/security'
export const TWO_FACTOR_SETUP_PATH = '/account/security/two-factor'
export const VERIFY_PATH = '/account/verify'
export const SIGN_IN_CODE_PATH = '/login/verify'
