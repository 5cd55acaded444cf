// The HTTP server: security headers, compression, static files, then Remix.
import { createRequestHandler } from '@remix-run/express'
import compression from 'compression'
import express from 'express'
import { clientAddress, cspNonce, sameOriginGuard, securityHeaders } from './server/security.js'

const isProduction = process.env.NODE_ENV === 'production'
const port = Number(process.env.PORT || 3000)
const host = process.env.HOST || (isProduction ? '0.0.0.0' : '127.0.0.1')

const buildDir = process.env.BUILD_DIR || 'build'

const viteDevServer = isProduction
  ? undefined
  : await import('vite').then((vite) => vite.createServer({ server: { middlewareMode: true } }))

const app = express()
app.set('trust proxy', true)
app.disable('x-powered-by')
app.use(cspNonce)
app.use(clientAddress)
app.use(securityHeaders({ isProduction }))
app.use(compression())
// Remix flushes the response after every chunk React writes, and each flush ends a gzip block:
// pages came out 3.5x larger than the same HTML compressed at once. Pages render whole (no
// deferred data), so let the compressor fill its blocks.
app.use((_req, res, next) => {
  res.flush = () => {}
  next()
})
app.use(sameOriginGuard)

if (viteDevServer) {
  app.use(viteDevServer.middlewares)
} else {
  // Fingerprinted build assets never change; everything else in public/ is cached briefly.
  app.use('/assets', express.static(`${buildDir}/client/assets`, { immutable: true, maxAge: '1y' }))
  app.use(express.static(`${buildDir}/client`, { maxAge: '1h' }))
}

const build = viteDevServer
  ? () => viteDevServer.ssrLoadModule('virtual:remix/server-build')
  : await import(`./${buildDir}/server/index.js`)

app.all(
  '*',
  createRequestHandler({
    build,
    mode: isProduction ? 'production' : 'development',
    getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce }),
  }),
)

app.listen(port, host, () => {
  console.log(`Solace is listening on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`)
})
