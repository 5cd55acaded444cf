// @ts-check
// Part of `npm run build`: the browser's error-reporting module (app/lib/error-reporting.client.ts,
// with Sentry's browser SDK) bundled into <build>/client/error-reporting.js, a module of its own
// that only the pages of a site with SENTRY_DSN load (docs/decisions/040-operations-you-can-see.md).
// Built apart from the Remix client build: a dynamic import there would bring Vite's preload
// helper into every page's JavaScript. Served like the other files of the client folder (an hour's
// cache), from the same origin, so the Content Security Policy's script-src 'self' allows it.
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
    outDir: path.join(root, buildDir, 'client'),
    // The Remix build is already there.
    emptyOutDir: false,
    minify: true,
    target: 'es2022',
    lib: {
      entry: path.join(root, 'app/lib/error-reporting.client.ts'),
      formats: ['es'],
      fileName: () => 'error-reporting.js',
    },
  },
})
