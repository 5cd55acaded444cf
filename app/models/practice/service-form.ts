import { z } from 'zod'
import { SERVICE_CATEGORIES, TAX_KINDS } from '~/db/enums'
import { LANGUAGES, type Language } from '~/lib/i18n/languages'
import { msg, type Message } from '~/lib/i18n/message'
import { isOneLineText, multiLineText, oneLineText } from '~/lib/plain-text'
import { blankImageAsNull, IMAGE_DATA_URL_MAX_LENGTH, IMAGE_TOO_LARGE, NOT_AN_IMAGE } from '~/models/images/image'

/**
 * The service a practitioner edits (its fields and rules), shared by the My Services dialog (conform,
 * in the browser and in the action) and by POST/PATCH /api/services. The field rules are
 * written once in `serviceFields`; the two schemas differ only where HTML forms and JSON
 * differ (see ServiceFormSchema).
 */

export const PAID_SERVICE_NEEDS_ACCOUNT = msg('practice:serviceErrors.paidNeedsAccount')
export const SERVICE_HAS_BOOKINGS = msg('practice:serviceErrors.hasBookings')
/** Services one practitioner can have, active or not (issue 41: no one account floods the catalogue). */
export const MAX_SERVICES = 50
export const TOO_MANY_SERVICES = msg('practice:serviceErrors.tooMany', { max: MAX_SERVICES })

/** A line of the dialog's details box with a tab or a control character in it (said on the box itself). */
export const DETAIL_LINES_TEXT = msg('practice:serviceErrors.detailLines')

/** A tax chosen by a practitioner without a GST/HST number (said on the Tax field). */
export const TAX_NEEDS_NUMBER = msg('practice:serviceErrors.taxNeedsNumber')
/** A tax chosen on a service whose price is 0 (said on the Tax field). */
export const FREE_SESSION_NO_TAX = msg('practice:serviceErrors.freeNoTax')

export const DEFAULT_DURATION_MINUTES = 60
export const MAX_PRICE_DOLLARS = 100_000
const MAX_DETAILS = 20
/** The description's length, and its text in the other language's. */
export const DESCRIPTION_MAX_LENGTH = 2000

const text = (required: Message, tooLong: Message, max: number, field = oneLineText) =>
  field({ error: required }).min(1, required).max(max, tooLong)

const price = z
  .number({ error: msg('practice:serviceErrors.priceNumber') })
  .min(0, msg('practice:serviceErrors.priceMin'))
  .max(MAX_PRICE_DOLLARS, msg('practice:serviceErrors.priceMax', { max: MAX_PRICE_DOLLARS }))
  // Cents are stored as integers: a third decimal would be silently rounded away otherwise.
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, msg('practice:serviceErrors.priceDecimals'))

const duration = z
  .number({ error: msg('practice:serviceErrors.durationNumber') })
  .int(msg('practice:serviceErrors.durationWhole'))
  .min(15, msg('practice:serviceErrors.durationMin'))
  .max(24 * 60, msg('practice:serviceErrors.durationMax'))
  .multipleOf(5, msg('practice:serviceErrors.durationStep'))
  .default(DEFAULT_DURATION_MINUTES)

/**
 * Optional; blank means none. Only https, since the link is handed to clients to open. Optional
 * last, so the form's field is not `required` in the browser (conform reads that from here).
 */
const meetingLink = oneLineText()
  .transform((v) => v || null)
  .pipe(
    z
      .url({ protocol: /^https$/, error: msg('practice:serviceErrors.meetingLinkHttps') })
      .max(500, msg('practice:serviceErrors.meetingLinkTooLong'))
      .nullable(),
  )
  .nullable()
  .optional()

export const MEETING_LINK_NEEDED = msg('practice:serviceErrors.meetingLinkNeeded')

/** Own meeting link chosen, but none given: said on the link's field. */
function requireLinkWhenChosen(
  service: { useOwnMeetingLink?: boolean; meetingLink?: string | null },
  ctx: z.RefinementCtx,
) {
  if (service.useOwnMeetingLink && !service.meetingLink) {
    ctx.addIssue({ code: 'custom', path: ['meetingLink'], message: MEETING_LINK_NEEDED })
  }
}

/**
 * The sales tax the practitioner says applies on top of the price (issue 44; the rules that
 * need the practitioner and the price are the model's, services.server.ts).
 */
const taxKind = z.enum(TAX_KINDS, { error: msg('practice:serviceErrors.tax') })

const detailItems = z
  .array(oneLineText().max(200, msg('practice:serviceErrors.detailTooLong')))
  .transform((items) => items.filter(Boolean))
  .pipe(z.array(z.string()).max(MAX_DETAILS, msg('practice:serviceErrors.tooManyDetails', { max: MAX_DETAILS })))

/**
 * The language the description is written in (decision 052): readers of the other language are
 * shown `descriptionTranslation` when there is one.
 */
const descriptionLanguage = z.enum(LANGUAGES, { error: msg('practice:serviceErrors.descriptionLanguage') })

/**
 * The same description in the other language: optional, with the description's own rules (plain
 * text over several lines, at most DESCRIPTION_MAX_LENGTH). Blank is none.
 */
const descriptionTranslation = multiLineText().max(
  DESCRIPTION_MAX_LENGTH,
  msg('practice:serviceErrors.translationTooLong', { max: DESCRIPTION_MAX_LENGTH }),
)

