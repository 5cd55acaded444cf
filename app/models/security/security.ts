import { z } from 'zod'
import { msg } from '~/lib/i18n/message'
import { oneLineText } from '~/lib/plain-text'
import { redirectToField } from '~/models/accounts/user'

/**
 * Two-factor sign-in, passkeys, sessions and recent verification: the schemas and texts the
 * screens, their actions and /api/login share (docs/decisions/042-two-factor-and-passkeys.md), the
 * texts as catalogue keys (app/lib/i18n/message.ts).
 */

export const CODE_REQUIRED = msg('auth:twoFactor.codeRequired')
export const WRONG_CODE = msg('auth:twoFactor.wrongCode')
export const TWO_FACTOR_REQUIRED = msg('auth:twoFactor.required')
export const SIGN_IN_EXPIRED = msg('auth:twoFactor.signInExpired')
/** The toast title of a refused sign-in (the login screen and its second step). */
export const LOGIN_FAILED = msg('auth:toasts.loginFailed')
export const VERIFICATION_REQUIRED = msg('auth:verify.required')
export const ADMIN_NEEDS_TWO_FACTOR = msg('account:twoFactor.adminNeedsIt')
/** Why, said on the setup page itself to an admin it stands between them and the admin area (issue 42). */
export const ADMIN_TWO_FACTOR_REASON = msg('account:twoFactor.adminReason')
export const WRONG_PASSWORD = msg('account:errors.incorrectPassword')
export const TWO_FACTOR_ALREADY_ON = msg('account:twoFactor.alreadyOn')
export const SETUP_EXPIRED = msg('account:twoFactor.setupExpired')

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
    message: msg('auth:verify.passwordOrCode'),
    path: ['password'],
  })

export const PASSKEY_NAME_MAX = 60
const PASSKEY_NAME_REQUIRED = msg('account:passkeys.nameRequired')
export const PasskeyNameSchema = z.object({
  passkeyId: z.string().min(1).max(1024),
  // One line of plain text, as every name is: it is listed on the security page and in emails.
  name: oneLineText({ error: PASSKEY_NAME_REQUIRED })
    .min(1, PASSKEY_NAME_REQUIRED)
    .max(PASSKEY_NAME_MAX, msg('auth:validation.tooLong', { max: PASSKEY_NAME_MAX })),
})

/** The security page's forms, one intent each. */
export const SECURITY_INTENTS = {
  disableTwoFactor: 'disable-two-factor',
  newRecoveryCodes: 'new-recovery-codes',
  signOutSession: 'sign-out-session',
  signOutOthers: 'sign-out-others',
} as const

/**
 * Recovery codes sent back to be downloaded or printed: they are shown once and only their
 * hashes are kept, so the page that shows them posts them (`codes`, once each) to be saved.
 */
export const RECOVERY_CODES_UNREADABLE = msg('account:recoveryCodes.unreadable')
export const RecoveryCodesSchema = z
  .array(z.string().regex(/^[a-z2-9]{5}-[a-z2-9]{5}$/, RECOVERY_CODES_UNREADABLE))
  .min(1, RECOVERY_CODES_UNREADABLE)
  .max(10, RECOVERY_CODES_UNREADABLE)
export const RECOVERY_CODES_DOWNLOAD_PATH = '/account/security/recovery-codes/download'
export const RECOVERY_CODES_PRINT_PATH = '/account/security/recovery-codes/print'
export const RECOVERY_CODES_FILE_NAME = 'solace-recovery-codes.txt'

export const SECURITY_PATH = '/account/security'
export const TWO_FACTOR_SETUP_PATH = '/account/security/two-factor'
export const VERIFY_PATH = '/account/verify'
export const SIGN_IN_CODE_PATH = '/login/verify'
