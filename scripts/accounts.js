// @ts-check
// `npm run account:reset-two-factor -- <email>` (app/cli/accounts.ts). In production (no
// TypeScript sources, no tsx in the image) the build's bundle of the CLI runs; elsewhere the
// source runs through tsx, with no build needed. The same arrangement as scripts/db-backups.js.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

if (process.env.NODE_ENV === 'production') {
  await import(`../${process.env.BUILD_DIR || 'build'}/cli/accounts.js`)
} else {
  const cli = spawnSync(process.execPath, ['--import', 'tsx', 'app/cli/accounts.ts', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
  })
  process.exit(cli.status ?? 1)
}
