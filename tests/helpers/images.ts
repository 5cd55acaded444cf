import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { getDb } from '~/db/client.server'
import { storedImages } from '~/db/schema'
import { uploadsDir } from '~/integrations/storage.server'

/** Pictures for upload tests, made with sharp so each is a real, decodable file. */

export function imageFile(bytes: Uint8Array, name = 'picture.png', type = 'image/png') {
  return new File([Buffer.from(bytes)], name, { type })
}

/** A solid-colour picture of any size (a solid colour compresses to almost nothing). */
export async function solidImage(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'gif' | 'webp' = 'png',
  background = '#2e8b57',
) {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background } })
      .toFormat(format)
      .toBuffer(),
  )
}

/**
 * A PNG of `width` × `height` grey pixels written from raw memory: a 12000 × 12000 one is
 * about 450 KB and takes a fraction of a second to make, the shape of a decompression bomb.
 */
export async function greyPng(width: number, height: number) {
  const raw = Buffer.alloc(width * height, 0x80)
  return new Uint8Array(
    await sharp(raw, { raw: { width, height, channels: 1 } })
      .png()
      .toBuffer(),
  )
}

/** Random pixels (seeded, so the same every run): a picture that does not compress well. */
export async function noisyPng(width: number, height: number, seed = 1) {
  const raw = Buffer.alloc(width * height * 3)
  let state = seed
  for (let i = 0; i < raw.length; i++) {
    state = (state * 1103515245 + 12345) >>> 0
    raw[i] = state >>> 24
  }
  return new Uint8Array(
    await sharp(raw, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer(),
  )
}

export const HTML_PAYLOAD = '<html><body><script>alert(document.cookie)</script></body></html>'

/** Whether bytes carry markup a browser could run (the polyglot payload, or any of it). */
export function containsMarkup(bytes: Uint8Array) {
  const text = Buffer.from(bytes).toString('latin1').toLowerCase()
  return text.includes('<html') || text.includes('<script')
}

/** A valid GIF with the HTML payload in a comment extension near its start, and again at its end. */
export async function gifHtmlPolyglot() {
  const gif = Buffer.from(await solidImage(16, 16, 'gif'))
  // Header (6 bytes), logical screen descriptor (7), then the global colour table if flagged.
  const packed = gif[10]!
  const afterColourTable = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0)
  const comment = Buffer.from(HTML_PAYLOAD, 'latin1')
  const extension = Buffer.concat([Buffer.from([0x21, 0xfe, comment.length]), comment, Buffer.from([0x00])])
  return new Uint8Array(
    Buffer.concat([gif.subarray(0, afterColourTable), extension, gif.subarray(afterColourTable), comment]),
  )
}

/** A file that starts like a GIF and is an HTML page from then on. */
export function gifHeaderHtmlPage() {
  return new Uint8Array(Buffer.from(`GIF89a${HTML_PAYLOAD}`, 'latin1'))
}

/** A valid JPEG with the HTML payload in a comment segment (COM) and again after its end. */
export async function jpegHtmlPolyglot() {
  const jpeg = Buffer.from(await solidImage(16, 16, 'jpeg'))
  const comment = Buffer.from(HTML_PAYLOAD, 'latin1')
  const segment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment])
  return new Uint8Array(Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2), comment]))
}

/** A camera-like JPEG: EXIF with a GPS position and a maker, and an orientation to apply. */
export async function jpegWithGps({ width = 60, height = 40, orientation = 1 } = {}) {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
      .withMetadata({ orientation })
      .withExifMerge({
        IFD0: { Make: 'SolaceTestCam', Model: 'Tracker 9000' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '43/1 39/1 1234/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '79/1 22/1 5678/100',
        },
      })
      .jpeg()
      .toBuffer(),
  )
}

/** Whether an EXIF block points at a GPS directory (tag 0x8825, in either byte order). */
export function exifHasGps(exif: Uint8Array | undefined) {
  if (!exif) return false
  const bytes = Buffer.from(exif)
  return bytes.includes(Buffer.from([0x25, 0x88])) || bytes.includes(Buffer.from([0x88, 0x25]))
}

/** The file an uploaded image's URL names, as stored on disk. */
export function storedImageFile(url: string) {
  return fs.readFileSync(path.join(uploadsDir(), 'images', url.replace('/uploads/images/', '')))
}

/** The ledger row of a stored image, or undefined once it is discarded. */
export function storedImageRow(url: string) {
  const name = url.replace('/uploads/images/', '')
  return getDb().select().from(storedImages).where(eq(storedImages.name, name)).get()
}

/**
 * Counts `bytes` against an account as if it had stored pictures that size (a row with no file
 * behind it), `ageMs` ago; answers the URL such a picture would have.
 */
export function recordStoredBytes(ownerId: number, bytes: number, ageMs = 0) {
  const name = `${randomUUID()}.webp`
  getDb()
    .insert(storedImages)
    .values({ name, ownerId, bytes, createdAt: new Date(Date.now() - ageMs) })
    .run()
  return `/uploads/images/${name}`
}