const serviceFields = {
  name: text(msg('practice:serviceErrors.nameRequired'), msg('practice:serviceErrors.nameTooLong', { max: 100 }), 100),
  description: text(
    msg('practice:serviceErrors.descriptionRequired'),
    msg('practice:serviceErrors.descriptionTooLong', { max: DESCRIPTION_MAX_LENGTH }),
    DESCRIPTION_MAX_LENGTH,
    multiLineText,
  ),
  category: z.enum(SERVICE_CATEGORIES, { error: msg('practice:serviceErrors.category') }),
  price,
  duration,
  meetingLink,
}

/**
 * What an API client may put in `imageUrl`: null or '' (no picture: the spec's client clears
 * the picker to ''), a static picture of ours ('/images/...'), the picture the service
 * already has ('/uploads/images/...', checked by the model against the row, so nobody can
 * point at, and later delete, another account's file), or a new picture inline as an image
 * `data:` URL, which the server checks and stores as a file.
 */
const imageUrl = z
  .union(
    [
      z.null(),
      z.literal('').transform(blankImageAsNull),
      z.string().regex(/^\/(uploads\/)?images\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/, NOT_AN_IMAGE),
      z
        .string()
        .regex(/^data:image\//, NOT_AN_IMAGE)
        .max(IMAGE_DATA_URL_MAX_LENGTH, IMAGE_TOO_LARGE),
    ],
    { error: NOT_AN_IMAGE },
  )
  .optional()

/** POST/PATCH /api/services: JSON with the spec's defaults for what is left out. */
export const ServiceApiSchema = z
  .object({
    ...serviceFields,
    details: detailItems.default([]),
    imageUrl,
    isActive: z.boolean().default(true),
    isFreeIntro: z.boolean().default(false),
    /**
     * Sessions at the practitioner's own `meetingLink` instead of the Solace video room (the
     * default). Left out, a new service uses the room and an edited one keeps its choice: the
     * spec's client never sends it.
     */
    useOwnMeetingLink: z.boolean().optional(),
    /** Left out (the spec's client never sends it): none on a new service, unchanged on an edit. */
    taxKind: taxKind.optional(),
    /** Left out: English on a new service, unchanged on an edit. */
    descriptionLanguage: descriptionLanguage.optional(),
    /** Left out: none on a new service, unchanged on an edit; '' or null clears it. */
    descriptionTranslation: descriptionTranslation
      .transform((v) => v || null)
      .nullable()
      .optional(),
  })
  .superRefine(requireLinkWhenChosen)

/**
 * The dialog form. Details come from a textarea, one per line. The two boxes default to
 * false here because an unticked checkbox sends nothing at all: the form itself shows
 * Active ticked for a new service, so the spec's default still holds on screen. The picture
 * is a file upload, or the "remove" box.
 */
export const ServiceFormSchema = z
  .object({
    ...serviceFields,
    details: z
      .string()
      .optional()
      // Each line is a detail, one line of plain text. Said here, on the box, where the form shows
      // it: a message about one item of the list below would have no field of its own.
      .refine((v) => (v ?? '').split(/\r?\n/).every(isOneLineText), { error: DETAIL_LINES_TEXT, abort: true })
      // Blank lines are dropped here, before the list rules: conform's coercion would otherwise
      // read an empty line as a missing value.
      .transform((v) =>
        (v ?? '')
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean),
      )
      .pipe(detailItems),
    isActive: z.boolean().default(false),
    isFreeIntro: z.boolean().default(false),
    imageFile: z.instanceof(File).optional(),
    removeImage: z.boolean().default(false),
    /** The "Where sessions are held" choice: its own-link radio sends `on`, the room's nothing. */
    useOwnMeetingLink: z.boolean().default(false),
    /** The Tax select always sends its value; none is its first option. */
    taxKind: taxKind.default('none'),
    /** The language select always sends its value; English is the first option. */
    descriptionLanguage: descriptionLanguage.default('en'),
    /**
     * Always sent: an emptied box arrives as nothing at all (conform's coercion), which clears the
     * translation. Optional last, so the box is not `required` in the browser.
     */
    descriptionTranslation: descriptionTranslation.optional().transform((v) => v || null),
  })
  .superRefine(requireLinkWhenChosen)

/** What the model takes from either schema. */
export type ServiceInput = z.output<typeof ServiceApiSchema> | z.output<typeof ServiceFormSchema>

/** A service as its owner sees and edits it (money in dollars, like the API). */
export type OwnService = {
  id: number
  practitionerId: number
  name: string
  description: string
  /** The language `description` is in, and the same text in the other language (null: none). */
  descriptionLanguage: Language
  descriptionTranslation: string | null
  category: (typeof SERVICE_CATEGORIES)[number]
  price: number
  duration: number
  imageUrl: string | null
  meetingLink: string | null
  /** Sessions are held at `meetingLink` rather than in the Solace video room. */
  useOwnMeetingLink: boolean
  details: string[]
  isActive: boolean
  isFreeIntro: boolean
  /** The tax added to the price (none by default), and its name (null without tax). */
  taxKind: (typeof TAX_KINDS)[number]
  taxName: string | null
  rating: number
  reviewCount: number
  createdAt: string
  updatedAt: string
}
