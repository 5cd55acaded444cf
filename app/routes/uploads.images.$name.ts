import type { LoaderFunctionArgs } from '@remix-run/node'
import { readImage } from '~/models/image.server'

/** Serves an uploaded image. Names are random and never reused, so it can be cached for good. */
export async function loader({ params }: LoaderFunctionArgs) {
  const image = await readImage(params.name ?? '')
  if (!image) throw new Response('Not Found', { status: 404 })
  return new Response(image.bytes, {
    headers: {
      'Content-Type': image.type,
      'Content-Length': String(image.bytes.byteLength),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': 'inline',
    },
  })
}
