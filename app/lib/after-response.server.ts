/**
 * Work a request starts but does not wait for, so that its answer, and how long the answer
 * takes, say nothing about that work: whether an email address had an account to send a link
 * to, for one. The work starts once the current turn of the event loop is over, when the answer
 * is on its way. A failure is logged, since nobody is waiting for it. Shutdown and tests wait
 * for what is still pending with `settleAfterResponse`.
 */
import { log, logLine } from './log.server'

const pending = new Set<Promise<void>>()

export function afterResponse(label: string, work: () => unknown) {
  const run: Promise<void> = new Promise((resolve) => setImmediate(resolve))
    .then(work)
    .then(
      () => undefined,
      (error: unknown) => log.error({ err: error }, logLine`[${label}] failed after the answer was sent`),
    )
    .finally(() => pending.delete(run))
  pending.add(run)
}

/** Resolves once no work started by `afterResponse` is left, including work it started itself. */
export async function settleAfterResponse() {
  while (pending.size > 0) await Promise.all([...pending])
}
