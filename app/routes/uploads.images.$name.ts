import { isImageWidth, type ImageWidth } from '~/lib/images'
import { readServedImage } from '~/models/images/image.server'
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
 * Serves an uploaded image (always a copy we re-encoded, see decision 017); `?w=96|320|640|1280`
 * serves a resized WebP copy (made once, then kept). Names are random and never reused, so
 * both can be cached for good. Any other width answers 400, so the set of copies stays bounded.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const name = params.name ?? ''
  const w = new URL(request.url).searchParams.get('w')
  let width: ImageWidth | undefined
  if (w !== null) {
    const asked = Number(w)
    if (!/^\d+$/.test(w) || !isImageWidth(asked)) throw new Response('Unsupported width', { status: 400 })
    width = asked
  }
  const image = await readServedImage(name, width)
  if (!image) throw new Response('Not Found', { status: 404 })
  return imageResponse(image)
}
