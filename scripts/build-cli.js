// @ts-check
// Part of `npm run build`: the operators' CLIs bundled into <build>/cli/, because the production
// image has neither the TypeScript sources nor tsx: the database's (app/cli/db-backups.ts:
// `npm run db:backup`, `npm run db:restore-drill`) and the accounts' (app/cli/accounts.ts:
// `npm run account:reset-two-factor`). Packages stay imports from node_modules.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const buildDir = process.env.BUILD_DIR ?? 'build'

await build({
  // Not vite.config.ts: its Remix plugin would take this build over.
  configFile: false,
  root,
  logLevel: 'warn',
  publicDir: false,
  resolve: { alias: { '~': path.join(root, 'app') } },
  build: {
    ssr: true,
    outDir: path.join(root, buildDir, 'cli'),
    emptyOutDir: true,
    rollupOptions: {
      input: { 'db-backups': 'app/cli/db-backups.ts', accounts: 'app/cli/accounts.ts' },
      output: { entryFileNames: '[name].js' },
    },
  },
})
