import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PassThrough, Readable } from 'node:stream'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { resetEnvCache } from '~/env.server'
import { localStore } from '~/integrations/storage/local.server'
import { s3Store } from '~/integrations/storage/s3.server'
import type { ObjectStore } from '~/integrations/storage/store'
import { openDocument, uploadDocument } from '~/models/records/documents.server'
import { createPatient } from '~/models/records/patients.server'
import { createUser } from '../helpers'
import { S3_TEST_CREDENTIALS, startS3Server } from '../helpers/s3'

/**
 * Both object stores keep the same promises (docs/decisions/023-object-storage.md), checked
 * the same way: the local directory, and the S3 backend against a real S3-compatible server on
 * the loopback. Then the whole document path (encrypt, store, read back) runs on the bucket.
 */

const BUCKET = 'solace-test'
let s3: Awaited<ReturnType<typeof startS3Server>>
const localRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'solace-local-store-'))

beforeAll(async () => {
  s3 = await startS3Server(BUCKET)
})
beforeEach(() => s3.allowThroughMsw())
afterAll(async () => {
  await s3.stop()
  fs.rmSync(localRoot, { recursive: true, force: true })
})

async function readAll(stream: Readable) {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks)
}

let n = 0
const key = (folder = 'things') => `${folder}/00000000-0000-4000-8000-${String(++n).padStart(12, '0')}.bin`

const stores: [string, () => ObjectStore][] = [
  ['the local directory', () => localStore(() => localRoot)],
  [
    'an S3-compatible bucket',
    () => s3Store({ bucket: BUCKET, endpoint: s3.endpoint, region: 'auto', ...S3_TEST_CREDENTIALS }),
  ],
]

describe.each(stores)('%s', (_name, make) => {
  test('put, get, size, a byte range, delete', async () => {
    const store = make()
    const k = key()
    await store.put(k, Buffer.from('hello, object'))
    expect(Buffer.from((await store.get(k))!).toString()).toBe('hello, object')
    expect(await store.size(k)).toBe(13)
    expect((await readAll(await store.readRange(k, 7, 12))).toString()).toBe('object')
    await store.delete(k)
    expect(await store.get(k)).toBeNull()
    expect(await store.size(k)).toBeNull()
    // Deleting what is not there is not an error.
    await store.delete(k)
  })

  test('a stream of several megabytes is stored whole', async () => {
    const store = make()
    const k = key()
    const bytes = Buffer.alloc(7 * 1024 * 1024 + 3, 7)
    bytes.write('start', 0)
    await store.putStream(k, Readable.from([bytes.subarray(0, 3_000_000), bytes.subarray(3_000_000)]))
    expect(await store.size(k)).toBe(bytes.byteLength)
    expect((await readAll(await store.readRange(k, 0, 4))).toString()).toBe('start')
  })

  test('a stream that fails part-way leaves nothing under its key', async () => {
    const store = make()
    const k = key()
    const source = new PassThrough()
    const stored = store.putStream(k, source)
    source.write(Buffer.alloc(1024, 1))
    setTimeout(() => source.destroy(new Error('the client went away')), 20)
    await expect(stored).rejects.toThrow()
    expect(await store.get(k)).toBeNull()
    expect((await store.list('things')).map((o) => o.key)).not.toContain(k)
  })

  test('lists what is under a folder, with when each was written', async () => {
    const store = make()
    const [a, b] = [key('listed'), key('listed')]
    await store.put(a, Buffer.from('a'))
    await store.put(b, Buffer.from('b'))
    await store.put(key('elsewhere'), Buffer.from('c'))
    const listed = await store.list('listed')
    expect(listed.map((o) => o.key).sort()).toEqual([a, b].sort())
    for (const object of listed) expect(Date.now() - object.modifiedAt.getTime()).toBeLessThan(60_000)
  })
})

test('documents are encrypted into the bucket and read back from it when BUCKET_NAME is set', async () => {
  const saved = { ...process.env }
  Object.assign(process.env, {
    BUCKET_NAME: BUCKET,
    AWS_ENDPOINT_URL_S3: s3.endpoint,
    AWS_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
  })
  resetEnvCache()
  try {
    const practitioner = await createUser({ isPractitioner: true })
    const patient = createPatient(practitioner.id, { firstName: 'Sam', lastName: 'Bucket' })
    const form = new FormData()
    const pdf = '%PDF-1.4 kept in the bucket'
    form.append('file', new File([pdf], 'bucket.pdf'))
    const uploaded = await uploadDocument(
      practitioner.id,
      patient.id,
      new Request('http://localhost/upload', { method: 'POST', body: form }),
    )
    const listed = await s3Store({
      bucket: BUCKET,
      endpoint: s3.endpoint,
      region: 'auto',
      ...S3_TEST_CREDENTIALS,
    }).list('documents')
    expect(listed).toHaveLength(1)
    // What the bucket holds is not the file.
    const raw = fs
      .readdirSync(s3.directory, { recursive: true })
      .map((name) => path.join(s3.directory, String(name)))
      .filter((file) => fs.statSync(file).isFile())
      .map((file) => fs.readFileSync(file))
    expect(raw.some((bytes) => bytes.includes(Buffer.from('kept in the bucket')))).toBe(false)
    const opened = await openDocument(practitioner.id, uploaded.id)
    expect((await readAll(opened.stream)).toString()).toBe(pdf)
  } finally {
    process.env = saved
    resetEnvCache()
  }
})
