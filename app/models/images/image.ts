/** Image upload rules (an image type, at most 5 MB), shared by the picker (browser) and the server. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp'
export const NOT_AN_IMAGE = 'Please select an image file'
export const IMAGE_TOO_LARGE = 'Image must be less than 5MB'

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
