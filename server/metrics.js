// @ts-check
// The metrics server: Prometheus's text at /metrics on a port of its own, never the public one
// (docs/decisions/040-operations-you-can-see.md). On Fly, fly.toml's [metrics] names that port and
// path, and Fly's managed Prometheus scrapes it over the private network. Also the metrics only
// the server knows: LiteFS's role and position, and the render cache's size. The app's own
// metrics are made where they happen (app/lib/metrics.server.ts, server/request-log.js,
// server/log.js). Only server.js's side imports this file, never the app.
import http from 'node:http'
import client from 'prom-client'
import { isPrimary, replicationLagMs, replicationPosition } from './litefs.js'
import { log } from './log.js'
import { gauge, registry } from './metric-registry.js'

/** fly.toml's `[metrics] port`: where production serves metrics unless METRICS_PORT says otherwise. */
export const DEFAULT_METRICS_PORT = 9091
/** fly.toml's `[metrics] path`. */
export const METRICS_PATH = '/metrics'

/**
 * The port metrics are served on, or null for none: METRICS_PORT (a port, or `off`); else
 * fly.toml's in production and none in development. app/env.server.ts validates METRICS_PORT.
 * @param {Record<string, string | undefined>} env
 */
export function metricsPort(env) {
  if (env.METRICS_PORT === 'off') return null
  if (env.METRICS_PORT) return Number(env.METRICS_PORT)
  return env.NODE_ENV === 'production' ? DEFAULT_METRICS_PORT : null
}

gauge({
  name: 'solace_litefs_primary',
  help: 'Whether this instance is the LiteFS primary, the one that writes (1), or a replica (0); 1 without LiteFS',
  async collect() {
    this.set((await isPrimary()) ? 1 : 0)
  },
})

gauge({
  name: 'solace_litefs_replication_position',
  help: "This instance's replication position: the TXID of the last transaction it holds (0 without LiteFS)",
  async collect() {
    this.set(await replicationPosition())
  },
})

gauge({
  name: 'solace_litefs_replication_lag_seconds',
  help: "How long since this replica last heard from the primary, from LiteFS's .lag file (+Inf: not at all); absent on the primary and where LiteFS does not say",
  async collect() {
    this.reset()
    const lag = (await isPrimary()) ? null : await replicationLagMs()
    if (lag !== null) this.set(lag / 1000)
  },
})

/** The render cache being measured (server/app.js hands it over): the one server.js serves with. */
let renderCache = /** @type {{ readonly calculatedSize: number, readonly size: number } | null} */ (null)

/** @param {{ readonly calculatedSize: number, readonly size: number }} cache the render cache's LRU */
export function measureRenderCache(cache) {
  renderCache = cache
}

gauge({
  name: 'solace_render_cache_bytes',
  help: 'Bytes of pages the render cache keeps (each page plain and gzipped), at most 24 MB',
  collect() {
    this.set(renderCache?.calculatedSize ?? 0)
  },
})

gauge({
  name: 'solace_render_cache_pages',
  help: 'Pages the render cache keeps',
  collect() {
    this.set(renderCache?.size ?? 0)
  },
})

/** The per-person render cache being measured (decision 054): signed-in pages kept for their session. */
let personalRenderCache = /** @type {{ readonly calculatedSize: number, readonly size: number } | null} */ (null)

/** @param {{ readonly calculatedSize: number, readonly size: number }} cache the per-person render cache's LRU */
export function measurePersonalRenderCache(cache) {
  personalRenderCache = cache
}

gauge({
  name: 'solace_personal_render_cache_bytes',
  help: 'Bytes of signed-in pages kept for their own session (each page plain and gzipped), at most 16 MB',
  collect() {
    this.set(personalRenderCache?.calculatedSize ?? 0)
  },
})

gauge({
  name: 'solace_personal_render_cache_pages',
  help: 'Signed-in pages kept for their own session',
  collect() {
    this.set(personalRenderCache?.size ?? 0)
  },
})

/**
 * Serves the registry's metrics (with Node's own: event-loop lag, memory, GC, handles) at
 * /metrics on `port`, and 404 for anything else. A port already taken is logged and the app
 * serves on without metrics: they are for watching it, not for serving people.
 * @param {{ port: number, host?: string }} options `host` unset listens on every interface
 *   (IPv6 and IPv4), which is how Fly reaches it over its private network.
 * @returns {Promise<http.Server | null>}
 */
export function startMetricsServer({ port, host }) {
  if (!registry.getSingleMetric('process_cpu_seconds_total')) client.collectDefaultMetrics({ register: registry })
  const server = http.createServer(async (req, res) => {
    const path = (req.url ?? '').split('?')[0]
    if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found')
      return
    }
    try {
      const text = await registry.metrics()
      res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' })
      res.end(req.method === 'HEAD' ? undefined : text)
    } catch (error) {
      log.error({ err: error }, 'the metrics could not be collected')
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end('The metrics could not be collected.')
    }
  })
  return new Promise((resolve) => {
    server.once('error', (error) => {
      log.error({ err: error, port }, `metrics are not served: port ${port} could not be opened`)
      resolve(null)
    })
    server.listen(port, host, () => {
      log.info({ port }, `metrics on http://${host ?? 'localhost'}:${port}${METRICS_PATH}`)
      resolve(server)
    })
  })
}
