/** Image upload rules (an image type, at most 5 MB), shared by the picker (browser) and the server. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp'
export const NOT_AN_IMAGE = 'Please select an image file'
export const IMAGE_TOO_LARGE = 'Image must be less than 5MB'

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
