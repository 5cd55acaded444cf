import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser } from '@playwright/test'
import Database from 'better-sqlite3'
import { e2eCallChromium, e2eServerEnv } from '../../playwright.config'

/**
 * A Linux network namespace of the test's own, with a production server and a Chromium inside
 * it, whose network the test takes away and gives back (issue 45: the call must come back by
 * itself). The namespace has only its loopback, so everything in it talks over 127.0.0.1 and
 * nothing leaves it; `ip link set lo down` is then a network that is really gone for both
 * browsers and the server alike: connections stall, new ones are refused, ICE fails.
 *
 * Playwright drives the Chromium over a pipe (its default), not a socket, so the browser can be
 * in the namespace while the test is not: its executable is a script that enters the namespace
 * and runs the real one, and the pipe's descriptors pass through. The server's database is a
 * copy of the project's (its seed, taken consistently with VACUUM INTO), so nothing done in the
 * namespace shows in the other tests. Needs root (`ip netns add`): `open` says why it cannot.
 */

const PORT = 3000

export type NetworkNamespace = {
  name: string
  baseURL: string
  database: string
  /** Chromium, inside the namespace. */
  browser: Browser
  /** The loopback, and with it the whole network of the namespace, down or up. */
  setNetwork: (up: boolean) => void
  /**
   * The whole namespace's traffic (both browsers and the server share its loopback) capped at
   * this many kilobits a second by a token bucket (`tc` `tbf`), or uncapped (null).
   */
  setBandwidth: (kilobits: number | null) => void
  close: () => Promise<void>
}

/** The namespace, its server and its browser; or why it cannot be made (not root, say). */
export async function openNetworkNamespace(
  projectDatabase: string,
): Promise<NetworkNamespace | { unavailable: string }> {
  const name = `solace-call-${process.pid}-${Date.now() % 100_000}`
  removeLeftovers()
  try {
    execFileSync('ip', ['netns', 'add', name], { stdio: 'pipe' })
  } catch (error) {
    return { unavailable: `cannot make a network namespace (ip netns add needs root): ${String(error)}` }
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`))
  let server: ChildProcess | null = null
  let browser: Browser | null = null
  const close = async () => {
    await browser?.close().catch(() => {})
    if (server?.pid && server.exitCode === null) process.kill(server.pid, 'SIGKILL')
    try {
      execFileSync('ip', ['netns', 'delete', name], { stdio: 'pipe' })
    } catch {
      // Already gone.
    }
    fs.rmSync(dir, { recursive: true, force: true })
  }
  try {
    const inNamespace = (...command: string[]) => execFileSync('ip', ['netns', 'exec', name, ...command])
    inNamespace('ip', 'link', 'set', 'lo', 'up')

    const database = path.join(dir, 'solace.db')
    const source = new Database(projectDatabase, { fileMustExist: true, timeout: 30_000 })
    try {
      source.prepare('VACUUM INTO ?').run(database)
    } finally {
      source.close()
    }
    const baseURL = `http://localhost:${PORT}`
    // `ip netns exec` execs the command: the child is the server itself. Its stdin is a pipe
    // that ends with this process (stop-with-runner.js), so it never outlives the run.
    server = spawn(
      'ip',
      ['netns', 'exec', name, process.execPath, '--import', './tests/e2e/stop-with-runner.js', 'server.js'],
      {
        env: { ...process.env, ...e2eServerEnv({ port: PORT, baseURL, database }) },
        stdio: ['pipe', 'inherit', 'inherit'],
      },
    )
    const chromiumInNamespace = path.join(dir, 'chromium')
    fs.writeFileSync(
      chromiumInNamespace,
      `#!/bin/sh\nexec ip netns exec ${name} ${e2eCallChromium.launchOptions.executablePath} "$@"\n`,
      { mode: 0o755 },
    )
    browser = await chromium.launch({ ...e2eCallChromium.launchOptions, executablePath: chromiumInNamespace })
    return {
      name,
      baseURL,
      database,
      browser,
      setNetwork: (up) => void inNamespace('ip', 'link', 'set', 'lo', up ? 'up' : 'down'),
      setBandwidth: (kilobits) =>
        void (kilobits === null
          ? inNamespace('tc', 'qdisc', 'del', 'dev', 'lo', 'root')
          : // A queue of at most 300 ms: a slow link's queue, not a buffer that hides the cap.
            inNamespace(
              ...['tc', 'qdisc', 'replace', 'dev', 'lo', 'root', 'tbf', 'rate', `${kilobits}kbit`],
              ...['burst', '32kbit', 'latency', '300ms'],
            )),
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}

/** Namespaces of runs that were killed before they could delete theirs (their process is gone). */
function removeLeftovers() {
  let names: string[]
  try {
    names = execFileSync('ip', ['netns', 'list'], { encoding: 'utf8' })
      .split('\n')
      .map((line) => line.split(' ')[0] ?? '')
  } catch {
    return
  }
  for (const name of names) {
    const pid = Number(/^solace-call-(\d+)-/.exec(name)?.[1])
    if (!pid || isAlive(pid)) continue
    try {
      execFileSync('ip', ['netns', 'delete', name], { stdio: 'pipe' })
    } catch {
      // Deleted meanwhile by whoever else cleans up.
    }
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
