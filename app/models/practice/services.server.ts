import { and, count, desc, eq, gt, inArray } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { bookings, services, timeSlots } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { dollarsToCents } from '~/lib/money'
import type { PublicUser } from '~/models/accounts/user'
import { taxNameOf } from '~/models/billing/price-lines'
import type { TaxKind } from '~/models/billing/tax'
import { NOT_AN_IMAGE } from '~/models/images/image'
import { discardImage, imageFileFromDataUrl, storeImage } from '~/models/images/image.server'
import { SERVICE_NOT_FOUND } from '~/models/marketplace/service'
import { hasGstHstNumber } from './professional-details.server'
import {
  FREE_SESSION_NO_TAX,
  MAX_SERVICES,
  PAID_SERVICE_NEEDS_ACCOUNT,
  SERVICE_HAS_BOOKINGS,
  TAX_NEEDS_NUMBER,
  TOO_MANY_SERVICES,
  type OwnService,
  type ServiceInput,
} from './service-form'
import { refreshWeeklySlots } from './weekly-hours.server'

/**
 * A practitioner's own services (My Services and POST/PATCH/DELETE /api/services).
 * Every function is scoped by the owner: another practitioner's id looks exactly like a
 * missing one (404). `is_listed` is never written here; database triggers keep it.
 */

type Owner = Pick<PublicUser, 'id' | 'hasPaymentAccount'>
type Row = typeof services.$inferSelect

/** The field the dialog's picture errors belong to. */
const IMAGE_FIELD = 'imageFile'

