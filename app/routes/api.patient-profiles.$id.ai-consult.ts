import { handleApi, jsonError, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { isAppError } from '~/lib/errors'
import { tFor } from '~/lib/i18n/i18n.server'
import { requestLanguage } from '~/lib/i18n/language.server'
import type { Language } from '~/lib/i18n/languages'
import { msg, translateMessage } from '~/lib/i18n/message'
import { log } from '~/lib/log.server'
import { idFromParam } from '~/lib/route-params'
import { requireApiPractitioner } from '~/models/accounts/auth.server'
import { AiConsultSchema, type AiConsultation } from '~/models/records/ai-consult'
import { consultEvent, EVENT_STREAM } from '~/models/records/ai-consult-stream'
import { consultAi } from '~/models/records/ai-consult.server'
import { PATIENT_NOT_FOUND } from '~/models/records/patient'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * POST /api/patient-profiles/:id/ai-consult { question } → 200 AiConsultation ({ id, question,
 * response, summary, model, isDemo, createdAt }), once the whole answer is stored. 400 for a
 * blank question, 404 for another practitioner's or an unknown patient, 429 past the hourly
 * limit, 502 `{ message }` when the AI service fails (nothing stored).
 *
 * With `Accept: text/event-stream` (the tab's JavaScript) the answer streams instead, in the
 * format of app/models/records/ai-consult-stream.ts: refusals, and a failure before the first
 * words, are still the JSON answers above; then delta events while the model writes, and a done
 * event with the stored consultation (or an error event). A POST is replayed on the LiteFS
 * primary by the proxy, so no `ensurePrimary` is needed here.
 */

export const loader = writeOnlyLoader('POST')

export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const user = await requireApiPractitioner(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(PATIENT_NOT_FOUND, 404)
    const { question } = await readJson(request, AiConsultSchema)
    // The practitioner's language: the model answers in it, and a failure midway says so in it.
    const language = requestLanguage(request, user)
    if (request.headers.get('Accept')?.includes(EVENT_STREAM)) {
      return eventStream(language, (onText) => consultAi(user.id, id, question, { onText, language }))
    }
    return Response.json(await consultAi(user.id, id, question, { language }))
  })
}

/** What an error event says, in the practitioner's language: a rule's message, or the generic 500 (logged). */
function failure(error: unknown, language: Language) {
  const t = tFor(language)
  if (isAppError(error)) return { message: translateMessage(t, error.message), status: error.status }
  log.error({ err: error }, 'an AI consultation failed')
  return { message: translateMessage(t, msg('common:api.failed')), status: 500 }
}

/**
 * Starts `run` and answers once its first words arrive (or it settles): a refusal or failure
 * before that is thrown, for `handleApi` to answer as JSON. If the client leaves midway the
 * consultation still completes and is stored, and shows in the history.
 */
async function eventStream(language: Language, run: (onText: (text: string) => void) => Promise<AiConsultation>) {
  const encoder = new TextEncoder()
  let sink: ReadableStreamDefaultController<Uint8Array> | null = null
  let open = true
  const early: string[] = []
  let started = () => {}
  const firstWords = new Promise<void>((resolve) => (started = resolve))

  const send = (chunk: string) => {
    if (!open || !sink) return
    try {
      sink.enqueue(encoder.encode(chunk))
    } catch {
      open = false
    }
  }
  const result = run((text) => {
    const chunk = consultEvent({ type: 'delta', text })
    if (sink) return send(chunk)
    early.push(chunk)
    started()
  })
  await Promise.race([result, firstWords])

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      sink = controller
      for (const chunk of early.splice(0)) send(chunk)
      void result
        .then(
          (consultation) => send(consultEvent({ type: 'done', consultation })),
          (error: unknown) => send(consultEvent({ type: 'error', ...failure(error, language) })),
        )
        .finally(() => {
          if (!open) return
          open = false
          controller.close()
        })
    },
    cancel() {
      open = false
    },
  })
  return new Response(body, {
    headers: {
      'Content-Type': `${EVENT_STREAM}; charset=utf-8`,
      // no-transform: the server's compression would hold the events back to fill its blocks.
      'Cache-Control': 'no-store, no-transform',
      'X-Accel-Buffering': 'no',
    },
  })
}
