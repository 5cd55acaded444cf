import { and, asc, eq, gt, inArray, isNull, or } from 'drizzle-orm'
import { getDb, type Tx } from '~/db/client.server'
import { bookings, reviews, services, userSpecialties, users } from '~/db/schema'
import { AppError, isAppError } from '~/lib/errors'
import type { Language } from '~/lib/i18n/languages'
import { msg } from '~/lib/i18n/message'
import { hashPassword, hashShare, needsRehash, verifyPassword, type HashShare } from '~/lib/password.server'
import { noteRequestUser } from '~/lib/request-context.server'
import { discardImage, imageFileFromDataUrl, storedImageUrls, storeImage } from '~/models/images/image.server'
import { forgetIntakeDraftsOf } from '~/models/intake/intake-responses.server'
import { recomputeRatings } from '~/models/marketplace/review.server'
import { forgetMessagesOf } from '~/models/messaging/message.server'
import { refundPackagesOfRemovedAccount } from '~/models/packages/package-refunds.server'
import { moveWeeklyHours } from '~/models/practice/weekly-hours.server'
import { discardStoredDocuments, storedDocumentKeys } from '~/models/records/document-files.server'
import {
  limitEmailChange,
  pendingEmailOf,
  recordEmailChange,
  sendEmailChangeEmails,
  type EmailChangeRequest,
} from './email-change.server'
import { limitPasswordCheck } from './password-attempts.server'
import { refuseCommonPassword } from './password-rules.server'
import { revokeUserSessions, updateSessionData } from './session.server'
import {
  ACCOUNT_SUSPENDED,
  type ChangePasswordApiSchema,
  type PublicUser,
  type SignupBaseSchema,
  type UpdateAccountFormSchema,
  type UpdateAccountSchema,
} from './user'
import type { z } from 'zod'

const publicColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phoneNumber: users.phoneNumber,
  profileImageUrl: users.profileImageUrl,
  bio: users.bio,
  title: users.title,
  isPractitioner: users.isPractitioner,
  isAdmin: users.isAdmin,
  rating: users.rating,
  reviewCount: users.reviewCount,
  country: users.country,
  timeZone: users.timeZone,
  language: users.language,
  stripeAccountId: users.stripeAccountId,
  onboardingComplete: users.onboardingComplete,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
}

export function getSpecialties(userId: number) {
  return getDb()
    .select({ specialty: userSpecialties.specialty })
    .from(userSpecialties)
    .where(eq(userSpecialties.userId, userId))
    .orderBy(asc(userSpecialties.position))
    .all()
    .map((row) => row.specialty)
}

/**
 * The user with this id, or null. `activeOnly`: null for a suspended account too, so a session
 * that outlived its suspension (one opened at the very moment of it) signs no one in.
 */
export function getUserById(id: number, { activeOnly = false }: { activeOnly?: boolean } = {}): PublicUser | null {
  const row = getDb()
    .select(publicColumns)
    .from(users)
    .where(activeOnly ? and(eq(users.id, id), isNull(users.suspendedAt)) : eq(users.id, id))
    .get()
  if (!row) return null
  const { stripeAccountId, ...rest } = row
  return {
    ...rest,
    profilePicture: rest.profileImageUrl,
    specialties: rest.isPractitioner ? getSpecialties(id) : [],
    hasPaymentAccount: Boolean(stripeAccountId),
    createdAt: rest.createdAt.toISOString(),
    updatedAt: rest.updatedAt.toISOString(),
  }
}

export function findIdByEmail(email: string) {
  return getDb().select({ id: users.id }).from(users).where(eq(users.email, email)).get()?.id
}

const EMAIL_TAKEN = msg('auth:errors.emailTaken')

/**
 * Creates an account: the password not among the most common (400), the email unique (409 on
 * its field), the password hashed in the share of whoever asked (`share`). Signup and the admin's Create New User both come here;
 * `alsoInTransaction` writes what must commit with the new row (the admin's audit row).
 */
