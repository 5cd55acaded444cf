import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import type { ObjectStore } from './store'
import type { Readable } from 'node:stream'

export type S3Settings = {
  bucket: string
  endpoint?: string
  region: string
  accessKeyId?: string
  secretAccessKey?: string
}

function isMissing(error: unknown) {
  return error instanceof NoSuchKey || error instanceof NotFound
}

/**
 * An S3-compatible bucket (Tigris on Fly, set up by `fly storage create`). Objects are private:
 * the bucket is never read directly by browsers, every read goes through our routes. Paths are
 * path-style, which Tigris and local S3-compatible servers both take.
 */
export function s3Store(settings: S3Settings): ObjectStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: true,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  })
  const Bucket = settings.bucket

  return {
    async put(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes }))
    },
    async putStream(key, source) {
      // A multipart upload only becomes an object once it completes; a failed one is aborted.
      await new Upload({ client, params: { Bucket, Key: key, Body: source } }).done()
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }))
        // A copy in a buffer of its own (the SDK's may be a view of a shared one).
        return answer.Body ? new Uint8Array(await answer.Body.transformToByteArray()) : null
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },
    async size(key) {
      try {
        return (await client.send(new HeadObjectCommand({ Bucket, Key: key }))).ContentLength ?? null
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },
    async readRange(key, start, end) {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: `bytes=${start}-${end}` }))
      return answer.Body as Readable
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
    },
    async list(prefix) {
      const objects: { key: string; modifiedAt: Date }[] = []
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${prefix}/`, ContinuationToken }))
        for (const item of page.Contents ?? []) {
          if (item.Key && item.LastModified) objects.push({ key: item.Key, modifiedAt: item.LastModified })
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
      return objects
    },
  }
}
