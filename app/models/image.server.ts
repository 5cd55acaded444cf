import { randomUUID } from 'node:crypto'
import { deleteObject, getObject, putObject } from '~/integrations/storage.server'
import { AppError } from '~/lib/errors'
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE, NOT_AN_IMAGE } from './image'

/** The image types we accept, recognised by their first bytes (never by the name or the browser's say-so). */
const SIGNATURES: { ext: string; type: string; test: (b: Uint8Array) => boolean }[] = [
  { ext: 'jpg', type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'png', type: 'image/png', test: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v) },
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

/** Stores an uploaded image and answers the URL the app serves it at. */
export async function storeImage(file: File) {
  if (file.size > IMAGE_MAX_BYTES) throw new AppError(IMAGE_TOO_LARGE, 413, 'profilePictureFile')
  const bytes = new Uint8Array(await file.arrayBuffer())
  const kind = sniffImage(bytes)
  if (!kind) throw new AppError(NOT_AN_IMAGE, 400, 'profilePictureFile')
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

/** Removes an image we stored when nothing points at it any more; other URLs are left alone. */
export async function discardImage(url: string | null | undefined) {
  if (!url?.startsWith(URL_PREFIX)) return
  try {
    await deleteObject(`images/${url.slice(URL_PREFIX.length)}`)
  } catch {
    // An unknown name was never ours to delete.
  }
}
