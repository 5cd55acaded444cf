import { z } from 'zod'
import { SERVICE_CATEGORIES, TAX_KINDS } from '~/db/enums'
import { isOneLineText, multiLineText, oneLineText } from '~/lib/plain-text'
import { blankImageAsNull, IMAGE_DATA_URL_MAX_LENGTH, IMAGE_TOO_LARGE, NOT_AN_IMAGE } from '~/models/images/image'

/**
 * The service a practitioner edits (its fields and rules), shared by the My Services dialog (conform,
 * in the browser and in the action) and by POST/PATCH /api/services. The field rules are
 * written once in `serviceFields`; the two schemas differ only where HTML forms and JSON
 * differ (see ServiceFormSchema).
 */

export const PAID_SERVICE_NEEDS_ACCOUNT =
  'Payment provider account required: You must set up your payment provider account in Settings before creating paid services.'
export const SERVICE_HAS_BOOKINGS =
  'This service has upcoming bookings. Deactivate it instead, so clients keep their sessions.'
/** Services one practitioner can have, active or not (issue 41: no one account floods the catalogue). */
export const MAX_SERVICES = 50
export const TOO_MANY_SERVICES = `You can have at most ${MAX_SERVICES} services. Delete one you no longer offer before adding another.`

/** A line of the dialog's details box with a tab or a control character in it (said on the box itself). */
export const DETAIL_LINES_TEXT =
  'Please write each detail on a line of its own, as plain text without tabs or hidden control characters.'

/** A tax chosen by a practitioner without a GST/HST number (said on the Tax field). */
export const TAX_NEEDS_NUMBER = 'Add your GST/HST number to your profile before charging tax.'
/** A tax chosen on a service whose price is 0 (said on the Tax field). */
export const FREE_SESSION_NO_TAX = 'A free session has no tax.'

export const DEFAULT_DURATION_MINUTES = 60
export const MAX_PRICE_DOLLARS = 100_000
const MAX_DETAILS = 20

const text = (label: string, max: number, field = oneLineText) =>
  field({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)

const price = z
  .number({ error: 'Price must be a number' })
  .min(0, 'Price must be 0 or more')
  .max(MAX_PRICE_DOLLARS, `Price must be at most ${MAX_PRICE_DOLLARS}`)
  // Cents are stored as integers: a third decimal would be silently rounded away otherwise.
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Price can have at most 2 decimal places')

const duration = z
  .number({ error: 'Duration must be a number' })
  .int('Duration must be a whole number of minutes')
  .min(15, 'Duration must be at least 15 minutes')
  .max(24 * 60, 'Duration must be at most 24 hours')
  .multipleOf(5, 'Duration must be a multiple of 5 minutes')
  .default(DEFAULT_DURATION_MINUTES)

/**
 * Optional; blank means none. Only https, since the link is handed to clients to open. Optional
 * last, so the form's field is not `required` in the browser (conform reads that from here).
 */
const meetingLink = oneLineText()
  .transform((v) => v || null)
  .pipe(
    z
      .url({ protocol: /^https$/, error: 'Meeting link must be a secure https:// URL' })
      .max(500, 'Meeting link must be at most 500 characters')
      .nullable(),
  )
  .nullable()
  .optional()

export const MEETING_LINK_NEEDED = 'Add your meeting link, or hold these sessions in the Solace video room'

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
const taxKind = z.enum(TAX_KINDS, { error: 'Please select a tax' })

const detailItems = z
  .array(oneLineText().max(200, 'Each detail must be at most 200 characters'))
  .transform((items) => items.filter(Boolean))
  .pipe(z.array(z.string()).max(MAX_DETAILS, `At most ${MAX_DETAILS} details`))

const serviceFields = {
  name: text('Service name', 100),
  description: text('Description', 2000, multiLineText),
  category: z.enum(SERVICE_CATEGORIES, { error: 'Please select a category' }),
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
