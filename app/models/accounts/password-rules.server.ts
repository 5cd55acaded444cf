import { dictionary } from '@zxcvbn-ts/language-common'
import { AppError } from '~/lib/errors'
import { COMMON_PASSWORD, PASSWORD_MIN_LENGTH } from './user'

/**
 * The most common passwords from data breaches, as the zxcvbn-ts project ships them (about
 * 49,000, all lower case), checked offline. Server only: the list would add about 400 KB to the
 * browser's bundle, so the client-safe schemas (user.ts, admin/admin.ts) hold the length rule
 * and every place a password is set (createUser, changePassword, resetPassword) calls
 * `refuseCommonPassword`. Only those long enough to pass the length rule are kept: a shorter one
 * is refused before it gets here.
 */
const COMMON_PASSWORDS = new Set(
  dictionary['passwords-common'].filter((password) => password.length >= PASSWORD_MIN_LENGTH),
)

/** Whether `password` is on the list, whatever its letters' case ('Password123' is 'password123'). */
export function isCommonPassword(password: string) {
  return COMMON_PASSWORDS.has(password.toLowerCase())
}

/** Refuses a new password on the list (400, on the form's `field`), saying why. */
export function refuseCommonPassword(password: string, field: string) {
  if (isCommonPassword(password)) throw new AppError(COMMON_PASSWORD, 400, field)
}
