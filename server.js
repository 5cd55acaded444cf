// The HTTP server: configuration and listening. The middleware is in server/app.js.
import { createApp } from './server/app.js'
import { trustsFlyProxy } from './server/security.js'

const isProduction = process.env.NODE_ENV === 'production'
const port = Number(process.env.PORT || 3000)
const host = process.env.HOST || (isProduction ? '0.0.0.0' : '127.0.0.1')

const buildDir = process.env.BUILD_DIR || 'build'

const viteDevServer = isProduction
  ? undefined
  : await import('vite').then((vite) => vite.createServer({ server: { middlewareMode: true } }))

const build = viteDevServer
  ? () => viteDevServer.ssrLoadModule('virtual:remix/server-build')
  : await import(`./${buildDir}/server/index.js`)

const app = createApp({
  isProduction,
  trustProxy: trustsFlyProxy(process.env),
  build,
  mode: isProduction ? 'production' : 'development',
  viteDevServer,
  staticDir: `${buildDir}/client`,
})

app.listen(port, host, () => {
  console.log(`Solace is listening on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`)
})
