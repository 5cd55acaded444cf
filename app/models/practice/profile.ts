import { z } from 'zod'
import { msg, type Message } from '~/lib/i18n/message'
import { multiLineText, oneLineText } from '~/lib/plain-text'
import { blankImageAsNull, IMAGE_DATA_URL_MAX_LENGTH, IMAGE_TOO_LARGE } from '~/models/images/image'
import {
  PROFESSIONAL_DETAILS_FIELDS,
  PROFESSIONAL_DETAILS_PATCH_FIELDS,
  requireProfessionOther,
} from './professional-details'

/** The parts a profile needs before clients see it (their names: `practice:profileParts`). */
export type ProfilePart = 'photo' | 'title' | 'bio'

/** A practitioner is visible to clients once photo, bio and title are all there. */
export function missingProfileParts(user: {
  profileImageUrl: string | null
  bio: string | null
  title: string | null
}) {
  const missing: ProfilePart[] = []
  if (!user.profileImageUrl?.trim()) missing.push('photo')
  if (!user.title?.trim()) missing.push('title')
  if (!user.bio?.trim()) missing.push('bio')
  return missing
}

/**
 * Common wellness specialties offered in the My Profile list, by their key in
 * `practice:suggestedSpecialties`: the list offers them in the reader's language, and the chosen
 * one is saved as the practitioner's own text, like a typed-in one.
 */
export const SUGGESTED_SPECIALTIES = [
  'acupuncture',
  'anxietyManagement',
  'breathwork',
  'chiropracticCare',
  'lifeCoaching',
  'massageTherapy',
  'meditation',
  'mindfulness',
  'naturopathy',
  'nutrition',
  'personalTraining',
  'pilates',
  'reiki',
  'sleepHealth',
  'sportsNutrition',
  'stressManagement',
  'traditionalChineseMedicine',
  'weightManagement',
  'womensHealth',
  'yoga',
] as const

export const MAX_SPECIALTIES = 12
export const SPECIALTY_MAX_LENGTH = 60
export const BIO_MAX_LENGTH = 2000
export const TITLE_MAX_LENGTH = 100

/** The duplicate custom specialty message (title and description in one line). */
export const SPECIALTY_EXISTS = msg('practice:profileErrors.specialtyExists')
export const TOO_MANY_SPECIALTIES = msg('practice:profileErrors.tooManySpecialties', { max: MAX_SPECIALTIES })
const EMPTY_SPECIALTY = msg('practice:profileErrors.emptySpecialty')
const SPECIALTY_TOO_LONG = msg('practice:profileErrors.specialtyTooLong', { max: SPECIALTY_MAX_LENGTH })

const nameText = (message: Message) =>
  oneLineText({ error: message }).min(1, message).max(100, msg('practice:profileErrors.nameTooLong'))

/** Optional text: blank means "none", stored as null (a blank title must not count as filled). */
const optionalText = (max: number, tooLong: Message, text = oneLineText) =>
  text()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : null))

const specialtyText = oneLineText({ error: EMPTY_SPECIALTY })
  .min(1, EMPTY_SPECIALTY)
  .max(SPECIALTY_MAX_LENGTH, SPECIALTY_TOO_LONG)

/** The index of the first entry that repeats an earlier one, ignoring case; -1 if none. */
export function firstDuplicateIndex(list: readonly string[]) {
  const seen = new Set<string>()
  for (const [index, item] of list.entries()) {
    const key = item.trim().toLocaleLowerCase()
    if (seen.has(key)) return index
    seen.add(key)
  }
  return -1
}

/** A practitioner's specialties in their chosen order: each trimmed and non-empty, no duplicates. */
const specialtyList = z
  .array(specialtyText)
  .max(MAX_SPECIALTIES, TOO_MANY_SPECIALTIES)
  .superRefine((list, ctx) => {
    if (firstDuplicateIndex(list) >= 0) ctx.addIssue({ code: 'custom', message: SPECIALTY_EXISTS })
  })

/**
 * The profile fields as a practitioner edits them on My Profile. The API's body and the
 * screen's form are both built from these fields, so a rule changes in one place.
 */
