import { z } from 'zod'
import { msg } from '~/lib/i18n/message'
import { oneLineText } from '~/lib/plain-text'

/**
 * Patient documents, the client-safe half: the texts, the limits, the types we accept and how
 * a size reads. Storing, reading and deleting are in documents.server.ts
 * (docs/decisions/020-patient-documents.md).
 */

/** The largest document, in bytes (10 MB). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024
/** All of one practitioner's documents together (issue 41: no account fills the storage). */
export const DOCUMENT_STORAGE_MAX_BYTES = 2 * 1024 * 1024 * 1024
export const DOCUMENT_STORAGE_FULL = msg('records:errors.documentStorageFull')

/* Texts (spec §8 "Patient screens" for the toasts, §2 for the upload area): catalogue keys. */

export const DOCUMENT_UPLOADED = msg('records:toasts.documentUploaded')
export const DOCUMENT_DELETED = msg('records:toasts.documentDeleted')
export const DOCUMENT_UPLOAD_FAILED = msg('records:errors.documentUploadFailed')
export const DOCUMENT_NOT_FOUND = msg('records:errors.documentNotFound')
export const DOCUMENT_REQUIRED = msg('records:errors.documentRequired')
export const DOCUMENT_TOO_LARGE = msg('records:errors.documentTooLarge')
export const DOCUMENT_EMPTY = msg('records:errors.documentEmpty')
export const DOCUMENT_TYPE_NOT_ALLOWED = msg('records:errors.documentTypeNotAllowed')
export const DOCUMENT_CONTENT_MISMATCH = msg('records:errors.documentContentMismatch')

export const DESCRIPTION_MAX_LENGTH = 500

/**
 * The accepted kinds by extension, with the type a download is served as. The stored type is
 * this one, never what the browser said. Which leading bytes each must start with is in
 * document-types.server.ts.
 */
export const DOCUMENT_TYPES = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
} as const

export type DocumentExtension = keyof typeof DOCUMENT_TYPES

/** The file input's `accept`: the browser's picker offers only these. */
export const DOCUMENT_ACCEPT = Object.keys(DOCUMENT_TYPES)
  .map((ext) => `.${ext}`)
  .join(',')

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase()
}

export function isDocumentExtension(ext: string): ext is DocumentExtension {
  return Object.hasOwn(DOCUMENT_TYPES, ext)
}

/** The optional description sent with an upload ('' means none). */
export const DocumentDescriptionSchema = z.object({
  description: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    oneLineText()
      .max(DESCRIPTION_MAX_LENGTH, msg('records:errors.descriptionTooLong', { max: DESCRIPTION_MAX_LENGTH }))
      .optional(),
  ),
})

/** A document as the model answers it: never where or under which name it is stored. */
export type PatientDocument = {
  id: number
  patientProfileId: number
  practitionerId: number
  originalName: string
  fileType: string
  fileSize: number
  description: string | null
  createdAt: string
}

const UNITS = ['bytes', 'kb', 'mb', 'gb'] as const

export type FileSizeUnit = (typeof UNITS)[number]

/**
 * A size in the largest unit under 1024, with at most two decimals: 1536 is 1.5 'kb'. The
 * screens word it in their language (`formatFileSize` in chart-format.server.ts).
 */
export function fileSize(bytes: number): { amount: number; unit: FileSizeUnit } {
  if (!Number.isFinite(bytes) || bytes <= 0) return { amount: 0, unit: 'bytes' }
  const unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1)
  return { amount: Number((bytes / 1024 ** unit).toFixed(2)), unit: UNITS[unit]! }
}

/** What the list's icon shows for a stored type. */
export type DocumentKind = 'image' | 'pdf' | 'word' | 'spreadsheet' | 'text'

export function documentKind(fileType: string): DocumentKind {
  if (fileType.startsWith('image/')) return 'image'
  if (fileType === 'application/pdf') return 'pdf'
  if (fileType.includes('word')) return 'word'
  if (fileType.includes('excel') || fileType.includes('spreadsheet') || fileType.startsWith('text/csv')) {
    return 'spreadsheet'
  }
  return 'text'
}

const NAME_MAX_LENGTH = 200

/**
 * The name a document is listed and downloaded under: the sender's name without any folder,
 * control or direction-changing characters, or leading dots, at most 200 characters with its
 * extension kept. Answers '' when nothing usable is left.
 */
export function sanitizeFileName(name: string) {
  const base = name.normalize('NFC').split(/[/\\]/).pop() ?? ''
  const cleaned = base
    // Control characters, lone surrogates, and the bidi marks that can make 'exe.pdf' read as 'fdp.exe'.
    .replace(/[\p{Cc}\p{Cs}\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|\s+$/g, '')
  if (cleaned.length <= NAME_MAX_LENGTH) return cleaned
  const ext = extensionOf(cleaned)
  const keep = ext ? `.${ext}` : ''
  return `${[...cleaned.slice(0, cleaned.length - keep.length)]
    .slice(0, NAME_MAX_LENGTH - keep.length)
    .join('')
    .trimEnd()}${keep}`
}