export async function createUser(
  input: Omit<z.output<typeof SignupBaseSchema>, 'redirectTo' | 'phoneNumber'> & {
    phoneNumber?: string
    isAdmin?: boolean
    timeZone?: string
    /** The language the sign-up page was read in: the account's until they choose another. */
    language?: Language
  },
  { share, alsoInTransaction }: { share: HashShare; alsoInTransaction?: (tx: Tx, userId: number) => void },
) {
  refuseCommonPassword(input.password, 'password')
  if (findIdByEmail(input.email)) throw new AppError(EMAIL_TAKEN, 409, 'email')
  const passwordHash = await hashPassword(input.password, share)
  try {
    const row = getDb().transaction((tx) => {
      const created = tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          phoneNumber: input.phoneNumber ?? null,
          isPractitioner: input.isPractitioner,
          isAdmin: input.isAdmin ?? false,
          country: input.country ?? 'CA',
          ...(input.timeZone ? { timeZone: input.timeZone } : {}),
          ...(input.language ? { language: input.language } : {}),
        })
        .returning({ id: users.id })
        .get()
      alsoInTransaction?.(tx, created.id)
      return created
    })
    return getUserById(row.id)!
  } catch (error) {
    // Two signups with one address at the same moment: the unique index decides.
    if (String(error).includes('UNIQUE constraint failed: users.email')) {
      throw new AppError(EMAIL_TAKEN, 409, 'email')
    }
    throw error
  }
}

// Verifying against a real-looking hash when the email is unknown keeps the answer time
// the same, so response timing does not reveal which emails have accounts.
let decoyHash: Promise<string> | undefined

function decoy(share: HashShare) {
  decoyHash ??= hashPassword('decoy-password', share).catch((error: unknown) => {
    // Refused (the hash queue was full): try again next time rather than keep the refusal.
    decoyHash = undefined
    throw error
  })
  return decoyHash
}

/**
 * The user for these credentials, or null. A hash made with older parameters is replaced by
 * one made with today's while the password is at hand
 * (docs/decisions/015-password-hashing-and-login-limits.md). Callers that take passwords from
 * the network go through `limitPasswordCheck` first. A suspended account is refused (403) only
 * after its right password, so the refusal tells nothing to someone guessing. The hashing runs
 * in the caller's `share` of the queue.
 */
export async function verifyLogin(email: string, password: string, share: HashShare) {
  const row = getDb()
    .select({ id: users.id, passwordHash: users.passwordHash, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.email, email))
    .get()
  if (!row) {
    await verifyPassword(password, await decoy(share), share)
    return null
  }
  if (!(await verifyPassword(password, row.passwordHash, share))) return null
  if (row.suspendedAt) throw new AppError(ACCOUNT_SUSPENDED, 403)
  if (needsRehash(row.passwordHash)) await rehash(row.id, row.passwordHash, password, share)
  return getUserById(row.id)
}

async function rehash(userId: number, oldHash: string, password: string, share: HashShare) {
  let passwordHash: string
  try {
    passwordHash = await hashPassword(password, share)
  } catch (error) {
    // The hash queue is full: the sign-in still succeeds, and the next one upgrades the hash.
    if (isAppError(error)) return
    throw error
  }
  // Only if the hash is still the one just verified: a password changed meanwhile wins.
  getDb()
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, userId), eq(users.passwordHash, oldHash)))
    .run()
}

/**
 * Checks the signed-in user's password before a change that needs it, under the same limits
 * as a login: wrong passwords count against the account and the address, 429 once spent.
 */
export async function assertPassword(
  request: Request,
  userId: number,
  password: string,
  message: string,
  field: string,
) {
  const row = getDb()
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .get()
  if (!row) throw new AppError(message, 400, field)
  const right = await limitPasswordCheck(request, row.email, async () =>
    (await verifyPassword(password, row.passwordHash, hashShare(request, row.email))) ? true : null,
  )
  if (!right) throw new AppError(message, 400, field)
}

/**
 * Changes the password and signs out every other session of this user; this one's unconfirmed
 * authenticator setup goes too (its secret was made before the change: decision 042).
 */
export async function changePassword(
  request: Request,
  userId: number,
  input: z.output<typeof ChangePasswordApiSchema>,
  currentSid?: string,
) {
  refuseCommonPassword(input.newPassword, 'newPassword')
  await assertPassword(
    request,
    userId,
    input.currentPassword,
    msg('account:errors.currentPasswordIncorrect'),
    'currentPassword',
  )
  const passwordHash = await hashPassword(input.newPassword, hashShare(request, `user:${userId}`))
  getDb().update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId)).run()
  revokeUserSessions(userId, { exceptSid: currentSid })
  if (currentSid) updateSessionData(currentSid, { totpSetup: undefined })
}

type AccountFields = Omit<z.output<typeof UpdateAccountSchema>, 'profilePicture'>

