import { Readable } from 'node:stream'
import contentDisposition from 'content-disposition'
import { ensurePrimary } from '~/integrations/litefs.server'
import { openDocument } from './documents.server'

/**
 * A document as the browser receives it: always a download (never shown in the page, so a
 * file cannot run as our site), under its original name (RFC 6266 with an RFC 5987 UTF-8
 * name), as the type we stored, never sniffed, never cached. Downloading writes the access
 * trail, so on a LiteFS replica the request is replayed on the primary.
 */
export async function documentDownload(practitionerId: number, documentId: number) {
  await ensurePrimary()
  const { document, stream, size } = await openDocument(practitionerId, documentId)
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': document.fileType,
      'Content-Length': String(size),
      'Content-Disposition': contentDisposition(document.originalName, {
        type: 'attachment',
        // Header bytes past ASCII are read differently by each browser: the plain name is
        // ASCII only, and the exact one goes in filename* (RFC 5987).
        fallback: document.originalName.replace(/[^\x20-\x7e]/g, '_'),
      }),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  })
}
