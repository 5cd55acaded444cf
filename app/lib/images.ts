/**
 * Resized copies of uploaded images (served by /uploads/images/:name?w=). Only these widths
 * exist, so the server keeps a bounded number of copies per image.
 */
export const IMAGE_WIDTHS = [96, 320, 640, 1280] as const
export type ImageWidth = (typeof IMAGE_WIDTHS)[number]

const UPLOADED = '/uploads/images/'

export function isImageWidth(value: number): value is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(value)
}

/**
 * The URL to show an image at about this width: uploaded images get their resized copy;
 * static pictures and anything else are used as they are.
 */
export function imageUrlFor<T extends string | null | undefined>(url: T, width: ImageWidth): T | string {
  if (!url?.startsWith(UPLOADED) || url.includes('?')) return url
  return `${url}?w=${width}`
}
