// `npm run check:image`: the production image, checked without Docker. It assembles in an empty
// temporary directory exactly what the Dockerfile's final stage copies (read from its COPY lines,
// so a COPY added or removed there is followed here), with node_modules pruned as the build stage
// prunes them, then runs the commands litefs.yml runs, with the Dockerfile's and fly.toml's
// environment and throwaway secrets, and checks the server answers and stops as Fly expects.
// A runtime file the image lacks makes this fail. Nothing reaches the network.
//
//   node scripts/check-image.js                # builds afresh into build-check-image/
//   node scripts/check-image.js --reuse-build  # uses $BUILD_DIR (default build/) as it is
//   node scripts/check-image.js --dockerfile path/to/Dockerfile --keep
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Dockerfile instructions, continuation lines joined and comments dropped. */
function instructions(text) {
  const joined = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ')
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [, keyword, rest] = /^(\S+)\s*(.*)$/.exec(line)
      return { keyword: keyword.toUpperCase(), args: rest }
    })
}

/** `ENV A=1 B="two"` or the old `ENV A 1`. */
function parseEnv(args) {
  const pairs = [...args.matchAll(/(\w+)=("[^"]*"|'[^']*'|\S+)/g)]
  if (pairs.length === 0) {
    const [, name, value] = /^(\w+)\s+(.*)$/.exec(args) ?? []
    return name ? { [name]: value } : {}
  }
  return Object.fromEntries(pairs.map(([, name, value]) => [name, value.replace(/^(["'])(.*)\1$/, '$2')]))
}

/**
 * The final stage of a Dockerfile: its environment (inherited from the stages it is built on),
 * its working directory, entrypoint and COPY lines ({ from, sources, dest }, paths absolute).
 */
export function finalStage(dockerfileText) {
  const stages = []
  for (const { keyword, args } of instructions(dockerfileText)) {
    if (keyword === 'FROM') {
      const [, image, name] = /^(\S+)(?:\s+AS\s+(\S+))?/i.exec(args)
      const parent = stages.find((stage) => stage.name === image)
      stages.push({
        name,
        env: { ...parent?.env },
        workdir: parent?.workdir ?? '/',
        entrypoint: parent?.entrypoint,
        copies: [],
      })
      continue
    }
    const stage = stages.at(-1)
    if (!stage) throw new Error(`Dockerfile: ${keyword} before FROM`)
    if (keyword === 'ENV') Object.assign(stage.env, parseEnv(args))
    if (keyword === 'WORKDIR') stage.workdir = path.posix.resolve(stage.workdir, args)
    if (keyword === 'ENTRYPOINT') stage.entrypoint = JSON.parse(args)
    if (keyword === 'COPY') {
      const words = args.split(/\s+/)
      const from = words.find((word) => word.startsWith('--from='))?.slice('--from='.length)
      const paths = words.filter((word) => !word.startsWith('--'))
      const dest = path.posix.resolve(stage.workdir, paths.pop())
      stage.copies.push({ from, sources: paths, dest, intoDir: paths.length > 1 || dest.endsWith('/') })
    }
  }
  const last = stages.at(-1)
  // The stage a `--from=` names, for reading its working directory.
  return { ...last, stageNamed: (name) => stages.find((stage) => stage.name === name) }
}

/**
 * The folders the image's `npm install` must see copied in before it runs: `patches/` when the
 * install's postinstall applies patch-package's patches (docs/decisions/028), since the prune and
 * the final stage keep node_modules as that install left them. Returns what is missing.
 */
export function missingBeforeInstall(dockerfileText, packageJson) {
  const needed = /patch-package/.test(packageJson.scripts?.postinstall ?? '') ? ['patches'] : []
  let copied = []
  for (const { keyword, args } of instructions(dockerfileText)) {
    if (keyword === 'FROM') copied = []
    if (keyword === 'COPY')
      copied.push(
        ...args
          .split(/\s+/)
          .filter((word) => !word.startsWith('--'))
          .slice(0, -1),
      )
    if (keyword === 'RUN' && /\bnpm (install|ci)\b/.test(args)) {
      const has = (folder) => copied.some((source) => source.replace(/^\.\/|\/$/g, '') === folder || source === '.')
      return needed.filter((folder) => !has(folder))
    }
  }
  return needed
}

/**
 * The Dockerfile's dependency installs other than `npm ci`: an `npm install` resolves the tree
 * again and may build one package-lock.json does not name (docs/decisions/031).
 */
export function installsBesideLockfile(dockerfileText) {
  return instructions(dockerfileText)
    .filter(({ keyword, args }) => keyword === 'RUN' && /\bnpm (install|i|add)\b/.test(args))
    .map(({ args }) => args)
}

/** `.dockerignore` as a predicate on paths relative to the build context (last match wins). */
export function dockerIgnore(text) {
  const rules = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const negated = line.startsWith('!')
      const pattern = line.replace(/^!/, '').replace(/^\/+|\/+$/g, '')
      const source = pattern
        .split(/(\*\*\/?|\*|\?)/)
        .map((part) => {
          if (part === '**/' || part === '**') return '(?:.*/)?'
          if (part === '*') return '[^/]*'
          if (part === '?') return '[^/]'
          return part.replace(/[.+^${}()|[\]\\]/g, '\\$&')
        })
        .join('')
      // A pattern that names a directory excludes everything under it.
      return { negated, regex: new RegExp(`^${source}(?:/.*)?$`) }
    })
  return (relative) => {
    let ignored = false
    for (const rule of rules) if (rule.regex.test(relative)) ignored = !rule.negated
    return ignored
  }
}

/** fly.toml's top-level `key = "value"` settings and its [env] and [metrics] tables. */
export function readFlyToml(text) {
  const top = {}
  const env = {}
  const metrics = {}
  let table = ''
  for (const line of text.split('\n').map((l) => l.replace(/#.*$/, '').trim())) {
    const header = /^\[+([^\]]+)\]+$/.exec(line)
    if (header) {
      table = header[1].trim()
      continue
    }
    const setting = /^(\w+)\s*=\s*"?([^"]*)"?$/.exec(line)
    if (!setting) continue
    if (table === '') top[setting[1]] = setting[2]
    if (table === 'env') env[setting[1]] = setting[2]
    if (table === 'metrics') metrics[setting[1]] = setting[2]
  }
  return { top, env, metrics }
}

/** The commands litefs.yml's `exec` runs, in order (`- cmd: '...'`). */
export function litefsCommands(text) {
  const exec = /^exec:\s*\n((?:[ \t]+.*\n?|\s*\n)*)/m.exec(text)?.[1] ?? ''
  return [...exec.matchAll(/cmd:\s*(['"])(.*?)\1/g)].map((match) => match[2])
}

const log = (message) => console.log(`check:image: ${message}`)

class ImageCheckFailed extends Error {}
function fail(message) {
  throw new ImageCheckFailed(message)
}

function run(command, args, options) {
  const result = spawnSync(command, args, { stdio: 'inherit', encoding: 'utf8', ...options })
  // Output held back (stdio 'pipe') is shown when the command fails.
  if (result.status !== 0 && (result.stdout || result.stderr)) console.error(`${result.stdout}${result.stderr}`)
  if (result.status !== 0) fail(`\`${[command, ...args].join(' ')}\` exited ${result.status ?? result.signal}`)
}

/** Copies a file or directory from the build context, leaving out what .dockerignore leaves out. */
function copyFromContext(source, dest, ignored) {
  const relative = path.relative(root, source)
  if (!fs.existsSync(source) || ignored(relative))
    fail(`the build context has no ${relative} (or .dockerignore drops it)`)
  fs.cpSync(source, dest, {
    recursive: true,
    filter: (from) => from === source || !ignored(path.relative(root, from)),
  })
}

function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

async function get(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'manual' })
  return { status: response.status, type: response.headers.get('content-type') ?? '', body: await response.text() }
}

function parseDuration(value) {
  const match = /^(\d+)(ms|s|m)?$/.exec(String(value).trim())
  if (!match) fail(`fly.toml: cannot read the duration "${value}"`)
  return Number(match[1]) * { ms: 1, s: 1000, m: 60_000 }[match[2] ?? 's']
}

async function main(argv) {
  const option = (name) => {
    const at = argv.indexOf(name)
    return at >= 0 ? argv[at + 1] : undefined
  }
  const dockerfilePath = path.resolve(option('--dockerfile') ?? path.join(root, 'Dockerfile'))
  const keep = argv.includes('--keep')
  const reuseBuild = argv.includes('--reuse-build')
  const buildDir = reuseBuild ? (process.env.BUILD_DIR ?? 'build') : 'build-check-image'

  const stage = finalStage(fs.readFileSync(dockerfilePath, 'utf8'))
  const ignoreFile = path.join(root, '.dockerignore')
  const ignored = dockerIgnore(fs.existsSync(ignoreFile) ? fs.readFileSync(ignoreFile, 'utf8') : '')
  const fly = readFlyToml(fs.readFileSync(path.join(root, 'fly.toml'), 'utf8'))
  const missing = missingBeforeInstall(
    fs.readFileSync(dockerfilePath, 'utf8'),
    JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')),
  )
  if (missing.length) fail(`the image's npm install runs before ${missing.join(', ')} is copied in`)
  const [loose] = installsBesideLockfile(fs.readFileSync(dockerfilePath, 'utf8'))
  if (loose) fail(`the image runs \`${loose}\`: install with \`npm ci\`, which builds exactly package-lock.json`)
  // What the image's `npm ci` (and .ci/run's) refuses, refused here first: a lockfile that does
  // not name every package package.json asks for, for every platform.
  log('npm ci --dry-run: package-lock.json holds what package.json asks for')
  run('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: root, stdio: 'pipe' })
  if (JSON.stringify(stage.entrypoint) !== JSON.stringify(['litefs', 'mount'])) {
    fail(`the image's ENTRYPOINT is ${JSON.stringify(stage.entrypoint)}: this check runs what litefs.yml runs`)
  }

  if (!reuseBuild) {
    log(`building into ${buildDir}/`)
    fs.rmSync(path.join(root, buildDir), { recursive: true, force: true })
    run('npm', ['run', 'build'], { cwd: root, env: { ...process.env, BUILD_DIR: buildDir } })
  }
  if (!fs.existsSync(path.join(root, buildDir, 'server', 'index.js'))) fail(`no build in ${buildDir}/`)

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'solace-image-'))
  // The image's file system: `/app` is tmp/fs/app, `/litefs` tmp/fs/litefs, and so on.
  const inImage = (absolute) => path.join(tmp, 'fs', absolute)
  let server
  try {
    // What the build stage holds after `npm run build && npm prune --omit=dev`.
    const buildStage = stage.stageNamed('build')?.workdir ?? '/app'
    let prunedModules
    const fromBuildStage = (source) => {
      const relative = path.posix.relative(buildStage, source)
      if (relative.startsWith('..')) fail(`COPY of ${source}: not under the build stage's ${buildStage}`)
      if (relative === 'build') return { path: path.join(root, buildDir) }
      if (relative === 'node_modules') return { path: (prunedModules ??= pruneModules(tmp)), move: true }
      return { path: path.join(root, relative), fromContext: true }
    }

    for (const copy of stage.copies) {
      if (!copy.dest.startsWith(`${stage.workdir}/`) && copy.dest !== stage.workdir) {
        // /etc/litefs.yml and the litefs binary: LiteFS itself, which this check stands in for.
        log(`leaving out ${copy.sources.join(' ')} -> ${copy.dest} (LiteFS, not the app)`)
        continue
      }
      if (copy.from && copy.from !== 'build') fail(`COPY --from=${copy.from}: this check knows only the build stage`)
      for (const source of copy.sources) {
        const origin = copy.from
          ? fromBuildStage(path.posix.resolve(buildStage, source))
          : { path: path.join(root, source), fromContext: true }
        const dest = inImage(copy.intoDir ? path.posix.join(copy.dest, path.posix.basename(source)) : copy.dest)
        fs.mkdirSync(path.dirname(dest), { recursive: true })
        if (origin.fromContext) copyFromContext(origin.path, dest, ignored)
        else if (origin.move) fs.renameSync(origin.path, dest)
        else fs.cpSync(origin.path, dest, { recursive: true, verbatimSymlinks: true })
      }
    }
    const app = inImage(stage.workdir)
    log(`assembled ${fs.readdirSync(app).sort().join(', ')} in ${app}`)

    // The Dockerfile's ENV, with its absolute paths inside the stand-in file system; fly.toml's
    // [env]; throwaway secrets; emulated payments (the local equivalent of Stripe keys, as the
    // end-to-end tests run); and free ports on the loopback instead of the image's 8081 and
    // fly.toml's [metrics] port (which the app's own default must be: checked below).
    const port = await freePort()
    const metricsPort = await freePort()
    const env = { PATH: process.env.PATH, HOME: tmp }
    for (const [name, value] of Object.entries({ ...stage.env, ...fly.env })) {
      env[name] = value.startsWith('/') ? inImage(value) : value
    }
    Object.assign(env, {
      SESSION_SECRET: randomBytes(32).toString('hex'),
      DOCUMENTS_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      ALLOW_EMULATED_PAYMENTS: 'true',
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      HOST: '127.0.0.1',
    })
    // The FUSE mount and the volume exist in the image; no `.primary` file means this is the primary.
    for (const dir of [env.LITEFS_DIR, inImage('/var/lib/litefs')]) if (dir) fs.mkdirSync(dir, { recursive: true })

    const commands = litefsCommands(fs.readFileSync(path.join(root, 'litefs.yml'), 'utf8'))
    if (commands.length === 0) fail('litefs.yml runs no commands')
    const [serve] = commands.splice(-1)
    for (const command of commands) {
      log(`running ${command}`)
      const [bin, ...args] = command.split(/\s+/)
      run(bin === 'node' ? process.execPath : bin, args, { cwd: app, env, timeout: 60_000 })
    }

    log(`starting ${serve} on port ${port}`)
    const [bin, ...args] = serve.split(/\s+/)
    server = spawn(bin === 'node' ? process.execPath : bin, args, { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    server.stdout.on('data', (chunk) => (output += chunk))
    server.stderr.on('data', (chunk) => (output += chunk))
    const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve({ code, signal })))
    const showOutput = () => console.error(`--- the server's output ---\n${output.trim()}\n---`)

    try {
      const base = `http://127.0.0.1:${port}`
      let health
      for (const startedAt = Date.now(); Date.now() - startedAt < 30_000;) {
        if (server.exitCode !== null) fail(`the server exited ${server.exitCode} at start-up`)
        health = await get(`${base}/healthcheck`).catch(() => undefined)
        if (health) break
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
      if (!health) fail('the server did not answer /healthcheck within 30 s')
      const answer = health.type.includes('json') ? JSON.parse(health.body) : health.body
      if (health.status !== 200 || answer.status !== 'ok' || answer.primary !== true) {
        fail(`/healthcheck answered ${health.status} ${health.body} (expected 200 {"status":"ok","primary":true})`)
      }
      log('/healthcheck: 200 {"status":"ok","primary":true}')

      const page = await get(`${base}/services`)
      if (page.status !== 200 || !page.type.includes('text/html')) fail(`/services answered ${page.status}`)
      const asset = /["'](\/assets\/[^"']+\.(?:js|css))["']/.exec(page.body)?.[1]
      if (!asset) fail('/services links no /assets/ file')
      for (const file of [asset, '/favicon.ico']) {
        const answered = await get(`${base}${file}`)
        if (answered.status !== 200 || answered.body.length === 0) fail(`${file} answered ${answered.status}`)
      }
      log(`/services, ${asset} and /favicon.ico: 200`)

      // Metrics on their own port, where fly.toml's [metrics] has Fly scrape them; never public.
      const served = fs.readFileSync(path.join(app, 'server/metrics.js'), 'utf8')
      const DEFAULT_METRICS_PORT = /DEFAULT_METRICS_PORT = (\d+)/.exec(served)?.[1]
      const METRICS_PATH = /METRICS_PATH = '([^']+)'/.exec(served)?.[1]
      if (!DEFAULT_METRICS_PORT || fly.metrics.port !== DEFAULT_METRICS_PORT || fly.metrics.path !== METRICS_PATH) {
        fail(
          `fly.toml's [metrics] is ${fly.metrics.port} ${fly.metrics.path}; the app serves ${DEFAULT_METRICS_PORT} ${METRICS_PATH}`,
        )
      }
      const metrics = await get(`http://127.0.0.1:${metricsPort}${METRICS_PATH}`)
      if (metrics.status !== 200 || !metrics.body.includes('solace_http_request_duration_seconds_count{')) {
        fail(`${METRICS_PATH} on the metrics port answered ${metrics.status}`)
      }
      const onPublicPort = await get(`${base}${METRICS_PATH}`)
      if (onPublicPort.status !== 404) fail(`${METRICS_PATH} on the public port answered ${onPublicPort.status}`)
      log(`${METRICS_PATH}: 200 on the metrics port, 404 on the public one`)
      // The log is JSON lines (server/log.js): nothing at error (50) or fatal (60).
      const failure = output.split('\n').find((line) => {
        try {
          return JSON.parse(line).level >= 50
        } catch {
          return false
        }
      })
      if (failure || /maintenance failed|Invalid environment/.test(output)) {
        fail(`the server logged a failure${failure ? `: ${failure}` : ''}`)
      }

      const killTimeout = parseDuration(fly.top.kill_timeout ?? '5s')
      const signal = fly.top.kill_signal ?? 'SIGINT'
      const sentAt = Date.now()
      server.kill(signal)
      const timer = setTimeout(() => server.kill('SIGKILL'), killTimeout)
      const { code } = await exited
      clearTimeout(timer)
      const took = Date.now() - sentAt
      if (code !== 0)
        fail(`after ${signal} the server exited ${code ?? 'on SIGKILL'} (${took} ms; kill_timeout ${killTimeout} ms)`)
      log(`${signal}: exited 0 in ${took} ms (fly.toml's kill_timeout: ${killTimeout} ms)`)

      // The restore drill (docs/deploy.md), as an operator runs it on a machine (`npm run
      // db:restore-drill`). Its backup is taken with SQLite's own backup API (LITEFS_DIR unset
      // for that one command): under LiteFS it is `litefs export`, and LiteFS is not here.
      const { LITEFS_DIR: _, ...withoutLitefs } = env
      run('npm', ['run', '--silent', 'db:backup'], { cwd: app, env: withoutLitefs, timeout: 60_000 })
      run('npm', ['run', '--silent', 'db:restore-drill'], { cwd: app, env, timeout: 60_000, stdio: 'pipe' })
      log('npm run db:backup, then npm run db:restore-drill: passed')
    } catch (error) {
      showOutput()
      throw error
    }
  } finally {
    if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL')
    if (keep) log(`kept ${tmp}`)
    else fs.rmSync(tmp, { recursive: true, force: true })
    if (!reuseBuild) fs.rmSync(path.join(root, buildDir), { recursive: true, force: true })
  }
  log('the image has what it needs to run')
}

/**
 * node_modules as the build stage leaves them: everything installed, then `npm prune
 * --omit=dev`. The prune needs the lockfile, which the image does not get: it runs in a
 * directory of its own and only node_modules move on. `--offline`: it never asks a registry.
 */
function pruneModules(tmp) {
  const dir = path.join(tmp, 'prune')
  fs.mkdirSync(dir)
  for (const file of ['package.json', 'package-lock.json']) fs.copyFileSync(path.join(root, file), path.join(dir, file))
  const installed = fs.realpathSync(path.join(root, 'node_modules'))
  const modules = path.join(dir, 'node_modules')
  // Hard links are quick to make, and the prune only unlinks them, which leaves the checkout's
  // own node_modules as they are. The one file it rewrites in place, the hidden lockfile, is a
  // real copy. Where links cannot be made (another file system), a full copy.
  const linked = spawnSync('cp', ['-al', installed, modules], { stdio: 'ignore' }).status === 0
  if (linked) {
    fs.rmSync(path.join(modules, '.package-lock.json'), { force: true })
    fs.copyFileSync(path.join(installed, '.package-lock.json'), path.join(modules, '.package-lock.json'))
  } else {
    fs.rmSync(modules, { recursive: true, force: true })
    fs.cpSync(installed, modules, { recursive: true, verbatimSymlinks: true })
  }
  log('npm prune --omit=dev')
  run('npm', ['prune', '--omit=dev', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: dir })
  return modules
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(`check:image: FAILED: ${error instanceof ImageCheckFailed ? error.message : error.stack}`)
    process.exit(1)
  })
}
