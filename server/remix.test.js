// @ts-check
/** @import { Server } from 'node:http' */
/** @import { AddressInfo } from 'node:net' */
/** @import { RequestHandler } from 'express' */
import compression from 'compression'
import express from 'express'
import { afterEach, expect, test } from 'vitest'
import { rawRequest } from '../tests/helpers/front-door'
import { send } from './remix.js'

/** @type {Server | undefined} */
let server

afterEach(() => new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined))))

/**
 * A body in `count` small chunks, as React writes a page.
 * @param {number} count
 * @param {string} chunk
 */
function chunked(count, chunk) {
  let sent = 0
  return new ReadableStream({
    pull(controller) {
      if (sent++ < count) controller.enqueue(new TextEncoder().encode(chunk))
      else controller.close()
    },
  })
}

/**
 * Serves one answer behind the compressor, as server/app.js does, counting the writes that reach it.
 * @param {() => Response} makeResponse
 * @param {{ before?: RequestHandler }} [options]
 */
async function serve(makeResponse, { before = (_req, _res, next) => next() } = {}) {
  const seen = { writes: 0, ends: 0 }
  const app = express()
  app.use(before)
  app.use(compression())
  app.use((_req, res, next) => {
    const { write, end } = res
    Object.assign(res, {
      /** @param {unknown[]} args */
      write(...args) {
        seen.writes += 1
        return Reflect.apply(write, res, args)
      },
      /** @param {unknown[]} args */
      end(...args) {
        seen.ends += 1
        return Reflect.apply(end, res, args)
      },
    })
    next()
  })
  app.get('/', (req, res, next) => send(req, res, makeResponse()).catch(next))
  const listening = app.listen(0, '127.0.0.1')
  server = listening
  await new Promise((resolve) => listening.once('listening', resolve))
  const answer = await rawRequest(/** @type {AddressInfo} */ (listening.address()).port, { path: '/' })
  return { answer, seen }
}

test('a page reaches the compressor whole, in one write, however many chunks it was rendered in', async () => {
  const { answer, seen } = await serve(
    () => new Response(chunked(300, '<p>slot</p>'), { headers: { 'content-type': 'text/html; charset=utf-8' } }),
  )
  expect(answer.body).toBe('<p>slot</p>'.repeat(300))
  expect(seen).toEqual({ writes: 0, ends: 1 })
})

test('any other body streams through as it comes', async () => {
  const { answer, seen } = await serve(
    () => new Response(chunked(300, 'data: x\n\n'), { headers: { 'content-type': 'text/event-stream' } }),
  )
  expect(answer.body).toBe('data: x\n\n'.repeat(300))
  expect(seen.writes).toBeGreaterThanOrEqual(300)
})

test('a page answer keeps its status and headers', async () => {
  const { answer } = await serve(
    () =>
      new Response('<h1>Not found</h1>', { status: 404, headers: { 'content-type': 'text/html', 'x-kept': 'yes' } }),
  )
  expect([answer.status, answer.headers['x-kept'], answer.body]).toEqual([404, 'yes', '<h1>Not found</h1>'])
})

// Before: helmet's nosniff and the route's own were both sent ("nosniff, nosniff").
test('a header the app sets replaces the default set before it; cookies add up', async () => {
  const { answer } = await serve(
    () => {
      const headers = new Headers({ 'content-type': 'image/webp', 'x-content-type-options': 'nosniff' })
      headers.append('set-cookie', 'a=1')
      headers.append('set-cookie', 'b=2')
      return new Response('img', { headers })
    },
    {
      before: (_req, res, next) => {
        res.setHeader('X-Content-Type-Options', 'nosniff')
        res.append('Set-Cookie', 'early=0')
        next()
      },
    },
  )
  expect(answer.headers['x-content-type-options']).toBe('nosniff')
  expect(answer.headers['set-cookie']).toBe('early=0, a=1, b=2')
})
