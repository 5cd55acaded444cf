import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { request as httpRequest } from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { http, passthrough } from 'msw'
import { afterAll, beforeEach, expect, test } from 'vitest'
import { migrateDatabase } from '../../scripts/migrate.js'
import { mockServer } from '../mocks/server'

/**
 * Stopping (server.js): on SIGINT (fly.toml's kill_signal) the server stops taking connections,
 * answers the request in flight, closes the database and exits 0 within Fly's kill_timeout.
 * The child runs server.js itself, in development mode so that no production build is needed;
 * SIGTERM takes the same path in production, but in development Vite's own SIGTERM handler
 * exits first, so only SIGINT is sent here.
 */

const ROOT = path.resolve(import.meta.dirname, '../..')
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solace-shutdown-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
beforeEach(() => mockServer.use(http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough())))

function freePort() {
  return new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

test.each(['SIGINT'] as const)(
  '%s: the request in flight is answered, then the process exits 0',
  async (signal) => {
    const database = path.join(dir, `${signal}.db`)
    migrateDatabase(database)
    const port = await freePort()
    // Without Vitest's variables: vite.config.ts leaves the Remix plugin out under Vitest.
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')))
    const child = spawn(process.execPath, ['server.js'], {
      cwd: ROOT,
      env: { ...env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', DATABASE_PATH: database },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()))
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    try {
      await expect.poll(() => out, { timeout: 30_000, interval: 100 }).toContain('listening')
      const health = await fetch(`http://127.0.0.1:${port}/healthcheck`)
      expect(await health.json()).toMatchObject({ status: 'ok', primary: true })

      // A request is under way (its body half sent) when the signal arrives; it is still answered.
      const body = JSON.stringify({ name: 'Sam', email: 'sam@example.com', subject: 'Hello', message: 'Still there?' })
      const answered = new Promise<number>((resolve, reject) => {
        const request = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/contact',
            headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
          },
          (response) => {
            response.resume()
            response.on('end', () => resolve(response.statusCode ?? 0))
          },
        )
        request.on('error', reject)
        request.write(body.slice(0, 10))
        setTimeout(() => {
          child.kill(signal)
          setTimeout(() => request.end(body.slice(10)), 300)
        }, 300)
      })
      expect(await answered).toBe(201)
      expect(await exited).toBe(0)
      expect(out).toContain('Stopped')
    } finally {
      child.kill('SIGKILL')
    }
  },
  60_000,
)
