import type { Readable } from 'node:stream'

/**
 * Where uploaded files are kept (docs/decisions/023-object-storage.md): a directory on this
 * machine's disk, or an S3-compatible bucket. Both keep an object whole or not at all: a write
 * that fails part-way leaves nothing under its key.
 */
export type ObjectStore = {
  put(key: string, bytes: Uint8Array): Promise<void>
  /** Stores what `source` yields; if it fails part-way, nothing is kept under `key`. */
  putStream(key: string, source: Readable): Promise<void>
  /** The whole object, or null when there is none. */
  get(key: string): Promise<Uint8Array<ArrayBuffer> | null>
  /** The stored size in bytes, or null when there is no such object. */
  size(key: string): Promise<number | null>
  /** Bytes `start` to `end` (inclusive) of an object, as a stream. */
  readRange(key: string, start: number, end: number): Promise<Readable>
  delete(key: string): Promise<void>
  /** The objects under `prefix/`, with when each was last written. */
  list(prefix: string): Promise<{ key: string; modifiedAt: Date }[]>
}