/** What happens to the profile picture in an account update. */
export type PictureChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'replace'; file: File }

/**
 * An account update's answer: the user as stored (the email is still the old one while a
 * change waits for its link), the address of the change waiting for confirmation if any, and
 * whether this update asked for one.
 */
export type AccountUpdate = { user: PublicUser; pendingEmail: string | null; emailChangeAsked: boolean }

/**
 * Updates the account. A new picture is checked (image types only, 5 MB) and stored first;
 * a replaced or removed picture's file is deleted once the row no longer points at it.
 * A different email is not written: it is recorded as an asked change (limited per account,
 * 429 before anything is saved), a link goes to the new address and a notice to the current
 * one, and the email changes when the link is confirmed (email-change.server.ts). The answer
 * is the same whether or not the new address already has an account. `origin` makes the link.
 */
export async function updateAccount(
  userId: number,
  fields: AccountFields,
  picture: PictureChange,
  origin: string,
): Promise<AccountUpdate> {
  const before = getUserById(userId)
  const newEmail = before && fields.email !== before.email ? fields.email : null
  if (newEmail) limitEmailChange(userId)
  const url =
    picture.kind === 'replace'
      ? await storeImage(picture.file, { ownerId: userId, replaces: before?.profileImageUrl })
      : picture.kind === 'remove'
        ? null
        : undefined
  let change: EmailChangeRequest | null
  try {
    change = getDb().transaction(
      (tx) => {
        tx.update(users)
          .set({
            firstName: fields.firstName,
            lastName: fields.lastName,
            ...(fields.phoneNumber !== undefined ? { phoneNumber: fields.phoneNumber || null } : {}),
            ...(url !== undefined ? { profileImageUrl: url } : {}),
            updatedAt: new Date(),
          })
          .where(eq(users.id, userId))
          .run()
        return newEmail ? recordEmailChange(tx, userId, newEmail) : null
      },
      { behavior: 'immediate' },
    )
  } catch (error) {
    await discardImage(url)
    throw error
  }
  if (url !== undefined) await discardImage(before?.profileImageUrl)
  const user = getUserById(userId)!
  if (change) await sendEmailChangeEmails(change, user, origin)
  return { user, pendingEmail: pendingEmailOf(userId), emailChangeAsked: change !== null }
}

/** The settings form: a picked file replaces the picture, the "remove" box removes it. */
export function updateAccountFromForm(
  userId: number,
  { profilePictureFile, removeProfilePicture, ...fields }: z.output<typeof UpdateAccountFormSchema>,
  origin: string,
) {
  const picture: PictureChange = profilePictureFile
    ? { kind: 'replace', file: profilePictureFile }
    : removeProfilePicture
      ? { kind: 'remove' }
      : { kind: 'keep' }
  return updateAccount(userId, fields, picture, origin)
}

/** PATCH /api/auth/update-account: see UpdateAccountSchema for what profilePicture may be. */
export function updateAccountFromApi(
  user: PublicUser,
  { profilePicture, ...fields }: z.output<typeof UpdateAccountSchema>,
  origin: string,
) {
  let picture: PictureChange = { kind: 'keep' }
  if (profilePicture === null) picture = { kind: 'remove' }
  else if (profilePicture !== undefined && profilePicture !== user.profileImageUrl) {
    picture = { kind: 'replace', file: imageFileFromDataUrl(profilePicture) }
  }
  return updateAccount(user.id, fields, picture, origin)
}

/**
 * The zone every time is shown in, on every page and in every email from now on (the zone
 * picker, both settings screens and PATCH /api/auth/time-zone).
 */
export function setTimeZone(userId: number, timeZone: string) {
  getDb().transaction(
    (tx) => {
      tx.update(users).set({ timeZone, updatedAt: new Date() }).where(eq(users.id, userId)).run()
      // One zone for a practitioner's calendar: their weekly hours move with it.
      moveWeeklyHours(tx, userId, timeZone)
    },
    { behavior: 'immediate' },
  )
  return getUserById(userId)!
}

/**
 * The language every page and email is in for this person from now on, whatever their browser
 * says (the header's switch, both settings screens, PATCH /api/auth/update-account).
 */
export function setLanguage(userId: number, language: Language) {
  getDb().update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, userId)).run()
  // This request's own answer (an /api message, a toast) is already in the new language.
  noteRequestUser(userId, language)
  return getUserById(userId)!
}

