/**
 * `npm run bench -- --sign-in-flood`: is sign-in still fair while one address floods it?
 *
 * Starts the production build on a copy of the demo database with the real limits
 * (RATE_LIMIT_FACTOR 1), the real password hashing cost and production's NODE_OPTIONS, behind
 * a stand-in for Fly's proxy (TRUST_FLY_CLIENT_IP, so `Fly-Client-IP` names each client's
 * address). For `--duration` seconds (default 15) one address sends, on `--connections` (60)
 * connections at once, anonymous posts of the kinds that once shut everyone else out: sign-ins
 * to its own account with the right password, and new passwords with made-up reset tokens.
 * Meanwhile another address signs in to another account every half second, and the bench
 * prints how long those sign-ins took and what the flood was answered
 * (docs/decisions/015-password-hashing-and-login-limits.md).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { startProductionServer } from './production-server'

const root = path.resolve(import.meta.dirname, '..')
const dataDir = path.join(root, 'bench/.data')
const port = 3392
const base = `http://127.0.0.1:${port}`
const DEMO_PASSWORD = 'Solace-demo-2026'
const FLOODER = '203.0.113.66'
const PERSON = '198.51.100.7'

type Options = { duration: number; connections: number; buildDir: string; nodeOptions: string }

function form(fields: Record<string, string>) {
  return new URLSearchParams(fields).toString()
}

async function post(pathname: string, body: string, address: string) {
  const started = performance.now()
  const response = await fetch(`${base}${pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'fly-client-ip': address },
    body,
  })
  await response.arrayBuffer()
  return { status: response.status, ms: performance.now() - started }
}

const signIn = (email: string, address: string) => post('/login', form({ email, password: DEMO_PASSWORD }), address)

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

export async function signInFlood({ duration, connections, buildDir, nodeOptions }: Options) {
  const seeded = path.join(dataDir, 'sign-in-demo.db')
  if (!fs.existsSync(seeded)) {
    fs.mkdirSync(dataDir, { recursive: true })
    const seed = spawnSync('npm', ['run', 'db:seed'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, DATABASE_PATH: seeded },
    })
    if (seed.status !== 0) throw new Error('seeding the demo database failed')
  }
  // A fresh copy each run: the flood's sessions and counters start from nothing.
  const database = path.join(dataDir, 'sign-in-run.db')
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${database}${suffix}`, { force: true })
  fs.copyFileSync(seeded, database)

  const server = await startProductionServer({
    port,
    database,
    buildDir,
    env: { TRUST_FLY_CLIENT_IP: 'true', RATE_LIMIT_FACTOR: '1', NODE_OPTIONS: nodeOptions },
  })
  try {
    // One sign-in alone first: what a sign-in costs on this machine with nothing else going on.
    const alone = await signIn('practitioner@solace.test', PERSON)
    if (alone.status !== 302) throw new Error(`the demo practitioner could not sign in (${alone.status})`)

    const flood = new Map<string, number>()
    const person: { status: number; ms: number }[] = []
    const until = Date.now() + duration * 1000
    const flooders = Array.from({ length: connections }, async (_, i) => {
      for (let n = 0; Date.now() < until; n++) {
        const answer =
          (i + n) % 2
            ? await signIn('client@solace.test', FLOODER)
            : await post(
                '/reset-password',
                form({ token: `made-up-${i}-${n}`, newPassword: 'flooding-1234', confirmPassword: 'flooding-1234' }),
                FLOODER,
              )
        const kind = `${(i + n) % 2 ? 'sign-in' : 'reset'} ${answer.status}`
        flood.set(kind, (flood.get(kind) ?? 0) + 1)
      }
    })
    const someoneElse = (async () => {
      await sleep(1000) // the flood under way first
      while (Date.now() < until) {
        person.push(await signIn('practitioner@solace.test', PERSON))
        await sleep(500)
      }
    })()
    await Promise.all([...flooders, someoneElse])

    const times = person.map((p) => p.ms).sort((a, b) => a - b)
    const statuses = [...new Set(person.map((p) => p.status))].join(', ')
    console.log(`\nSign-in flood: ${duration}s, ${connections} connections from one address, against the demo data`)
    console.log(`${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`)
    console.log(`NODE_OPTIONS="${nodeOptions}", build ${buildDir}/\n`)
    console.log(`A sign-in alone: ${alone.ms.toFixed(0)} ms`)
    console.log(
      `Sign-ins from another address during the flood (${person.length}, answered ${statuses}): ` +
        `median ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, ` +
        `worst ${times.at(-1)?.toFixed(0)} ms`,
    )
    console.log('The flood was answered:')
    for (const [kind, count] of [...flood].sort()) console.log(`  ${kind.padEnd(12)} ${count}`)
  } finally {
    await server.stop()
  }
}
