import { timingSafeEqual, createHash } from 'node:crypto'
import { getEnv } from '~/env.server'
import { recordDocument, RecordDocumentSchema } from './records/documents.server'
import type { z } from 'zod'

/**
 * The writes a replica asks the primary to make (docs/decisions/025-uploads-on-replicas.md),
 * each with the schema its payload must pass and the model function that makes it. The
 * replica side is `onPrimary` (app/integrations/litefs.server.ts); the primary's side is
 * app/routes/internal.commands.$name.ts.
 */
const COMMANDS = {
  'documents.record': { schema: RecordDocumentSchema, run: recordDocument },
} satisfies Record<string, { schema: z.ZodType; run: (payload: never) => unknown }>

export type PrimaryCommand = keyof typeof COMMANDS

/** The command named `name` run with `payload` once it passes its schema; undefined for an unknown name. */
export function primaryCommand(name: string) {
  if (!Object.hasOwn(COMMANDS, name)) return undefined
  const { schema, run } = COMMANDS[name as PrimaryCommand]
  return { schema, run: run as (payload: z.output<typeof schema>) => unknown }
}

const digest = (value: string) => createHash('sha256').update(value).digest()

/** Whether `authorization` carries INTERNAL_COMMAND_TOKEN (compared in constant time); never without one set. */
export function isInternalCaller(authorization: string | null) {
  const token = getEnv().INTERNAL_COMMAND_TOKEN
  const sent = /^Bearer (.+)$/.exec(authorization ?? '')?.[1]
  return Boolean(token && sent && timingSafeEqual(digest(sent), digest(token)))
}
