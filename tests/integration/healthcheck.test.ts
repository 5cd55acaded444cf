import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, test } from 'vitest'
import { getEnv } from '~/env.server'
import { loader, REPLICA_MAX_LAG_MS } from '~/routes/healthcheck'
import { registry } from '../../server/metric-registry.js'
import { captureLog, LEVEL } from '../helpers/log'

/**
 * /healthcheck (fly.toml's check): whether this machine can serve. The database answers, the
 * primary can take the write lock, a replica has heard from the primary lately (LiteFS's `.lag`).
 */

async function health() {
  const answer = await loader()
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
}

afterEach(() => {
  delete process.env.LITEFS_DIR
})

describe('on the primary', () => {
  test('the database answers and the write lock can be taken: 200, with what it always said', async () => {
    expect(await health()).toEqual({
      status: 200,
      body: {
        status: 'ok',
        primary: true,
        checks: { database: 'ok', write: 'ok', replication: 'primary' },
        replication: { position: 0, lagMs: null, maxLagMs: REPLICA_MAX_LAG_MS },
      },
    })
  })

  test('another writer holding the lock past a second: 503, logged at error, counted as SQLite busy', async () => {
    const busy = async () =>
      (await registry.getSingleMetric('solace_sqlite_busy_errors_total')?.get())?.values[0]?.value ?? 0
    const before = await busy()
    const other = new Database(getEnv().DATABASE_PATH)
    other.exec('BEGIN IMMEDIATE')
    const log = captureLog()
    try {
      const { status, body } = await health()
      expect(status).toBe(503)
      expect(body).toMatchObject({ status: 'error', primary: true, checks: { database: 'ok', write: 'failed' } })
    } finally {
      other.exec('ROLLBACK')
      other.close()
    }
    expect(log.map(({ level, msg }) => ({ level, msg }))).toEqual([
      { level: LEVEL.error, msg: 'healthcheck: the write check failed' },
    ])
    expect(await busy()).toBe(before + 1)
    // Given back: the next check passes, and nothing was written.
    expect((await health()).status).toBe(200)
  })
})

describe('on a replica', () => {
  function replica(lag?: string) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solace-health-'))
    fs.writeFileSync(path.join(dir, '.primary'), 'primary-machine')
    fs.writeFileSync(
      path.join(dir, `${path.basename(getEnv().DATABASE_PATH)}-pos`),
      '000000000000002a/0000000000000000',
    )
    if (lag !== undefined) fs.writeFileSync(path.join(dir, '.lag'), lag)
    process.env.LITEFS_DIR = dir
  }

  test('no write is tried; where LiteFS says nothing of its lag, it passes as unknown', async () => {
    replica()
    expect(await health()).toEqual({
      status: 200,
      body: {
        status: 'ok',
        primary: false,
        checks: { database: 'ok', write: 'replica', replication: 'unknown' },
        replication: { position: 42, lagMs: null, maxLagMs: REPLICA_MAX_LAG_MS },
      },
    })
  })

  test('a replica that heard from the primary lately passes', async () => {
    replica('+0000000120\n')
    expect(await health()).toMatchObject({
      status: 200,
      body: { checks: { replication: 'ok' }, replication: { lagMs: 120 } },
    })
  })

  test(`one further behind than ${REPLICA_MAX_LAG_MS / 1000} s, or that lost the primary, fails`, async () => {
    replica(`+${String(REPLICA_MAX_LAG_MS + 1).padStart(10, '0')}\n`)
    expect(await health()).toMatchObject({
      status: 503,
      body: { status: 'error', checks: { replication: 'behind' }, replication: { lagMs: REPLICA_MAX_LAG_MS + 1 } },
    })
    replica('+2147483647\n')
    expect(await health()).toMatchObject({
      status: 503,
      body: { checks: { replication: 'behind' }, replication: { lagMs: null } },
    })
  })
})
