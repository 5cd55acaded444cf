import { eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { userSpecialties, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { msg } from '~/lib/i18n/message'
import type { PublicUser } from '~/models/accounts/user'
import { getUserById, type PictureChange } from '~/models/accounts/user.server'
import { discardImage, imageFileFromDataUrl, storeImage } from '~/models/images/image.server'
import { PROFESSIONAL_DETAIL_KEYS, type ProfessionalDetailsChange } from './professional-details'
import { readProfessionalDetails, writeProfessionalDetails } from './professional-details.server'
import { specialtiesFromForm, type ProfileApiSchema, type ProfileFields, type ProfileFormSchema } from './profile'
import type { z } from 'zod'

/**
 * Saves a practitioner's public profile: the users columns and the specialties (replaced, in
 * the given order) in one transaction, so a reader never sees the new title with the old
 * specialties. Search (people_fts) and listing (services.is_listed) follow by triggers.
 * The professional details in `details` (left out: kept) are written in the same transaction
 * (writeProfessionalDetails, whose refusals roll the whole save back).
 * A new photo is checked and stored before the transaction; a replaced or removed photo's
 * file is deleted once no row points at it, and a new file is deleted if the write fails.
 */
export async function updatePractitionerProfile(
  userId: number,
  fields: ProfileFields,
  picture: PictureChange = { kind: 'keep' },
  details: ProfessionalDetailsChange = {},
) {
  const before = getUserById(userId)
  if (!before?.isPractitioner) throw new AppError(msg('practice:profileErrors.onlyPractitioners'), 403)
  const url =
    picture.kind === 'replace'
      ? await storeImage(picture.file, { ownerId: userId, replaces: before.profileImageUrl })
      : picture.kind === 'remove'
        ? null
        : undefined
  try {
    getDb().transaction(
      (tx) => {
        writeProfessionalDetails(tx, userId, details)
        tx.update(users)
          .set({
            firstName: fields.firstName,
            lastName: fields.lastName,
            title: fields.title,
            bio: fields.bio,
            ...(url !== undefined ? { profileImageUrl: url } : {}),
            updatedAt: new Date(),
          })
          .where(eq(users.id, userId))
          .run()
        tx.delete(userSpecialties).where(eq(userSpecialties.userId, userId)).run()
        if (fields.specialties.length) {
          tx.insert(userSpecialties)
            .values(fields.specialties.map((specialty, position) => ({ userId, specialty, position })))
            .run()
        }
      },
      { behavior: 'immediate' },
    )
  } catch (error) {
    await discardImage(url)
    throw error
  }
  if (url !== undefined && url !== before.profileImageUrl) await discardImage(before.profileImageUrl)
  return getUserById(userId)!
}

/** The My Profile form: a picked file replaces the photo, the "remove" box removes it. */
export function updateProfileFromForm(userId: number, value: z.output<typeof ProfileFormSchema>) {
  const picture: PictureChange = value.profilePictureFile
    ? { kind: 'replace', file: value.profilePictureFile }
    : value.removeProfilePicture
      ? { kind: 'remove' }
      : { kind: 'keep' }
  const { firstName, lastName, title, bio } = value
  return updatePractitionerProfile(
    userId,
    { firstName, lastName, title, bio, specialties: specialtiesFromForm(value) },
    picture,
    detailsOf(value),
  )
}

/** The professional details a parsed form or body carries (undefined where a PATCH left one out). */
function detailsOf(value: ProfessionalDetailsChange): ProfessionalDetailsChange {
  return Object.fromEntries(PROFESSIONAL_DETAIL_KEYS.map((key) => [key, value[key]]))
}

/** The user as the API answers it: the account's fields and the professional details as stored. */
export function withProfessionalDetails(user: PublicUser) {
  return { ...user, ...readProfessionalDetails(user.id) }
}

/**
 * PATCH /api/practitioners/profile: fields left out keep their saved values. The answer is the
 * user with their professional details (withProfessionalDetails).
 */
export async function updateProfileFromApi(user: PublicUser, body: z.output<typeof ProfileApiSchema>) {
  let picture: PictureChange = { kind: 'keep' }
  if (body.profileImageUrl === null) picture = { kind: 'remove' }
  else if (body.profileImageUrl !== undefined && body.profileImageUrl !== user.profileImageUrl) {
    picture = { kind: 'replace', file: imageFileFromDataUrl(body.profileImageUrl) }
  }
  const saved = await updatePractitionerProfile(
    user.id,
    {
      firstName: body.firstName,
      lastName: body.lastName,
      title: body.title === undefined ? user.title : body.title,
      bio: body.bio === undefined ? user.bio : body.bio,
      specialties: body.specialties ?? user.specialties,
    },
    picture,
    detailsOf(body),
  )
  return withProfessionalDetails(saved)
}
