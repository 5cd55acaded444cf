import { z } from 'zod'
import { multiLineText, oneLineText } from '~/lib/plain-text'
import { blankImageAsNull, IMAGE_DATA_URL_MAX_LENGTH, IMAGE_TOO_LARGE } from '~/models/images/image'
import {
  PROFESSIONAL_DETAILS_FIELDS,
  PROFESSIONAL_DETAILS_PATCH_FIELDS,
  requireProfessionOther,
} from './professional-details'

/** A practitioner is visible to clients once photo, bio and title are all there. */
export function missingProfileParts(user: {
  profileImageUrl: string | null
  bio: string | null
  title: string | null
}) {
  const missing: string[] = []
  if (!user.profileImageUrl?.trim()) missing.push('profile photo')
  if (!user.title?.trim()) missing.push('professional title')
  if (!user.bio?.trim()) missing.push('professional bio')
  return missing
}

/** Common wellness specialties offered in the My Profile list; anything else can be typed in. */
export const SUGGESTED_SPECIALTIES = [
  'Acupuncture',
  'Anxiety Management',
  'Breathwork',
  'Chiropractic Care',
  'Life Coaching',
  'Massage Therapy',
  'Meditation',
  'Mindfulness',
  'Naturopathy',
  'Nutrition',
  'Personal Training',
  'Pilates',
  'Reiki',
  'Sleep Health',
  'Sports Nutrition',
  'Stress Management',
  'Traditional Chinese Medicine',
  'Weight Management',
  "Women's Health",
  'Yoga',
] as const

export const MAX_SPECIALTIES = 12
export const SPECIALTY_MAX_LENGTH = 60
export const BIO_MAX_LENGTH = 2000
export const TITLE_MAX_LENGTH = 100

/** The duplicate custom specialty message (title and description in one line). */
export const SPECIALTY_EXISTS = 'Specialty already exists: This specialty is already in your list'
export const TOO_MANY_SPECIALTIES = `You can list up to ${MAX_SPECIALTIES} specialties`
const EMPTY_SPECIALTY = 'Specialty cannot be empty'

const nameText = (message: string) =>
  oneLineText({ error: message }).min(1, message).max(100, 'Must be at most 100 characters')

/** Optional text: blank means "none", stored as null (a blank title must not count as filled). */
const optionalText = (max: number, label: string, text = oneLineText) =>
  text()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null))

const specialtyText = oneLineText({ error: EMPTY_SPECIALTY })
  .min(1, EMPTY_SPECIALTY)
  .max(SPECIALTY_MAX_LENGTH, `A specialty must be at most ${SPECIALTY_MAX_LENGTH} characters`)

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
  firstName: nameText('First name is required'),
  lastName: nameText('Last name is required'),
  title: optionalText(TITLE_MAX_LENGTH, 'Professional title'),
  bio: optionalText(BIO_MAX_LENGTH, 'Professional bio', multiLineText),
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
  customSpecialty: oneLineText()
    .max(SPECIALTY_MAX_LENGTH, `A specialty must be at most ${SPECIALTY_MAX_LENGTH} characters`)
    .optional(),
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
