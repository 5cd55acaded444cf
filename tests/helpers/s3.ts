import fs from 'node:fs'
import http from 'node:http'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { http as mswHttp, passthrough } from 'msw'
import { mockServer } from '../mocks/server'

/**
 * A real S3-compatible HTTP server on the loopback (s3rver, files in a temporary directory),
 * for the object-storage backend's tests: the AWS SDK talks to it over HTTP as it would to
 * Tigris. Nothing leaves the machine.
 */

type S3rverInstance = { callback(): http.RequestListener; configureBuckets(): Promise<void> }
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance

// s3rver ships CommonJS without types.
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass

/** The credentials s3rver checks signed requests against (local tests only). */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

export async function startS3Server(bucket: string) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'solace-s3-'))
  const instance = new S3rver({ directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] })
  await instance.configureBuckets()
  const server = http.createServer(instance.callback())
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    directory,
    /** Lets the SDK's requests reach the server past the tests' msw guard (call in beforeEach). */
    allowThroughMsw() {
      mockServer.use(mswHttp.all(`${endpoint}/*`, () => passthrough()))
    },
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}
