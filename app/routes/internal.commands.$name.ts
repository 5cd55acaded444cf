import { currentPosition, isPrimaryInstance } from '~/integrations/litefs.server'
import { readJson } from '~/lib/api.server'
import { isAppError } from '~/lib/errors'
import { isInternalCaller, primaryCommand } from '~/models/primary-commands.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * POST /internal/commands/:name, from a replica to the primary's internal address: writes the
 * row of an upload the replica stored (docs/decisions/025-uploads-on-replicas.md). Without the
 * INTERNAL_COMMAND_TOKEN it is 404 like any unknown address, so nothing here is visible. The
 * answer is `{ result, position }`, the primary's replication position after the write, which
 * the replica waits for; a refusal is `{ message, field }` with its status.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const command = primaryCommand(params.name ?? '')
  if (request.method !== 'POST' || !command || !isInternalCaller(request.headers.get('Authorization'))) {
    return notFound()
  }
  // The lease moved while the replica was asking: it may try again on the new primary.
  if (!(await isPrimaryInstance())) return Response.json({ message: 'Not the primary' }, { status: 503 })
  try {
    const payload = await readJson(request, command.schema)
    const result = command.run(payload)
    return Response.json({ result, position: await currentPosition() })
  } catch (error) {
    if (error instanceof Response) return error
    if (isAppError(error))
      return Response.json({ message: error.message, field: error.field }, { status: error.status })
    throw error
  }
}

export function loader() {
  return notFound()
}

function notFound() {
  return Response.json({ message: 'Not found' }, { status: 404 })
}
