/** Image upload rules (an image type, at most 5 MB), shared by the picker (browser) and the server. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp'
export const NOT_AN_IMAGE = 'Please select an image file'
export const IMAGE_TOO_LARGE = 'Image must be less than 5MB'
/**
 * A file that calls itself a picture (its name, its type) whose bytes are not one: a text
 * file renamed `.png`, say. 'Please select an image file' would puzzle someone who did.
 */
export const NOT_REALLY_AN_IMAGE =
  'This file is not really an image, whatever its name says. Please choose a JPEG, PNG, GIF or WebP picture'

/**
 * The image types we accept, recognised by their first bytes (never by the name or the
 * browser's say-so). Here, not on the server only, so the picker refuses a fake at once.
 */
export const IMAGE_SIGNATURES: { ext: string; type: string; test: (b: Uint8Array) => boolean }[] = [
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

/** How many of a file's first bytes `sniffImage` needs. */
export const IMAGE_SIGNATURE_BYTES = 12

/** The accepted type a file's first bytes say it is, or null. */
export function sniffImage(bytes: Uint8Array) {
  return IMAGE_SIGNATURES.find((s) => s.test(bytes)) ?? null
}

/** The refusal for a file whose bytes are not an image: the spec's text unless it claims to be one. */
export function notAnImageMessage(declaredType: string) {
  return declaredType.startsWith('image/') ? NOT_REALLY_AN_IMAGE : NOT_AN_IMAGE
}

/**
 * The largest picture we decode: 8000 pixels on a side and 40 megapixels in all (a 24 MP
 * camera photo fits). Checked from the file's header before any pixel is decoded, so a small
 * file that would decompress to a huge canvas costs nothing.
 */
export const IMAGE_MAX_SIDE = 8000
export const IMAGE_MAX_PIXELS = 40_000_000
export const IMAGE_TOO_MANY_PIXELS = 'Image must be at most 8000 × 8000 pixels and 40 megapixels'
/** Starts like an image but does not decode (corrupt, truncated, or not really a picture). */
export const IMAGE_UNREADABLE = 'This image could not be read. Please try another file'

/** What one account may keep in uploaded pictures (their profile photo and each service's). */
export const IMAGE_STORAGE_PER_ACCOUNT = 50 * 1024 * 1024
export const IMAGE_STORAGE_FULL =
  'Your pictures use all of your 50 MB of image storage. Remove or replace a picture before adding another'

/** The longest inline picture a JSON body may carry: 5 MB as base64 (4/3), plus its `data:` prefix. */
export const IMAGE_DATA_URL_MAX_LENGTH = 7_100_000

/**
 * An image field of a JSON body, as the spec's client sends it: removing the picture clears
 * the value to '', which means no image, the
 * same as null. Applied in the API schemas, so every model sees null.
 */
export function blankImageAsNull<T extends string | null | undefined>(value: T): Exclude<T, ''> | null {
  return value === '' ? null : (value as Exclude<T, ''>)
}
