import { randomUUID } from 'node:crypto'
import { and, eq, lt, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { services, storedImages, users } from '~/db/schema'
import { deleteObject, getObject, putObject } from '~/integrations/storage.server'
import { AppError } from '~/lib/errors'
import { announceExpensiveStep } from '~/lib/expensive-steps.server'
import { IMAGE_WIDTHS, type ImageWidth } from '~/lib/images'
import { log, logLine } from '~/lib/log.server'
import {
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  IMAGE_MAX_SIDE,
  IMAGE_SIGNATURES,
  IMAGE_STORAGE_FULL,
  IMAGE_STORAGE_PER_ACCOUNT,
  IMAGE_TOO_LARGE,
  IMAGE_TOO_MANY_PIXELS,
  IMAGE_UNREADABLE,
  NOT_AN_IMAGE,
  notAnImageMessage,
  sniffImage,
} from './image'

/*
 * Uploaded pictures (docs/decisions/017-images.md). What is stored is never the bytes as
 * sent: every upload is decoded, checked for size in pixels, scaled down and re-encoded as a
 * WebP without metadata, so a file that is also HTML (a polyglot), a decompression bomb or a
 * photo's GPS position never reaches storage or another person's browser. Each stored file
 * has a `stored_images` row (owner, bytes), which is what the per-account cap counts.
 */

/** Stored files keep their extension; files stored before decision 017 may be jpg, png or gif. */
const TYPE_BY_EXT = Object.fromEntries(IMAGE_SIGNATURES.map((s) => [s.ext, s.type]))
const URL_PREFIX = '/uploads/images/'
/** What sharp must recognise the decoded file as: the same four types, never SVG, TIFF or HEIF. */
const DECODABLE = new Set(['jpeg', 'png', 'gif', 'webp'])
/** The long side of what we store: sharp enough for a full-width picture, small on disk. */
const STORED_MAX_SIDE = 2048
const WEBP_QUALITY = 85
/** A stored picture no row has pointed at for this long was left behind by a failed or racing save. */
const ORPHAN_AGE_MS = 60 * 60 * 1000

/*
 * Decoding takes memory and a thread of libuv's small pool (which password hashing shares),
 * so at most two pictures are decoded at once; the rest wait their turn.
 */
const DECODE_SLOTS = 2
let decoding = 0
const waiting: (() => void)[] = []

async function withDecodeSlot<T>(work: () => Promise<T>) {
  if (decoding < DECODE_SLOTS) decoding++
  else await new Promise<void>((resolve) => waiting.push(resolve))
  try {
    return await work()
  } finally {
    // The slot passes straight to the next in line, or is given back.
    const next = waiting.shift()
    if (next) next()
    else decoding--
  }
}

/**
 * A decoder that refuses, from the header alone, a canvas over the pixel cap (so a small file
 * that would decompress to gigabytes costs nothing), and refuses corrupt or truncated data
 * instead of storing a half-grey picture. Warnings (common in camera files) are accepted.
 * Only the first frame of an animation is read.
 */
function decoder(bytes: Uint8Array) {
  return sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
}

function decodeRefusal(error: unknown, field: string) {
  if (error instanceof Error && /pixel limit/i.test(error.message)) {
    return new AppError(IMAGE_TOO_MANY_PIXELS, 413, field)
  }
  return new AppError(IMAGE_UNREADABLE, 400, field)
}

/** The picture as we keep it: upright, at most 2048 px on its long side, WebP, no metadata. */
async function reencode(bytes: Uint8Array, field: string) {
  // An upload's decode is the expensive step a request can repeat; a resized copy is made once
  // per picture and width, whoever asks, so it is not (see `readImageVariant`).
  announceExpensiveStep('image decode')
  const metadata = await decoder(bytes)
    .metadata()
    .catch((error: unknown) => {
      throw decodeRefusal(error, field)
    })
  if (!DECODABLE.has(metadata.format)) throw new AppError(NOT_AN_IMAGE, 400, field)
  const { width, height } = metadata
  if (!width || !height) throw new AppError(IMAGE_UNREADABLE, 400, field)
  if (Math.max(width, height) > IMAGE_MAX_SIDE || width * height > IMAGE_MAX_PIXELS) {
    throw new AppError(IMAGE_TOO_MANY_PIXELS, 413, field)
  }
  try {
    // sharp writes no metadata unless asked: EXIF (with any GPS position), XMP, ICC and
    // comments are all left behind, and only decoded pixels are encoded again.
    const encoded = await decoder(bytes)
      .autoOrient()
      .resize({ width: STORED_MAX_SIDE, height: STORED_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer()
    return new Uint8Array(encoded)
  } catch (error) {
    throw decodeRefusal(error, field)
  }
}

/* The per-account ledger: one `stored_images` row per stored original. */

function usedBytes(db: Db | Tx, ownerId: number) {
  const row = db
    .select({ total: sql<number>`coalesce(sum(${storedImages.bytes}), 0)` })
    .from(storedImages)
    .where(eq(storedImages.ownerId, ownerId))
    .get()
  return row?.total ?? 0
}

function storedName(url: string | null | undefined) {
  return url?.startsWith(URL_PREFIX) ? url.slice(URL_PREFIX.length) : null
}

/** The bytes a replaced picture gives back: only the owner's own stored picture counts. */
function bytesFreedBy(db: Db | Tx, ownerId: number, replaces: string | null | undefined) {
  const name = storedName(replaces)
  if (!name) return 0
  const row = db
    .select({ bytes: storedImages.bytes })
    .from(storedImages)
    .where(and(eq(storedImages.name, name), eq(storedImages.ownerId, ownerId)))
    .get()
  return row?.bytes ?? 0
}

function roomLeft(db: Db | Tx, ownerId: number, replaces: string | null | undefined) {
  return IMAGE_STORAGE_PER_ACCOUNT - usedBytes(db, ownerId) + bytesFreedBy(db, ownerId, replaces)
}

/**
 * Counts a new picture against its owner, or answers false when it would take them past the
 * cap. Check and insert are one IMMEDIATE transaction, so two uploads at once cannot both
 * take the last free megabytes.
 */
function tryReserve(ownerId: number, name: string, bytes: number, replaces: string | null | undefined) {
  return getDb().transaction(
    (tx) => {
      if (roomLeft(tx, ownerId, replaces) < bytes) return false
      tx.insert(storedImages).values({ name, ownerId, bytes }).run()
      return true
    },
    { behavior: 'immediate' },
  )
}

/**
 * Discards the owner's stored pictures that neither their profile nor any of their services
 * points at and that are over an hour old: left behind when a save failed after its upload,
 * or when two saves of one form raced. Run only when a picture would be refused, so an
 * account is never kept full by files nobody sees.
 */
async function reclaimOrphans(ownerId: number) {
  const db = getDb()
  const old = db
    .select({ name: storedImages.name })
    .from(storedImages)
    .where(and(eq(storedImages.ownerId, ownerId), lt(storedImages.createdAt, new Date(Date.now() - ORPHAN_AGE_MS))))
    .all()
  if (!old.length) return
  const inUse = new Set([
    db.select({ url: users.profileImageUrl }).from(users).where(eq(users.id, ownerId)).get()?.url,
    ...db
      .select({ url: services.imageUrl })
      .from(services)
      .where(eq(services.practitionerId, ownerId))
      .all()
      .map((row) => row.url),
  ])
  const orphans = old.filter((row) => !inUse.has(`${URL_PREFIX}${row.name}`))
  await Promise.all(orphans.map((row) => discardImage(`${URL_PREFIX}${row.name}`)))
}

export type StoreImageOptions = {
  /** The account whose storage the picture counts against. */
  ownerId: number
  /** The form field a refusal belongs to. */
  field?: string
  /**
   * The picture this one replaces (the URL the row holds now). Its bytes count as free, since
   * the caller discards it once the row points at the new one; without it, an account at its
   * cap could not swap one picture for another.
   */
  replaces?: string | null
}

/**
 * Checks an uploaded image, stores a re-encoded copy counted against its owner, and answers
 * the URL the app serves it at. Refused: over 5 MB, not a JPEG, PNG, GIF or WebP, corrupt,
 * over the pixel cap, or more than the owner's storage has room for.
 */
export async function storeImage(file: File, { ownerId, field = 'profilePictureFile', replaces }: StoreImageOptions) {
  if (file.size > IMAGE_MAX_BYTES) throw new AppError(IMAGE_TOO_LARGE, 413, field)
  const full = new AppError(IMAGE_STORAGE_FULL, 413, field)
  // A full account is refused before any decoding work.
  if (roomLeft(getDb(), ownerId, replaces) <= 0) {
    await reclaimOrphans(ownerId)
    if (roomLeft(getDb(), ownerId, replaces) <= 0) throw full
  }
  const bytes = new Uint8Array(await file.arrayBuffer())
  if (!sniffImage(bytes)) throw new AppError(notAnImageMessage(file.type), 400, field)
  const encoded = await withDecodeSlot(() => reencode(bytes, field))
  const name = `${randomUUID()}.webp`
  if (!tryReserve(ownerId, name, encoded.byteLength, replaces)) {
    await reclaimOrphans(ownerId)
    if (!tryReserve(ownerId, name, encoded.byteLength, replaces)) throw full
  }
  try {
    await putObject(`images/${name}`, encoded)
  } catch (error) {
    getDb().delete(storedImages).where(eq(storedImages.name, name)).run()
    throw error
  }
  return `${URL_PREFIX}${name}`
}

/**
 * The URLs of every picture stored for an account, shown or not. Account deletion discards
 * them all: the ledger rows go with the user row, so a file missed then would never be found.
 */
export function storedImageUrls(ownerId: number) {
  return getDb()
    .select({ name: storedImages.name })
    .from(storedImages)
    .where(eq(storedImages.ownerId, ownerId))
    .all()
    .map((row) => `${URL_PREFIX}${row.name}`)
}

/** The bytes of pictures an account has stored now (what the cap is checked against). */
export function storedImageBytes(ownerId: number) {
  return usedBytes(getDb(), ownerId)
}

/** An image sent inline as a `data:image/...;base64,` URL, as a File to store. */
export function imageFileFromDataUrl(value: string) {
  const match = /^data:(image\/[a-z+.-]+);base64,([a-z0-9+/=\s]+)$/i.exec(value)
  if (!match) throw new AppError(NOT_AN_IMAGE, 400, 'profilePicture')
  const bytes = Buffer.from(match[2]!, 'base64')
  return new File([bytes], 'picture', { type: match[1] })
}

/** The bytes and type of a file we stored, by the file name in its URL. */
export async function readImage(name: string) {
  const ext = name.split('.').pop() ?? ''
  const type = TYPE_BY_EXT[ext]
  if (!type) return null
  try {
    const bytes = await getObject(`images/${name}`)
    return bytes ? { bytes, type } : null
  } catch {
    return null
  }
}

/**
 * Removes an image we stored, its resized copies and its ledger row (giving its bytes back to
 * its owner), once nothing points at it any more; other URLs are left alone.
 */
export async function discardImage(url: string | null | undefined) {
  const name = storedName(url)
  if (!name) return
  try {
    await deleteObject(`images/${name}`)
  } catch {
    // An unknown name was never ours to delete.
    return
  }
  try {
    getDb().delete(storedImages).where(eq(storedImages.name, name)).run()
  } catch (error) {
    // The file is gone; a row left behind only over-counts until the orphan sweep frees it.
    log.error({ err: error }, logLine`Could not release the storage of ${name}`)
  }
  await Promise.all(IMAGE_WIDTHS.map((width) => deleteObject(variantKey(name, width)).catch(() => undefined)))
}

/*
 * Resized copies (`/uploads/images/<name>?w=320`). Only a few widths exist, so nobody can
 * fill the disk by asking for every width; each copy is made once, kept next to the
 * originals (`images-w<width>/<uuid>.webp`) and then served from there. A copy is derived
 * data: any instance can rebuild it from the original, so it is fine for a read to write it.
 * Copies are not counted against the owner: at most four per picture, each smaller than it.
 */

const building = new Map<string, Promise<Uint8Array<ArrayBuffer> | null>>()

function variantKey(name: string, width: ImageWidth) {
  return `images-w${width}/${name.replace(/\.[a-z0-9]+$/, '')}.webp`
}

async function buildVariant(name: string, width: ImageWidth) {
  const original = await readImage(name)
  if (!original) return null
  try {
    const bytes = await withDecodeSlot(() =>
      decoder(original.bytes).autoOrient().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
    )
    const copy = new Uint8Array(bytes)
    await putObject(variantKey(name, width), copy)
    return copy
  } catch (error) {
    // Only a file stored before decision 017 can fail here (ours were decoded on upload).
    log.error({ err: error }, logLine`Could not resize ${name} to ${width}px`)
    return null
  }
}

/**
 * The copy of a stored image at this width (WebP, aspect kept, never enlarged), made on
 * first request; null when the original is unknown or cannot be resized. Concurrent first
 * requests share one build, so a half-written copy is never served.
 */
export async function readImageVariant(name: string, width: ImageWidth) {
  if (!TYPE_BY_EXT[name.split('.').pop() ?? '']) return null
  let key: string
  try {
    key = variantKey(name, width)
    const cached = await getObject(key)
    if (cached) return { bytes: cached, type: 'image/webp' }
  } catch {
    return null
  }
  let pending = building.get(key)
  if (!pending) {
    pending = buildVariant(name, width).finally(() => building.delete(key))
    building.set(key, pending)
  }
  const bytes = await pending
  return bytes ? { bytes, type: 'image/webp' } : null
}

const LARGEST_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!

/**
 * What `/uploads/images/<name>[?w=]` serves: the copy at that width when one is asked for,
 * else our re-encoded original. A file without a ledger row was stored as sent, before
 * decision 017, so it is only ever served as a re-encoded copy (the largest when no width is
 * asked), never as the bytes someone uploaded.
 */
export async function readServedImage(name: string, width?: ImageWidth) {
  if (!TYPE_BY_EXT[name.split('.').pop() ?? '']) return null
  const copy = width ? await readImageVariant(name, width) : null
  if (copy) return copy
  const ours = getDb().select({ name: storedImages.name }).from(storedImages).where(eq(storedImages.name, name)).get()
  if (ours) return readImage(name)
  return width ? null : readImageVariant(name, LARGEST_WIDTH)
}
