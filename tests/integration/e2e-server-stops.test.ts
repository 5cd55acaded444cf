import { spawn } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import path from 'node:path'
import readline from 'node:readline'
import { expect, onTestFinished, test } from 'vitest'

/**
 * The end-to-end servers end with the Playwright run that started them, even when the run is
 * killed and never stops them (tests/e2e/stop-with-runner.js). Here a stand-in for the runner
 * starts a "server" the way Playwright does (a process group of its own, a pipe on its stdin),
 * and is killed with SIGKILL: the server must be gone after it, not holding its port.
 */

const STOP_WITH_RUNNER = path.resolve(import.meta.dirname, '../e2e/stop-with-runner.js')

/** Alive, and not a zombie waiting for an init that does not reap it (as in some containers). */
function isRunning(pid: number) {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z'
  } catch {
    return false
  }
}

test('a server started by a runner that is killed ends with it', async () => {
  const runnerCode = `
    const { spawn } = require('node:child_process')
    const server = spawn(process.execPath, ['--import', ${JSON.stringify(STOP_WITH_RUNNER)}, '-e', 'setInterval(() => {}, 1000)'], {
      detached: true,
      stdio: ['pipe', 'ignore', 'inherit'],
    })
    console.log(server.pid)
    setInterval(() => {}, 1000)
  `
  const runner = spawn(process.execPath, ['-e', runnerCode], { stdio: ['ignore', 'pipe', 'inherit'] })
  const [line] = (await once(readline.createInterface({ input: runner.stdout }), 'line')) as [string]
  const serverPid = Number(line)
  expect(serverPid).toBeGreaterThan(0)
  // Given time to start, it keeps running while its runner does.
  await new Promise((resolve) => setTimeout(resolve, 300))
  expect(isRunning(serverPid)).toBe(true)

  onTestFinished(() => {
    if (isRunning(serverPid)) process.kill(serverPid, 'SIGKILL')
  })

  runner.kill('SIGKILL')
  // Until it is gone (the test's own time limit fails it if it never goes).
  while (isRunning(serverPid)) await new Promise((resolve) => setTimeout(resolve, 50))
  expect(isRunning(serverPid)).toBe(false)
})
