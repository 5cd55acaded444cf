// @ts-check
// What an instance does with a request when LiteFS replicates its database
// (docs/decisions/025-uploads-on-replicas.md). In production the LiteFS proxy in front already
// replays writes on the primary and makes reads wait for the writer's position; this is the
// same rule inside the app, for what the proxy lets through (the upload routes in litefs.yml's
// `passthrough`) and for any request that reaches the app by another way.
/** @import { NextFunction, Request, RequestHandler, Response } from 'express' */
import fsSync from 'node:fs'
import fs from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { getInstanceInfo } from 'litefs-js'

/** The cookie the LiteFS proxy sets after a write: the primary's position (TXID, hex). */
export const TXID_COOKIE = '__txid'

/**
 * The writes a replica takes itself, because Fly cannot replay a body over 1 MB: uploads. The
 * file goes to the bucket from here and its row is written by the primary. litefs.yml's
 * `passthrough` lists the same paths (tests/replica checks the two agree).
 */
export const REPLICA_UPLOADS = [
  { method: 'POST', path: /^\/api\/patient-profiles\/[^/]+\/documents\/?$/ },
  // The chart's upload form without JavaScript; its other forms are replayed on the primary.
  { method: 'POST', path: /^\/practitioner\/patient-charting\/?$/, query: 'upload' },
]

/** @param {{ method: string, path: string, query: Record<string, unknown> }} req */
export function isReplicaUpload(req) {
  return REPLICA_UPLOADS.some(
    (route) => route.method === req.method && route.path.test(req.path) && (!route.query || route.query in req.query),
  )
}

/**
 * The forms that may carry a picture (up to 5 MB, more than Fly replays): a replica streams
 * their writes to the primary's internal address and streams the answer back. Their rules
 * (the account's picture quota, the form's other fields) stay in one transaction on the
 * primary. litefs.yml's `passthrough` lists the same paths.
 */
export const REPLICA_FORWARDS = [
  /^\/customer-settings(\.data)?\/?$/,
  /^\/practitioner\/profile(\.data)?\/?$/,
  /^\/practitioner\/services(\.data)?\/?$/,
  /^\/api\/auth\/update-account\/?$/,
  /^\/api\/practitioners\/profile\/?$/,
  /^\/api\/services(\/[^/]+)?\/?$/,
]

/** @param {{ method: string, path: string }} req */
export function isReplicaForward(req) {
  return req.method !== 'GET' && req.method !== 'HEAD' && REPLICA_FORWARDS.some((path) => path.test(req.path))
}

/** Marks a request a replica forwarded; the primary answers it with its position after the write. */
export const FORWARDED_HEADER = 'x-solace-forwarded'
export const POSITION_HEADER = 'x-solace-replication-position'

/**
 * Where a replica reaches the primary's app: its Fly internal address (or PRIMARY_INTERNAL_URL).
 * @param {string} primaryInstance
 * @param {Record<string, string | undefined>} env
 */
export function primaryUrl(primaryInstance, env = process.env) {
  return env.PRIMARY_INTERNAL_URL ?? `http://${primaryInstance}.vm.${env.FLY_APP_NAME}.internal:${env.PORT ?? 3000}`
}

/**
 * This instance's replication position, from the `<database>-pos` file LiteFS keeps beside
 * the database (`<TXID in hex>/<checksum>`); 0 without LiteFS.
 */
export async function replicationPosition(
  litefsDir = process.env.LITEFS_DIR,
  databasePath = process.env.DATABASE_PATH,
) {
  if (!litefsDir || !databasePath) return 0
  try {
    const text = await fs.readFile(path.join(litefsDir, `${path.basename(databasePath)}-pos`), 'utf8')
    return Number.parseInt(text.split('/')[0] ?? '', 16) || 0
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return 0
    throw error
  }
}

/**
 * True on the instance that may write (the LiteFS primary). Without LiteFS (local runs, tests)
 * the only instance is the primary.
 */
export async function isPrimary(litefsDir = process.env.LITEFS_DIR) {
  if (!litefsDir) return true
  return (await getInstanceInfo(litefsDir)).currentIsPrimary
}

/** What LiteFS's `.lag` says when it has not heard from a primary at all (2^31 - 1 ms). */
const LAG_UNKNOWN_MS = 2 ** 31 - 1

/**
 * How long ago this replica last heard from the primary, in milliseconds, from the `.lag` file
 * LiteFS keeps in its mount (`+0000000120`): null where it does not say (no LiteFS, or a LiteFS
 * without the file), Infinity when it has lost the primary. Only a replica's reading means
 * anything: the primary is where the writes are.
 */
