// @ts-check
// The server `npm run bench` loads: server.js itself, run as production runs it, with each answer
// saying in `X-Sql-Statements` how many SQL statements ran from its request's arrival to its
// headers (the bench's SQL column; asked one at a time, that is the page's own). The counting
// lives here, so the app and server.js carry no switch for it. Started with server.js's
// environment by bench/production-server.ts (`node bench/sql-counting-server.js`).
import http from 'node:http'
import Database from 'better-sqlite3'

let statements = 0
/** BENCH_SQL_LOG=1: each statement's text on stderr as it runs, to see which a page repeats. */
const logStatements = Boolean(process.env.BENCH_SQL_LOG)

// Every statement better-sqlite3 executes goes through one of these methods of its Statement
// class, whoever prepared it (drizzle's kept statements, the app's own, a pragma, a
// transaction's BEGIN and COMMIT): what its `verbose` option reports, one call each.
const probe = new Database(':memory:')
/** @type {Record<string, Function>} */
const statementMethods = Object.getPrototypeOf(probe.prepare('SELECT 1'))
probe.close()
for (const name of ['run', 'get', 'all', 'iterate']) {
  const method = statementMethods[name]
  if (typeof method !== 'function') throw new Error(`better-sqlite3's statements have no ${name}()`)
  statementMethods[name] = /** @this {unknown} */ function counted(/** @type {unknown[]} */ ...args) {
    statements += 1
    if (logStatements) process.stderr.write(`sql: ${/** @type {{ source?: string }} */ (this).source}\n`)
    return Reflect.apply(method, this, args)
  }
}

// Each answer says how many ran since its request arrived, as its headers go out. Express's
// app.listen, which server.js calls, makes its server with http.createServer(app).
const createServer = http.createServer.bind(http)
Object.assign(http, {
  /** @param {http.RequestListener} listener */
  createServer: (listener) => createServer(countedListener(listener)),
})

/**
 * @param {http.RequestListener} listener
 * @returns {http.RequestListener}
 */
function countedListener(listener) {
  return (req, res) => {
    const before = statements
    const writeHead = res.writeHead
    Object.assign(res, {
      writeHead(/** @type {unknown[]} */ ...args) {
        if (!res.headersSent) res.setHeader('X-Sql-Statements', String(statements - before))
        return Reflect.apply(writeHead, res, args)
      },
    })
    listener(req, res)
  }
}

await import('../server.js')
