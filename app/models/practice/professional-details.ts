import { z } from 'zod'
import { PROFESSIONS } from '~/db/enums'
import { msg, type Message } from '~/lib/i18n/message'
import { multiLineText, oneLineText } from '~/lib/plain-text'
import type { Profession } from './professions'

/**
 * A practitioner's professional details (issue 44), as My Profile and PATCH
 * /api/practitioners/profile take them: the fields below are the same zod fields in both (the
 * form's schema and the API's are built from them, the API's left-out fields kept), and
 * `requireProfessionOther` is the one cross-field rule. Receipts print them; the public
 * profile shows the profession, the college and the registration number.
 */

export const DETAIL_MAX_LENGTH = 120
export const BUSINESS_ADDRESS_MAX_LENGTH = 300

export const INVALID_PROFESSION = msg('practice:profileErrors.invalidProfession')
export const PROFESSION_OTHER_REQUIRED = msg('practice:profileErrors.professionOtherRequired')
export const INVALID_GST_HST_NUMBER = msg('practice:profileErrors.invalidGstHst')
/** Removing the number while a service charges tax would leave tax collected under no number. */
export const GST_HST_IN_USE = msg('practice:profileErrors.gstHstInUse')

/** A Canada Revenue Agency business number with its GST/HST program account: 9 digits, RT, 4 digits. */
const GST_HST_PATTERN = /^\d{9}RT\d{4}$/

/** The number as it is stored: spaces (as people group it, "123456789 RT 0001") dropped, RT in capitals. */
export function normaliseGstHstNumber(text: string) {
  return text.replace(/\s+/g, '').toUpperCase()
}

/** Blank means "none" and is stored as null: the spec's client sends '' for a cleared field. */
const blankAsNull = (value: string | null | undefined) => (value ? value : null)

/** A one-line detail; `tooLong` names the field (its key in practice:profileErrors). */
const detailText = (tooLong: Message) => oneLineText().max(DETAIL_MAX_LENGTH, tooLong).nullish().transform(blankAsNull)

/**
 * The fields, each turning '', null and a missing value into null. Checked as a refine after
 * the normalising transform, not as a regex on the field: a regex would become the input's
 * `pattern` and the browser would refuse the spaces the server accepts.
 */
export const PROFESSIONAL_DETAILS_FIELDS = {
  profession: z
    .union([z.literal('').transform(() => null), z.enum(PROFESSIONS)], { error: INVALID_PROFESSION })
    .nullish()
    .transform((value): Profession | null => value ?? null),
  professionOther: detailText(msg('practice:profileErrors.professionTooLong', { max: DETAIL_MAX_LENGTH })),
  regulatoryBody: detailText(msg('practice:profileErrors.regulatoryBodyTooLong', { max: DETAIL_MAX_LENGTH })),
  registrationNumber: detailText(msg('practice:profileErrors.registrationNumberTooLong', { max: DETAIL_MAX_LENGTH })),
  businessName: detailText(msg('practice:profileErrors.businessNameTooLong', { max: DETAIL_MAX_LENGTH })),
  // A form's textarea sends \r\n; counted and stored as \n, the one line break a receipt prints.
  businessAddress: multiLineText()
    .overwrite((value) => value.replace(/\r\n/g, '\n'))
    .max(
      BUSINESS_ADDRESS_MAX_LENGTH,
      msg('practice:profileErrors.businessAddressTooLong', { max: BUSINESS_ADDRESS_MAX_LENGTH }),
    )
    .nullish()
    .transform(blankAsNull),
  gstHstNumber: oneLineText()
    .max(40, INVALID_GST_HST_NUMBER)
    .transform(normaliseGstHstNumber)
    .refine((value) => value === '' || GST_HST_PATTERN.test(value), INVALID_GST_HST_NUMBER)
    .nullish()
    .transform(blankAsNull),
}

/** The same fields for a PATCH: a left-out field keeps its saved value ('' or null clears it). */
export const PROFESSIONAL_DETAILS_PATCH_FIELDS = {
  profession: PROFESSIONAL_DETAILS_FIELDS.profession.optional(),
  professionOther: PROFESSIONAL_DETAILS_FIELDS.professionOther.optional(),
  regulatoryBody: PROFESSIONAL_DETAILS_FIELDS.regulatoryBody.optional(),
  registrationNumber: PROFESSIONAL_DETAILS_FIELDS.registrationNumber.optional(),
  businessName: PROFESSIONAL_DETAILS_FIELDS.businessName.optional(),
  businessAddress: PROFESSIONAL_DETAILS_FIELDS.businessAddress.optional(),
  gstHstNumber: PROFESSIONAL_DETAILS_FIELDS.gstHstNumber.optional(),
}

export type ProfessionalDetails = {
  profession: Profession | null
  /** Their own name for the profession, kept only when `profession` is 'other'. */
  professionOther: string | null
  regulatoryBody: string | null
  registrationNumber: string | null
  businessName: string | null
  businessAddress: string | null
  gstHstNumber: string | null
}

/** A change to them: a field left undefined keeps its saved value. */
export type ProfessionalDetailsChange = Partial<ProfessionalDetails>

export const PROFESSIONAL_DETAIL_KEYS = [
  'profession',
  'professionOther',
  'regulatoryBody',
  'registrationNumber',
  'businessName',
  'businessAddress',
  'gstHstNumber',
] as const satisfies readonly (keyof ProfessionalDetails)[]

/**
 * 'Other' needs the practitioner's own name for it. A PATCH that leaves `professionOther` out
 * keeps the saved one, which only the model can see (it checks the result again).
 */
export function requireProfessionOther(value: ProfessionalDetailsChange, ctx: z.RefinementCtx) {
  if (value.profession === 'other' && value.professionOther !== undefined && !value.professionOther) {
    ctx.addIssue({ code: 'custom', path: ['professionOther'], message: PROFESSION_OTHER_REQUIRED })
  }
}

/** The saved details as a form's starting values: '' for each one not given. */
export function detailsFormValues(details: ProfessionalDetails) {
  return Object.fromEntries(PROFESSIONAL_DETAIL_KEYS.map((key) => [key, details[key] ?? ''])) as Record<
    keyof ProfessionalDetails,
    string
  >
}
