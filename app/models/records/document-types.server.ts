import { Transform } from 'node:stream'
import { AppError } from '~/lib/errors'
import { DOCUMENT_CONTENT_MISMATCH, DOCUMENT_EMPTY, type DocumentExtension } from './document'

/**
 * What a document's bytes must look like for its extension (docs/decisions/020-patient-documents.md).
 * The name alone proves nothing: a renamed program is refused because it does not start like
 * the type it claims. Word and Excel files are checked as their containers (a ZIP for
 * .docx/.xlsx, an OLE compound file for .doc/.xls); text and CSV must be UTF-8 without NUL
 * bytes all the way through.
 */

const bytes = (...values: number[]) => Uint8Array.from(values)
const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0))

const ZIP = bytes(0x50, 0x4b, 0x03, 0x04)
const OLE = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)

function startsWith(head: Uint8Array, prefix: Uint8Array, at = 0) {
  return head.length >= at + prefix.length && prefix.every((value, i) => head[at + i] === value)
}

/** The leading bytes each binary type must have; `head` holds at most HEAD_BYTES. */
const SIGNATURES: Record<Exclude<DocumentExtension, 'txt' | 'csv'>, (head: Uint8Array) => boolean> = {
  jpg: (head) => startsWith(head, bytes(0xff, 0xd8, 0xff)),
  jpeg: (head) => startsWith(head, bytes(0xff, 0xd8, 0xff)),
  png: (head) => startsWith(head, bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)),
  gif: (head) => startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a')),
  webp: (head) => startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8),
  pdf: (head) => startsWith(head, ascii('%PDF-')),
  doc: (head) => startsWith(head, OLE),
  xls: (head) => startsWith(head, OLE),
  docx: (head) => startsWith(head, ZIP),
  xlsx: (head) => startsWith(head, ZIP),
}

const HEAD_BYTES = 12

const mismatch = () => new AppError(DOCUMENT_CONTENT_MISMATCH, 400, 'file')

/**
 * Passes a document's bytes through unchanged while checking them against `ext`, counting
 * them in `counted.bytes`. Fails with a 400 AppError (field `file`) when they do not match,
 * or when there are none.
 */
export function checkedContent(ext: DocumentExtension, counted: { bytes: number }) {
  if (ext === 'txt' || ext === 'csv') return checkedText(counted)
  const matches = SIGNATURES[ext]
  let head = new Uint8Array(0)
  let checked = false
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counted.bytes += chunk.byteLength
      if (checked) return done(null, chunk)
      head = Buffer.concat([head, chunk])
      if (head.length < HEAD_BYTES) return done()
      checked = true
      done(matches(head) ? null : mismatch(), head)
    },
    flush(done) {
      if (counted.bytes === 0) return done(new AppError(DOCUMENT_EMPTY, 400, 'file'))
      // A file shorter than HEAD_BYTES is checked with what there is.
      if (!checked) return done(matches(head) ? null : mismatch(), head)
      done()
    },
  })
}

function checkedText(counted: { bytes: number }) {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const check = (decode: () => string) => {
    try {
      return !decode().includes('\0')
    } catch {
      return false
    }
  }
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counted.bytes += chunk.byteLength
      done(check(() => decoder.decode(chunk, { stream: true })) ? null : mismatch(), chunk)
    },
    flush(done) {
      if (counted.bytes === 0) return done(new AppError(DOCUMENT_EMPTY, 400, 'file'))
      done(check(() => decoder.decode()) ? null : mismatch())
    },
  })
}
