import { z } from 'zod'
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
export const DOCUMENT_STORAGE_FULL =
  'Your documents together have reached 2 GB, the most an account can keep. Delete documents you no longer need before uploading another.'

/* Texts (spec §8 "Patient screens" for the toasts, §2 for the upload area). */

export const DOCUMENT_UPLOADED = 'Document uploaded successfully'
export const DOCUMENT_DELETED = 'Document deleted successfully'
export const DOCUMENT_UPLOAD_FAILED = 'Failed to upload document'
export const DOCUMENT_NOT_FOUND = 'Document not found'
export const DOCUMENT_SUPPORTS = 'Supports: Images, PDF, Word docs, Excel files (max 10MB)'
export const DOCUMENT_REQUIRED = 'Choose a file to upload'
export const DOCUMENT_TOO_LARGE = 'The file is larger than 10MB. Choose a smaller file.'
export const DOCUMENT_EMPTY = 'The file is empty'
export const DOCUMENT_TYPE_NOT_ALLOWED =
  'This type of file is not accepted. Upload an image (JPEG, PNG, GIF, WebP), a PDF, a Word or Excel document, or a text or CSV file.'
export const DOCUMENT_CONTENT_MISMATCH = "This file's contents do not match its type, so it was not uploaded."
export const DOCUMENTS_EMPTY = 'No documents uploaded yet'

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
      .max(DESCRIPTION_MAX_LENGTH, `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters`)
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

const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const

/** '0 Bytes', '512 Bytes', '1.5 KB', '9.77 MB': at most two decimals, in the largest unit under 1024. */
export function formatFileSize(bytes: number) {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes'
  const unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1)
  return `${Number((bytes / 1024 ** unit).toFixed(2))} ${UNITS[unit]}`
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
