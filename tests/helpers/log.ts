import pino from 'pino'
import { onTestFinished, vi } from 'vitest'
import { log } from '~/lib/log.server'

/** One line of the server's log (server/log.js), as JSON parses it. */
export type LogRecord = { level: number; time: string; msg: string; err?: { type: string; stack: string } } & Record<
  string,
  unknown
>

/** pino's level numbers, for reading `LogRecord.level`. */
export const LEVEL = { debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const

type Destination = { write(line: string): boolean }

/**
 * The lines the server's logger writes from now on, at every level, parsed: in tests they go
 * nowhere otherwise (server/log.js). Within a test it stops by itself when the test ends; from a
 * hook, call `stop()`.
 */
export function captureLog() {
  const records: LogRecord[] = []
  const destination = (log as unknown as Record<symbol, Destination>)[pino.symbols.streamSym]!
  const level = log.level
  log.level = 'trace'
  const spy = vi.spyOn(destination, 'write').mockImplementation((text: string) => {
    for (const line of text.split('\n')) if (line) records.push(JSON.parse(line) as LogRecord)
    return true
  })
  const stop = () => {
    spy.mockRestore()
    log.level = level
  }
  try {
    onTestFinished(stop)
  } catch {
    // Called from a hook: the caller stops it.
  }
  // Not enumerable: the records compare as the plain array they are.
  return Object.defineProperty(records, 'stop', { value: stop }) as LogRecord[] & { stop: () => void }
}
