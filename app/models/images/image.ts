/** Spec §5 image upload rules, shared by the picker (browser) and the server. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp'
export const NOT_AN_IMAGE = 'Please select an image file'
export const IMAGE_TOO_LARGE = 'Image must be less than 5MB'
