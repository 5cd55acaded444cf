import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { Transform, type Readable } from 'node:stream'
import { getEnv, installationSecret } from '~/env.server'
import { objectSize, putObjectStream, readObjectRange } from './storage.server'

/**
 * Patient documents at rest (docs/decisions/020-patient-documents.md): AES-256-GCM with a key
 * from DOCUMENTS_ENCRYPTION_KEY (outside production, one generated for this installation).
 * A stored object is `SLD1` (format), a random 12-byte nonce, the ciphertext, and GCM's 16-byte
 * tag. The storage key is the additional authenticated data, so an object copied over another
 * document's key fails to decrypt instead of being served as that document.
 */

const MAGIC = Buffer.from('SLD1', 'latin1')
const NONCE_BYTES = 12
const TAG_BYTES = 16
const HEADER_BYTES = MAGIC.length + NONCE_BYTES
/** What encryption adds to a file's size. */
export const ENCRYPTION_OVERHEAD = HEADER_BYTES + TAG_BYTES

/** Stored data that is not what we wrote (wrong format, key or contents). */
export class UnreadableDocumentError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'UnreadableDocumentError'
  }
}

let cachedKey: { source: string; key: Buffer } | undefined

function encryptionKey() {
  const source = getEnv().DOCUMENTS_ENCRYPTION_KEY ?? installationSecret('.documents-key')
  if (cachedKey?.source !== source) cachedKey = { source, key: Buffer.from(source, 'hex') }
  return cachedKey.key
}

/** Encrypts `plaintext` as it streams into storage under `key`. */
export async function putEncrypted(key: string, plaintext: Readable) {
  const nonce = randomBytes(NONCE_BYTES)
  const cipher = createCipheriv('aes-256-gcm', encryptionKey(), nonce).setAAD(Buffer.from(key))
  const encrypting = new Transform({
    construct(done) {
      this.push(Buffer.concat([MAGIC, nonce]))
      done()
    },
    transform(chunk: Buffer, _encoding, done) {
      done(null, cipher.update(chunk))
    },
    flush(done) {
      this.push(cipher.final())
      done(null, cipher.getAuthTag())
    },
  })
  plaintext.on('error', (error) => encrypting.destroy(error))
  await putObjectStream(key, plaintext.pipe(encrypting))
}

async function readAll(stream: Readable) {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/**
 * The plaintext of the object under `key` as a stream, with its length; null when there is no
 * such object. The tag is read first, so a tampered object fails at its end: the stream errors
 * and the download is cut short, never completed with altered bytes.
 */
export async function openDecrypted(key: string): Promise<{ stream: Readable; size: number } | null> {
  const size = await objectSize(key)
  if (size === null) return null
  // Empty documents are refused at upload, so a stored one always has a byte of ciphertext.
  if (size <= ENCRYPTION_OVERHEAD) throw new UnreadableDocumentError(`${key} is too short to be a stored document`)
  const [header, tag] = await Promise.all([
    readObjectRange(key, 0, HEADER_BYTES - 1).then(readAll),
    readObjectRange(key, size - TAG_BYTES, size - 1).then(readAll),
  ])
  if (!header.subarray(0, MAGIC.length).equals(MAGIC)) throw new UnreadableDocumentError(`${key} has an unknown format`)
  const decipher = createDecipheriv('aes-256-gcm', encryptionKey(), header.subarray(MAGIC.length))
    .setAAD(Buffer.from(key))
    .setAuthTag(tag)
  const ciphertext = await readObjectRange(key, HEADER_BYTES, size - TAG_BYTES - 1)
  ciphertext.on('error', (error) => decipher.destroy(error))
  return { stream: ciphertext.pipe(decipher), size: size - ENCRYPTION_OVERHEAD }
}
