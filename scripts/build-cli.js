// @ts-check
// Part of `npm run build`: the database CLI (app/db/backups/cli.ts: `npm run db:backup`,
// `npm run db:restore-drill`) bundled into <build>/cli/, because the production image has
// neither the TypeScript sources nor tsx. Packages stay imports from node_modules.
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
    ssr: 'app/db/backups/cli.ts',
    outDir: path.join(root, buildDir, 'cli'),
    emptyOutDir: true,
    rollupOptions: { output: { entryFileNames: 'db-backups.js' } },
  },
})
