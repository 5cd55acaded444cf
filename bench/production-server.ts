import { spawn } from 'node:child_process'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

const root = path.resolve(import.meta.dirname, '..')

/**
 * The production build served by server.js on the loopback, as the benches load it: production
 * mode, emulated payments and throwaway secrets (for local use only). `env` adds or replaces
 * settings (the limits, NODE_OPTIONS...); `nodeArgs` go before server.js. `countSql` runs
 * server.js through bench/sql-counting-server.js, so that each answer says how many SQL
 * statements it ran (`X-Sql-Statements`). Resolves once it answers /healthcheck; `stop()` sends
 * SIGINT and waits for it to exit.
 */
export async function startProductionServer({
  port,
  database,
  buildDir,
  env = {},
  nodeArgs = [],
  countSql = false,
}: {
  port: number
  database: string
  buildDir: string
  env?: Record<string, string>
  nodeArgs?: string[]
  countSql?: boolean
}) {
  const base = `http://127.0.0.1:${port}`
  const script = countSql ? 'bench/sql-counting-server.js' : 'server.js'
  const server = spawn('node', [...nodeArgs, script], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      BUILD_DIR: buildDir,
      DATABASE_PATH: database,
      SESSION_SECRET: 'bench-session-secret-for-local-use-only-0123456789',
      DOCUMENTS_ENCRYPTION_KEY: 'be0c'.repeat(16),
      ALLOW_EMULATED_PAYMENTS: 'true',
      // No metrics server (fly.toml's port may be taken); the log stays at production's level.
      METRICS_PORT: 'off',
      ...env,
    },
  })
  const exited = new Promise((resolve) => server.once('exit', resolve))
  const stop = async () => {
    // SIGINT: server.js finishes and exits, which is when --cpu-prof writes its profile.
    server.kill('SIGINT')
    await exited
  }
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/healthcheck`)).ok) return { pid: server.pid!, base, stop }
    } catch {
      // not listening yet
    }
    await sleep(200)
  }
  await stop()
  throw new Error('the server did not start')
}
