import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { resetEnvCache } from '~/env.server'
import { listObjects, putObject } from '~/integrations/storage.server'
import { backUpDatabase, restoreDrill } from '~/jobs/backups.server'
import { createUser } from '../helpers'
import { S3_TEST_CREDENTIALS, startS3Server } from '../helpers/s3'

/**
 * Backups and the restore drill (docs/decisions/024-backups-and-restore-drill.md), end to end
 * against a real S3-compatible server on the loopback, as with a bucket in production: rolling
 * names, the keeping times, and a restore of the newest backup that passes its checks.
 */

const BUCKET = 'solace-backups-test'
let s3: Awaited<ReturnType<typeof startS3Server>>
const saved = { ...process.env }

beforeAll(async () => {
  s3 = await startS3Server(BUCKET)
  Object.assign(process.env, {
    BUCKET_NAME: BUCKET,
    AWS_ENDPOINT_URL_S3: s3.endpoint,
    AWS_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
  })
  resetEnvCache()
})
beforeEach(() => s3.allowThroughMsw())
afterAll(async () => {
  process.env = saved
  resetEnvCache()
  await s3.stop()
})

const keys = async (kind: 'hourly' | 'daily') => (await listObjects(`backups/${kind}`)).map((o) => o.key).sort()

test('an hourly and a daily backup, kept 2 days and 30 days, and a drill that restores the newest', async () => {
  await expect(restoreDrill()).rejects.toThrow(/no backup/)
  await createUser({ firstName: 'Backed', lastName: 'Up' })

  const day = new Date('2026-11-20T09:30:00Z')
  expect(await backUpDatabase(day)).toEqual([
    'backups/hourly/2026-11-20T09.sqlite.gz',
    'backups/daily/2026-11-20.sqlite.gz',
  ])
  // Later the same day: a new hourly copy, the day's copy is kept as it was.
  expect(await backUpDatabase(new Date('2026-11-20T10:05:00Z'))).toEqual(['backups/hourly/2026-11-20T10.sqlite.gz'])
  // Old ones that must go: an hourly from 3 days before, a daily from 31 days before.
  await putObject('backups/hourly/2026-11-19T08.sqlite.gz', new Uint8Array([1]))
  await putObject('backups/daily/2026-10-22.sqlite.gz', new Uint8Array([1]))
  await putObject('backups/daily/2026-10-25.sqlite.gz', new Uint8Array([1]))
  // Two days after 10:00 on the 20th: the 09:00 copy is past its 48 hours, the 10:00 one just not.
  await backUpDatabase(new Date('2026-11-22T10:00:00Z'))
  expect(await keys('hourly')).toEqual([
    'backups/hourly/2026-11-20T10.sqlite.gz',
    'backups/hourly/2026-11-22T10.sqlite.gz',
  ])
  expect(await keys('daily')).toEqual([
    'backups/daily/2026-10-25.sqlite.gz',
    'backups/daily/2026-11-20.sqlite.gz',
    'backups/daily/2026-11-22.sqlite.gz',
  ])

  await createUser({ firstName: 'After', lastName: 'Backup' })
  const report = await restoreDrill()
  expect(report).toMatchObject({ backup: 'backups/hourly/2026-11-22T10.sqlite.gz', integrity: 'ok', ok: true })
  const users = report.tables.find((t) => t.table === 'users')!
  // The live database has moved on by one user since the backup.
  expect(users.live).toBe(users.backup + 1)
  expect(report.tables.map((t) => t.table)).toContain('patient_documents')
})

test('a corrupt newest backup fails the drill', async () => {
  await putObject('backups/hourly/2026-11-22T23.sqlite.gz', new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]))
  await expect(restoreDrill()).rejects.toThrow()
})

test('npm run db:restore-drill prints the report and exits 0 on a sound backup', async () => {
  await backUpDatabase(new Date('2026-11-23T01:00:00Z'))
  const root = path.resolve(import.meta.dirname, '../..')
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'app/cli/db-backups.ts', 'restore-drill'],
    { cwd: root },
  )
  expect(stdout).toContain('Restored backups/hourly/2026-11-23T01.sqlite.gz')
  expect(stdout).toContain('PRAGMA integrity_check: ok')
  expect(stdout).toContain('The restore drill passed.')
})
