import { isImageWidth } from '~/lib/images'
import { readImage, readImageVariant } from '~/models/images/image.server'
import type { LoaderFunctionArgs } from '@remix-run/node'

const HEADERS = {
  'Cache-Control': 'public, max-age=31536000, immutable',
  'X-Content-Type-Options': 'nosniff',
  'Content-Disposition': 'inline',
}

function imageResponse(image: { bytes: Uint8Array<ArrayBuffer>; type: string }) {
  return new Response(image.bytes, {
    headers: { ...HEADERS, 'Content-Type': image.type, 'Content-Length': String(image.bytes.byteLength) },
  })
}

/**
 * Serves an uploaded image; `?w=96|320|640|1280` serves a resized WebP copy (made once, then
 * kept). Names are random and never reused, so both can be cached for good. Any other width
 * answers 400, so the set of copies stays bounded.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const name = params.name ?? ''
  const w = new URL(request.url).searchParams.get('w')
  if (w !== null) {
    const width = Number(w)
    if (!/^\d+$/.test(w) || !isImageWidth(width)) throw new Response('Unsupported width', { status: 400 })
    const copy = await readImageVariant(name, width)
    if (copy) return imageResponse(copy)
  }
  // No width asked, or a copy could not be made from a valid original: the original itself.
  const image = await readImage(name)
  if (!image) throw new Response('Not Found', { status: 404 })
  return imageResponse(image)
}