/**
 * At sign-in, a language the visitor chose with the switch becomes the account's when it has
 * none yet: the choice survives signing in.
 */
export function keepVisitorLanguage(userId: number, chosen: Language | null) {
  if (!chosen) return
  getDb()
    .update(users)
    .set({ language: chosen, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.language)))
    .run()
}

export const UPCOMING_SESSIONS_BLOCK_DELETION = msg('account:errors.upcomingSessionsBlockDeletion')

/**
 * Deletes the account after checking the password. Refused while the user is the client or
 * the practitioner of a pending or confirmed session that has not ended, so nobody's paid
 * booking is left without its cancellation and refund path (docs/decisions/010-account-deletion.md).
 * Package sessions paid for and not used, bought or sold, are refunded first, as an admin's
 * removal refunds them (decision 051): money nobody can use any more goes back to whoever paid
 * it. A refund the payment provider refuses keeps the account, saying so.
 */
export async function deleteAccount(request: Request, userId: number, password: string) {
  await assertPassword(request, userId, password, msg('account:errors.incorrectPassword'), 'password')
  const whileLive = new AppError(UPCOMING_SESSIONS_BLOCK_DELETION, 409)
  // Refused before any refund: a person with sessions to come keeps everything as it is.
  if (getDb().select({ id: bookings.id }).from(bookings).where(liveBookingsOf(userId)).get()) throw whileLive
  await refundPackagesOfRemovedAccount(userId)
  await removeAccount(userId, { whileLive })
}

/** Pending or confirmed bookings of the user, on either side, that have not ended. */
export function liveBookingsOf(userId: number, now = new Date()) {
  return and(
    or(eq(bookings.clientId, userId), eq(bookings.practitionerId, userId)),
    inArray(bookings.status, ['pending', 'confirmed']),
    gt(bookings.endTime, now),
  )
}

/**
 * The one way an account goes, for the person themselves (`deleteAccount`) and for an admin
 * (app/models/admin/users.server.ts, after cancelling and refunding the sessions): in one
 * IMMEDIATE transaction it refuses with `whileLive` if a pending or confirmed session has not
 * ended (checked with the delete, so none slips in between), then deletes the row. Past
 * bookings stay with the user's reference cleared, so the other party's history and the money
 * records survive; reviews written by or about them go, and the ratings they counted in are
 * recomputed; their messages leave their own view only. `beforeDelete` runs first in the same
 * transaction, for what must commit or roll back with the deletion (an admin's cancellations
 * and audit row). Uploaded pictures and patient documents' files are removed after the commit.
 */
export async function removeAccount(
  userId: number,
  { whileLive, beforeDelete }: { whileLive: AppError; beforeDelete?: (tx: Tx) => void },
) {
  const db = getDb()
  // Files go after the rows: collect the uploaded pictures this account owns first.
  const pictures = [
    getUserById(userId)?.profileImageUrl,
    ...db
      .select({ url: services.imageUrl })
      .from(services)
      .where(eq(services.practitionerId, userId))
      .all()
      .map((r) => r.url),
    ...storedImageUrls(userId),
  ]
  const documents = db.transaction(
    (tx) => {
      beforeDelete?.(tx)
      const live = tx.select({ id: bookings.id }).from(bookings).where(liveBookingsOf(userId)).get()
      if (live) throw whileLive

      const reviewed = tx
        .select({ practitionerId: reviews.practitionerId, serviceId: reviews.serviceId })
        .from(reviews)
        .where(eq(reviews.clientId, userId))
        .all()
      // Their messages leave their view only: the other person keeps their copy.
      forgetMessagesOf(tx, userId)
      // Intake drafts were theirs alone; what they sent stays in the practitioner's record (decision 041).
      forgetIntakeDraftsOf(tx, userId)
      // A practitioner's patient records go with the account (the rows cascade); their files after.
      const documentFiles = storedDocumentKeys(tx, { practitionerId: userId })
      tx.delete(users).where(eq(users.id, userId)).run()
      recomputeRatings(tx, {
        practitionerIds: reviewed.map((r) => r.practitionerId).filter((id) => id !== userId),
        serviceIds: reviewed.flatMap((r) => (r.serviceId ? [r.serviceId] : [])),
      })
      return documentFiles
    },
    { behavior: 'immediate' },
  )
  await Promise.all(pictures.map((url) => discardImage(url)))
  await discardStoredDocuments(documents)
}
