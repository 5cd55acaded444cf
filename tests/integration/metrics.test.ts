import fs from 'node:fs'
import net, { type AddressInfo } from 'node:net'
import path from 'node:path'
import { http, passthrough } from 'msw'
import { beforeEach, expect, test } from 'vitest'
import { registry } from '../../server/metric-registry.js'
import { DEFAULT_METRICS_PORT, metricsPort, startMetricsServer } from '../../server/metrics.js'
import { captureLog, LEVEL } from '../helpers/log'
import { mockServer } from '../mocks/server'

/**
 * Prometheus metrics (server/metrics.js): at /metrics on their own port, nothing else there; every
 * metric the app defines is on the Grafana dashboard shipped in docs/, and every one the dashboard
 * reads exists. That metrics never reach the public port is checked on the production build
 * (tests/production) and by `npm run check:image`.
 */

// The modules that define the app's metrics (each where what it measures happens).
await Promise.all([
  import('~/lib/password.server'),
  import('~/lib/rate-limit.server'),
  import('~/jobs/maintenance.server'),
  import('~/integrations/email.server'),
  import('~/routes/webhooks.stripe'),
  import('~/models/sessions/video-figures.server'),
  import('../../server/request-log.js'),
  import('../../server/log.js'),
])

beforeEach(() => mockServer.use(http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough())))

test('METRICS_PORT, else fly.toml’s port in production and none in development', () => {
  expect(metricsPort({ NODE_ENV: 'production' })).toBe(DEFAULT_METRICS_PORT)
  expect(metricsPort({ NODE_ENV: 'production', METRICS_PORT: '9100' })).toBe(9100)
  expect(metricsPort({ NODE_ENV: 'production', METRICS_PORT: 'off' })).toBeNull()
  expect(metricsPort({ NODE_ENV: 'development' })).toBeNull()
  expect(metricsPort({ NODE_ENV: 'development', METRICS_PORT: '9100' })).toBe(9100)
  const flyToml = fs.readFileSync(path.resolve(import.meta.dirname, '../../fly.toml'), 'utf8')
  expect(flyToml).toMatch(new RegExp(`\\[metrics\\]\\s+port = ${DEFAULT_METRICS_PORT}\\s+path = "/metrics"`))
})

test('the metrics server answers /metrics with the app’s and Node’s metrics, and 404 to anything else', async () => {
  const server = await startMetricsServer({ port: 0, host: '127.0.0.1' })
  const { port } = server!.address() as AddressInfo
  try {
    const answer = await fetch(`http://127.0.0.1:${port}/metrics`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toContain('text/plain')
    const text = await answer.text()
    for (const name of [
      'solace_http_request_duration_seconds',
      'solace_password_hash_queue_length',
      'solace_email_outbox_depth',
      'solace_litefs_primary 1',
      'solace_litefs_replication_position 0',
      'nodejs_eventloop_lag_seconds',
      'process_resident_memory_bytes',
    ]) {
      expect(text).toContain(name)
    }
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404)
    expect((await fetch(`http://127.0.0.1:${port}/metrics/../healthcheck`)).status).toBe(404)
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404)
  } finally {
    server!.close()
  }
})

test('a port already taken is logged, and the app goes on without metrics', async () => {
  const taken = net.createServer().listen(0, '127.0.0.1')
  await new Promise((resolve) => taken.once('listening', resolve))
  const log = captureLog()
  try {
    expect(await startMetricsServer({ port: (taken.address() as AddressInfo).port, host: '127.0.0.1' })).toBeNull()
  } finally {
    taken.close()
  }
  expect(log.map(({ level }) => level)).toEqual([LEVEL.error])
  expect(log[0]!.msg).toMatch(/^metrics are not served: port \d+ could not be opened$/)
})

test('the Grafana dashboard in docs/ shows every metric of the app, and reads none that does not exist', () => {
  const dashboard = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/grafana-dashboard.json'), 'utf8')
  JSON.parse(dashboard)
  const read = new Set(
    [...dashboard.matchAll(/\b(solace_[a-z_]+?)(?:_bucket|_count|_sum)?\{/g)].map((match) => match[1]!),
  )
  const defined = registry
    .getMetricsAsArray()
    .map((metric) => (metric as unknown as { name: string }).name)
    .filter((name) => name.startsWith('solace_'))
  expect([...read].sort()).toEqual([...new Set(defined)].sort())
})
