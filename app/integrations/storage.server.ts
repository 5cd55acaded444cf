import path from 'node:path'
import { getEnv } from '~/env.server'
import { localStore } from './storage/local.server'
import { s3Store } from './storage/s3.server'
import type { ObjectStore } from './storage/store'
import type { Readable } from 'node:stream'

/**
 * Uploaded files (docs/decisions/023-object-storage.md): in an S3-compatible bucket when
 * `BUCKET_NAME` is set (Tigris on Fly), else in a directory next to the database (on the
 * LiteFS volume in production), the embedded default. Files are never public: every read
 * goes through a route that checks who may see it.
 */

export function uploadsDir() {
  return process.env.UPLOADS_DIR ?? path.join(path.dirname(path.resolve(getEnv().DATABASE_PATH)), 'uploads')
}

let cached: { signature: string; store: ObjectStore } | undefined

/** The store the settings name (read again when they change, as tests do). */
function store(): ObjectStore {
  const env = getEnv()
  const signature = JSON.stringify([env.BUCKET_NAME, env.AWS_ENDPOINT_URL_S3, env.AWS_REGION, env.AWS_ACCESS_KEY_ID])
  if (cached?.signature !== signature) {
    cached = {
      signature,
      store: env.BUCKET_NAME
        ? s3Store({
            bucket: env.BUCKET_NAME,
            endpoint: env.AWS_ENDPOINT_URL_S3,
            region: env.AWS_REGION,
            accessKeyId: env.AWS_ACCESS_KEY_ID,
            secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
          })
        : localStore(uploadsDir),
    }
  }
  return cached.store
}

/** An uploaded file: a folder, a uuid and an extension. */
const FILE_KEY = /^[a-z0-9-]+\/[a-f0-9-]{36}\.[a-z0-9]{2,5}$/
/** A database backup, named by the hour or day it was taken (app/jobs/backups.server.ts). */
const BACKUP_KEY = /^backups\/(hourly\/\d{4}-\d{2}-\d{2}T\d{2}|daily\/\d{4}-\d{2}-\d{2})\.sqlite\.gz$/
const isKey = (key: string) => FILE_KEY.test(key) || BACKUP_KEY.test(key)

/** Keys are made by us; refuse anything else, so no input can name another object. */
function checked(key: string) {
  if (!isKey(key)) throw new Error(`Invalid storage key: ${key}`)
  return key
}

export const putObject = (key: string, bytes: Uint8Array) => store().put(checked(key), bytes)

/** Stores what `source` yields; if it fails part-way, nothing is kept under `key`. */
export async function putObjectStream(key: string, source: Readable) {
  // Until the store starts reading (after a directory or an upload exists), a failure of the
  // source would have no listener and end the process. This one lets it wait: the store then
  // fails with it.
  source.on('error', () => {})
  await store().putStream(checked(key), source)
}

export const getObject = (key: string) => store().get(checked(key))
export const objectSize = (key: string) => store().size(checked(key))
export const readObjectRange = (key: string, start: number, end: number) => store().readRange(checked(key), start, end)
export const deleteObject = (key: string) => store().delete(checked(key))

/** The objects under `prefix/` that are ours (keys we could have made), with when each was written. */
export async function listObjects(prefix: string) {
  return (await store().list(prefix)).filter((object) => isKey(object.key))
}