export const ProfileSchema = z.object({
  firstName: nameText(msg('practice:profileErrors.firstNameRequired')),
  lastName: nameText(msg('practice:profileErrors.lastNameRequired')),
  title: optionalText(TITLE_MAX_LENGTH, msg('practice:profileErrors.titleTooLong', { max: TITLE_MAX_LENGTH })),
  bio: optionalText(BIO_MAX_LENGTH, msg('practice:profileErrors.bioTooLong', { max: BIO_MAX_LENGTH }), multiLineText),
  specialties: specialtyList.default([]),
})

/**
 * PATCH /api/practitioners/profile. `profileImageUrl`: null or '' (the spec's client clears
 * the picker to '') removes the photo; the current URL (or leaving it out) keeps it; a new
 * photo comes as an image `data:` URL, as the spec's picker sends it, which the server
 * decodes, checks and stores as a file. Anything else is refused. Leaving out title, bio or
 * specialties keeps them (it is a PATCH); so does leaving out a professional detail (issue 44:
 * profession, professionOther, regulatoryBody, registrationNumber, businessName,
 * businessAddress, gstHstNumber), which '' or null clears.
 */
export const ProfileApiSchema = ProfileSchema.extend({
  title: ProfileSchema.shape.title.optional(),
  bio: ProfileSchema.shape.bio.optional(),
  specialties: specialtyList.optional(),
  profileImageUrl: z
    .string()
    .max(IMAGE_DATA_URL_MAX_LENGTH, IMAGE_TOO_LARGE)
    .nullable()
    .optional()
    .transform(blankImageAsNull),
  ...PROFESSIONAL_DETAILS_PATCH_FIELDS,
}).superRefine(requireProfessionOther)

/**
 * The My Profile form: the same fields, with the photo as a file upload, and specialties as
 * the controls a page without JavaScript can offer: the current list as checkboxes named
 * `specialties` (checked = keep), one pick from the suggestions and one typed-in specialty.
 * What they add up to is `specialtiesFromForm`, checked with the same rules as the API's list.
 * The professional details are the API's fields, every one sent (an empty one clears it).
 */
export const ProfileFormSchema = ProfileSchema.extend({
  specialties: z.array(specialtyText).max(MAX_SPECIALTIES, TOO_MANY_SPECIALTIES).default([]),
  suggestedSpecialty: oneLineText().optional(),
  customSpecialty: oneLineText().max(SPECIALTY_MAX_LENGTH, SPECIALTY_TOO_LONG).optional(),
  profilePictureFile: z.instanceof(File).optional(),
  removeProfilePicture: z.boolean().default(false),
  ...PROFESSIONAL_DETAILS_FIELDS,
}).superRefine((value, ctx) => {
  requireProfessionOther(value, ctx)
  const kept = value.specialties
  const added: [field: 'suggestedSpecialty' | 'customSpecialty', text: string | undefined][] = [
    ['suggestedSpecialty', value.suggestedSpecialty],
    ['customSpecialty', value.customSpecialty],
  ]
  const list = [...kept]
  for (const [field, text] of added) {
    if (!text) continue
    // Report the message on the control that brought the repeat or the excess in.
    if (firstDuplicateIndex([...list, text]) >= 0) {
      ctx.addIssue({ code: 'custom', path: [field], message: SPECIALTY_EXISTS })
    } else if (list.length >= MAX_SPECIALTIES) {
      ctx.addIssue({ code: 'custom', path: [field], message: TOO_MANY_SPECIALTIES })
    }
    list.push(text)
  }
  if (firstDuplicateIndex(kept) >= 0) ctx.addIssue({ code: 'custom', path: ['specialties'], message: SPECIALTY_EXISTS })
})

export type ProfileFields = z.output<typeof ProfileSchema>

/** The specialties a valid form submission asks for: kept ones in order, then the new ones. */
export function specialtiesFromForm(
  value: Pick<z.output<typeof ProfileFormSchema>, 'specialties' | 'suggestedSpecialty' | 'customSpecialty'>,
) {
  return [...value.specialties, value.suggestedSpecialty, value.customSpecialty].filter((s): s is string => Boolean(s))
}