export async function replicationLagMs(litefsDir = process.env.LITEFS_DIR) {
  if (!litefsDir) return null
  let text
  try {
    text = await fs.readFile(path.join(litefsDir, '.lag'), 'utf8')
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return null
    throw error
  }
  const ms = Number.parseInt(text.trim(), 10)
  if (!Number.isFinite(ms)) return null
  return ms >= LAG_UNKNOWN_MS ? Infinity : Math.max(0, ms)
}

/**
 * Waits until this instance has replicated the primary's transaction `txid`, as the LiteFS
 * proxy does before a read; false when `timeoutMs` passed first.
 * @param {number} txid
 * @param {{ timeoutMs?: number, intervalMs?: number }} [options]
 */
export async function waitForPosition(txid, { timeoutMs = 5_000, intervalMs = 5 } = {}) {
  if (txid <= 0) return true
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if ((await replicationPosition()) >= txid) return true
    if (Date.now() >= deadline) return false
    await sleep(intervalMs)
  }
}

function positionNow() {
  const { LITEFS_DIR: dir, DATABASE_PATH: database } = process.env
  if (!dir || !database) return 0
  try {
    const text = fsSync.readFileSync(path.join(dir, `${path.basename(database)}-pos`), 'utf8')
    return Number.parseInt(text.split('/')[0] ?? '', 16) || 0
  } catch {
    return 0
  }
}

/**
 * Streams a write to the primary and its answer back, once this replica has caught up with
 * the position the primary answered with (so the page the person goes to next shows it).
 * @param {Request} req
 * @param {Response} res
 * @param {NextFunction} next
 * @param {string} primaryInstance
 */
function forward(req, res, next, primaryInstance) {
  const headers = { ...req.headers, [FORWARDED_HEADER]: '1' }
  // This instance compresses what it sends on, as for any answer.
  delete headers['accept-encoding']
  const upstream = http.request(new URL(req.originalUrl, primaryUrl(primaryInstance)), {
    method: req.method,
    headers,
  })
  upstream.on('response', async (answer) => {
    // An event listener: what fails here would be an unhandled rejection, which ends the process.
    try {
      const position = Number(answer.headers[POSITION_HEADER] ?? 0)
      delete answer.headers[POSITION_HEADER]
      await waitForPosition(position, { timeoutMs: 10_000 })
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    } catch (error) {
      answer.resume()
      next(error)
    }
  })
  upstream.on('error', next)
  req.pipe(upstream)
}

/** The TXID a `__txid` cookie asks for, or 0. */
export function requestedPosition(cookieHeader = '') {
  const hex = new RegExp(`(?:^|;\\s*)${TXID_COOKIE}=([0-9a-fA-F]{1,16})(?:;|$)`).exec(cookieHeader)?.[1]
  return hex ? Number.parseInt(hex, 16) : 0
}

/**
 * On a replica: a read waits for the position its `__txid` cookie names (else it is replayed
 * on the primary), an upload goes on, a form that may carry a picture is forwarded to the
 * primary, and any other write answers Fly's replay to the primary before its body is read.
 * The primary, and an app without LiteFS, go straight on.
 * @param {{ litefsDir?: string }} [options]
 */
export function replicaRequests({ litefsDir = process.env.LITEFS_DIR } = {}) {
  /** @type {import('express').RequestHandler} */
  const pass = (_req, _res, next) => next()
  if (!litefsDir) return pass
  /** @type {import('express').RequestHandler} */
  return async (req, res, next) => {
    try {
      const { currentIsPrimary, primaryInstance } = await getInstanceInfo(litefsDir)
      if (currentIsPrimary) {
        if (req.headers[FORWARDED_HEADER]) {
          const writeHead = res.writeHead
          res.writeHead = function (...args) {
            this.setHeader(POSITION_HEADER, String(positionNow()))
            return writeHead.apply(this, /** @type {any} */ (args))
          }
        }
        return next()
      }
      if (isReplicaForward(req)) return forward(req, res, next, primaryInstance)
      const isRead = req.method === 'GET' || req.method === 'HEAD'
      if (isRead ? await waitForPosition(requestedPosition(req.headers.cookie)) : isReplicaUpload(req)) return next()
      res.set('fly-replay', `instance=${primaryInstance}`).status(409).type('text/plain').end('Fly Replay')
    } catch (error) {
      next(error)
    }
  }
}