function toOwnService(row: Row): OwnService {
  return {
    id: row.id,
    practitionerId: row.practitionerId,
    name: row.name,
    description: row.description,
    descriptionLanguage: row.descriptionLanguage,
    descriptionTranslation: row.descriptionTranslation,
    category: row.category,
    price: row.priceCents / 100,
    duration: row.durationMinutes,
    imageUrl: row.imageUrl,
    meetingLink: row.meetingLink,
    useOwnMeetingLink: row.useOwnMeetingLink,
    details: row.details,
    isActive: row.isActive,
    isFreeIntro: row.isFreeIntro,
    taxKind: row.taxKind,
    taxName: taxNameOf(row.taxKind),
    rating: row.rating,
    reviewCount: row.reviewCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** All of the practitioner's services, active or not, newest first. */
export function listOwnServices(practitionerId: number): OwnService[] {
  return getDb()
    .select()
    .from(services)
    .where(eq(services.practitionerId, practitionerId))
    .orderBy(desc(services.createdAt), desc(services.id))
    .all()
    .map(toOwnService)
}

function ownRow(practitionerId: number, id: number) {
  return getDb()
    .select()
    .from(services)
    .where(and(eq(services.id, id), eq(services.practitionerId, practitionerId)))
    .get()
}

/** One of the practitioner's services, or null (someone else's looks missing too). */
export function getOwnService(practitionerId: number, id: number): OwnService | null {
  const row = ownRow(practitionerId, id)
  return row ? toOwnService(row) : null
}

function requireOwnRow(practitionerId: number, id: number) {
  const row = ownRow(practitionerId, id)
  if (!row) throw new AppError(SERVICE_NOT_FOUND, 404)
  return row
}

/** Paid services are charged through the practitioner's connected account, so they need one. */
function assertCanCharge(owner: Owner, priceCents: number) {
  if (priceCents > 0 && !owner.hasPaymentAccount) throw new AppError(PAID_SERVICE_NEEDS_ACCOUNT, 400, 'price')
}

/**
 * The tax the service will charge (issue 44). Chosen (the form always chooses; the API when it
 * sends `taxKind`): a tax needs the practitioner's GST/HST number, and a free session has none.
 * Left out (the spec's client never sends it): none on a new service, the service's own on an
 * edit, except that a service made free drops its tax, since the API client could not say so.
 */
function resolveTaxKind(ownerId: number, chosen: TaxKind | undefined, current: TaxKind, priceCents: number): TaxKind {
  if (chosen === undefined) return priceCents === 0 ? 'none' : current
  if (chosen === 'none') return chosen
  if (priceCents === 0) throw new AppError(FREE_SESSION_NO_TAX, 400, 'taxKind')
  if (!hasGstHstNumber(ownerId)) throw new AppError(TAX_NEEDS_NUMBER, 400, 'taxKind')
  return chosen
}

type ImagePlan = { kind: 'keep' } | { kind: 'set'; url: string | null } | { kind: 'store'; file: File }

/**
 * What the submission asks for the picture. An uploaded file wins; the form's "remove" box
 * clears it; the API's imageUrl is checked here against the row, because only the row knows
 * which uploaded file is this service's own.
 */
function imagePlan(input: ServiceInput, file: File | undefined, currentUrl: string | null): ImagePlan {
  if (file) return { kind: 'store', file }
  if ('removeImage' in input && input.removeImage) return { kind: 'set', url: null }
  const url = 'imageUrl' in input ? input.imageUrl : undefined
  if (url === undefined || url === currentUrl) return { kind: 'keep' }
  if (url === null || url.startsWith('/images/')) return { kind: 'set', url }
  if (url.startsWith('data:')) return { kind: 'store', file: imageFileFromDataUrl(url) }
  throw new AppError(NOT_AN_IMAGE, 400, IMAGE_FIELD)
}

/**
 * Stores a new picture when there is one, counted against the owner (the one it replaces
 * counts as freed); answers the URL to write (undefined: leave as is).
 */
async function resolveImage(plan: ImagePlan, ownerId: number, replaces: string | null = null) {
  if (plan.kind === 'keep') return undefined
  if (plan.kind === 'set') return plan.url
  return storeImage(plan.file, { ownerId, field: IMAGE_FIELD, replaces })
}

function columns(input: ServiceInput) {
  return {
    name: input.name,
    description: input.description,
    // Left out (the API's spec client), a new service's description is English without a
    // translation, and an edit keeps what the service had.
    ...(input.descriptionLanguage === undefined ? {} : { descriptionLanguage: input.descriptionLanguage }),
    ...(input.descriptionTranslation === undefined ? {} : { descriptionTranslation: input.descriptionTranslation }),
    category: input.category,
    priceCents: dollarsToCents(input.price),
    durationMinutes: input.duration,
    // Blank or left out: none (a form's emptied field arrives as nothing at all).
    meetingLink: input.meetingLink ?? null,
    // Left out (the API's spec client), an edit keeps the service's choice.
    ...(input.useOwnMeetingLink === undefined ? {} : { useOwnMeetingLink: input.useOwnMeetingLink }),
    details: input.details,
    isActive: input.isActive,
    isFreeIntro: input.isFreeIntro,
  }
}

/**
 * Runs a write that points the row at a freshly stored picture; if the write fails, the new
 * file is removed again so no orphan is left behind.
 */
async function writeWithImage<T>(newUrl: string | null | undefined, stored: boolean, write: () => T) {
  try {
    return write()
  } catch (error) {
    if (stored) await discardImage(newUrl)
    throw error
  }
}

/** Refuses a service past MAX_SERVICES: checked before a picture is stored, and again with the insert. */
function assertRoomForService(db: Db | Tx, practitionerId: number) {
  const n = db.select({ n: count() }).from(services).where(eq(services.practitionerId, practitionerId)).get()?.n ?? 0
  if (n >= MAX_SERVICES) throw new AppError(TOO_MANY_SERVICES, 409)
}

export async function createService(owner: Owner, input: ServiceInput, image?: File) {
  const values = columns(input)
  assertCanCharge(owner, values.priceCents)
  const taxKind = resolveTaxKind(owner.id, input.taxKind, 'none', values.priceCents)
  assertRoomForService(getDb(), owner.id)
  const plan = imagePlan(input, image, null)
  const imageUrl = (await resolveImage(plan, owner.id)) ?? null
  const row = await writeWithImage(imageUrl, plan.kind === 'store', () =>
    getDb().transaction(
      (tx) => {
        assertRoomForService(tx, owner.id)
        return tx
          .insert(services)
          .values({ ...values, taxKind, practitionerId: owner.id, imageUrl })
          .returning()
          .get()
      },
      { behavior: 'immediate' },
    ),
  )
  return toOwnService(row)
}

/**
 * Changes a service. Bookings already made keep their own copy of what was bought (name,
 * duration, amounts), so nothing here reaches them. The payment gate applies when a free
 * service becomes paid; a paid service stays editable even if the account went away.
 */
export async function updateService(owner: Owner, id: number, input: ServiceInput, image?: File) {
  const before = requireOwnRow(owner.id, id)
  const values = columns(input)
  if (before.priceCents === 0) assertCanCharge(owner, values.priceCents)
  const taxKind = resolveTaxKind(owner.id, input.taxKind, before.taxKind, values.priceCents)
  const plan = imagePlan(input, image, before.imageUrl)
  const imageUrl = await resolveImage(plan, owner.id, before.imageUrl)
  const row = await writeWithImage(imageUrl, plan.kind === 'store', () =>
    getDb()
      .update(services)
      .set({ ...values, taxKind, ...(imageUrl !== undefined ? { imageUrl } : {}), updatedAt: new Date() })
      .where(and(eq(services.id, id), eq(services.practitionerId, owner.id)))
      .returning()
      .get(),
  )
  if (!row) throw new AppError(SERVICE_NOT_FOUND, 404)
  // Weekly hours offer active services only, for their duration unless a length was set.
  if (row.isActive !== before.isActive || row.durationMinutes !== before.durationMinutes) refreshWeeklySlots(owner.id)
  // The old file goes only once the row no longer points at it.
  if (imageUrl !== undefined && imageUrl !== before.imageUrl) await discardImage(before.imageUrl)
  return toOwnService(row)
}

/**
 * Deletes a service, refused while it has sessions to come (pending or confirmed and not
 * started), so no client loses a booked, possibly paid, session. Its open future slots go
 * with it; past slots and bookings stay (their service reference cleared by the schema) for
 * the history and the money records. The check and the delete are one IMMEDIATE
 * transaction, so a booking cannot slip in between.
 */
export async function deleteService(owner: Pick<PublicUser, 'id'>, id: number) {
  const now = new Date()
  const imageUrl = getDb().transaction(
    (tx) => {
      const row = tx
        .select({ imageUrl: services.imageUrl })
        .from(services)
        .where(and(eq(services.id, id), eq(services.practitionerId, owner.id)))
        .get()
      if (!row) throw new AppError(SERVICE_NOT_FOUND, 404)
      const upcoming = tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            eq(bookings.serviceId, id),
            inArray(bookings.status, ['pending', 'confirmed']),
            gt(bookings.startTime, now),
          ),
        )
        .get()
      if (upcoming) throw new AppError(SERVICE_HAS_BOOKINGS, 409)
      tx.delete(timeSlots)
        .where(and(eq(timeSlots.serviceId, id), eq(timeSlots.isBooked, false), gt(timeSlots.startTime, now)))
        .run()
      tx.delete(services).where(eq(services.id, id)).run()
      return row.imageUrl
    },
    { behavior: 'immediate' },
  )
  await discardImage(imageUrl)
}
