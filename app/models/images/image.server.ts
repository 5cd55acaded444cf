import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { deleteObject, getObject, putObject } from '~/integrations/storage.server'
import { AppError } from '~/lib/errors'
import { IMAGE_WIDTHS, type ImageWidth } from '~/lib/images'
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE, NOT_AN_IMAGE } from './image'

/** The image types we accept, recognised by their first bytes (never by the name or the browser's say-so). */
const SIGNATURES: { ext: string; type: string; test: (b: Uint8Array) => boolean }[] = [
  { ext: 'jpg', type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    ext: 'png',
    type: 'image/png',
    test: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v),
  },
  { ext: 'gif', type: 'image/gif', test: (b) => String.fromCharCode(...b.slice(0, 4)) === 'GIF8' },
  {
    ext: 'webp',
    type: 'image/webp',
    test: (b) => String.fromCharCode(...b.slice(0, 4)) === 'RIFF' && String.fromCharCode(...b.slice(8, 12)) === 'WEBP',
  },
]

const TYPE_BY_EXT = Object.fromEntries(SIGNATURES.map((s) => [s.ext, s.type]))
const URL_PREFIX = '/uploads/images/'

export function sniffImage(bytes: Uint8Array) {
  return SIGNATURES.find((s) => s.test(bytes)) ?? null
}

/**
 * Stores an uploaded image and answers the URL the app serves it at. `field` names the form
 * field a refusal belongs to.
 */
export async function storeImage(file: File, field = 'profilePictureFile') {
  if (file.size > IMAGE_MAX_BYTES) throw new AppError(IMAGE_TOO_LARGE, 413, field)
  const bytes = new Uint8Array(await file.arrayBuffer())
  const kind = sniffImage(bytes)
  if (!kind) throw new AppError(NOT_AN_IMAGE, 400, field)
  const name = `${randomUUID()}.${kind.ext}`
  await putObject(`images/${name}`, bytes)
  return `${URL_PREFIX}${name}`
}

/** An image sent inline as a `data:image/...;base64,` URL, as a File to store. */
export function imageFileFromDataUrl(value: string) {
  const match = /^data:(image\/[a-z+.-]+);base64,([a-z0-9+/=\s]+)$/i.exec(value)
  if (!match) throw new AppError(NOT_AN_IMAGE, 400, 'profilePicture')
  const bytes = Buffer.from(match[2]!, 'base64')
  return new File([bytes], 'picture', { type: match[1] })
}

/** The bytes and type of an image we stored, by the file name in its URL. */
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

/** Removes an image we stored, and its resized copies, when nothing points at it any more; other URLs are left alone. */
export async function discardImage(url: string | null | undefined) {
  if (!url?.startsWith(URL_PREFIX)) return
  const name = url.slice(URL_PREFIX.length)
  const keys = [`images/${name}`, ...IMAGE_WIDTHS.map((width) => variantKey(name, width))]
  await Promise.all(
    keys.map(async (key) => {
      try {
        await deleteObject(key)
      } catch {
        // An unknown name was never ours to delete.
      }
    }),
  )
}

/*
 * Resized copies (`/uploads/images/<name>?w=320`). Only a few widths exist, so nobody can
 * fill the disk by asking for every width; each copy is made once, kept next to the
 * originals (`images-w<width>/<uuid>.webp`) and then served from there. A copy is derived
 * data: any instance can rebuild it from the original, so it is fine for a read to write it.
 */

/** Keeps even a 5MB image that decompresses to a huge canvas from exhausting memory. */
const MAX_INPUT_PIXELS = 40_000_000
const building = new Map<string, Promise<Uint8Array<ArrayBuffer> | null>>()

function variantKey(name: string, width: ImageWidth) {
  return `images-w${width}/${name.replace(/\.[a-z0-9]+$/, '')}.webp`
}

async function buildVariant(name: string, width: ImageWidth) {
  const original = await readImage(name)
  if (!original) return null
  try {
    const bytes = await sharp(original.bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer()
    const copy = new Uint8Array(bytes)
    await putObject(variantKey(name, width), copy)
    return copy
  } catch (error) {
    // A file sharp cannot decode is still a valid upload (its first bytes matched): the
    // caller falls back to the original rather than breaking the page.
    console.error(`Could not resize ${name} to ${width}px`, error)
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
