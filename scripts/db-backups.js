// @ts-check
// `npm run db:backup` and `npm run db:restore-drill` (app/cli/db-backups.ts). In production
// (the image has no TypeScript sources and no tsx) the build's bundle of the CLI runs, as
// server.js runs the build; elsewhere the source runs through tsx, with no build needed.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

if (process.env.NODE_ENV === 'production') {
  // The bundle reads its command from process.argv[2], as the source does.
  await import(`../${process.env.BUILD_DIR || 'build'}/cli/db-backups.js`)
} else {
  const cli = spawnSync(process.execPath, ['--import', 'tsx', 'app/cli/db-backups.ts', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
  })
  process.exit(cli.status ?? 1)
}
