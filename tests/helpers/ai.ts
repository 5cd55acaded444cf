import { and, eq } from 'drizzle-orm'
import { http, HttpResponse } from 'msw'
import { getDb } from '~/db/client.server'
import { aiConsultations, patientAuditLog, patientDocuments } from '~/db/schema'
import { resetEnvCache } from '~/env.server'
import { MESSAGES_URL } from '~/integrations/ai-demo/handlers.server'
import { createNote } from '~/models/records/notes.server'
import { createPatient } from '~/models/records/patients.server'
import { mockServer } from '../mocks/server'

/**
 * AI consultation fixtures: a patient with shared and private notes and a document, the
 * requests the Anthropic API received, answers of the API's own shapes (errors, streams), and
 * settings changed for one test.
 */

let stamp = 0
/** A marker no other text in the test contains, to look for in what was sent. */
export const marker = (label: string) => `${label}-${process.pid}-${++stamp}`

/** A patient of `practitionerId` with a shared and a private note and a document; answers the words to look for. */
export function chartedPatient(practitionerId: number) {
  const words = {
    lastName: marker('Lastname'),
    email: `${marker('patient')}@example.com`,
    phone: '416-555-0199',
    address: marker('42 Secret Street'),
    dateOfBirth: '1980-06-15',
    allergies: marker('Penicillin'),
    medications: marker('Magnesium glycinate'),
    sharedTitle: marker('Intake'),
    sharedContent: marker('Lower back pain eases with movement'),
    privateTitle: marker('Private hunch'),
    privateContent: marker('Private words never to leave the server'),
    documentName: marker('bloodwork') + '.pdf',
    documentDescription: marker('Blood test results from March'),
    storageKey: marker('storage-key'),
  }
  const patient = createPatient(practitionerId, {
    firstName: 'Jamie',
    lastName: words.lastName,
    email: words.email,
    phone: words.phone,
    address: words.address,
    dateOfBirth: words.dateOfBirth,
    allergies: words.allergies,
    medications: words.medications,
  })
  createNote(practitionerId, patient.id, {
    title: words.sharedTitle,
    content: words.sharedContent,
    noteType: 'assessment',
    isPrivate: false,
  })
  createNote(practitionerId, patient.id, {
    title: words.privateTitle,
    content: words.privateContent,
    noteType: 'general',
    isPrivate: true,
  })
  getDb()
    .insert(patientDocuments)
    .values({
      patientProfileId: patient.id,
      practitionerId,
      fileName: words.storageKey,
      originalName: words.documentName,
      fileType: 'application/pdf',
      fileSize: 20_480,
      filePath: `/secret/${words.storageKey}`,
      description: words.documentDescription,
    })
    .run()
  return { patient, words }
}

export type SentRequest = { body: Record<string, unknown>; headers: Headers }

/** Records every request the Anthropic API receives from now on; the usual handlers still answer. */
export function recordAiRequests() {
  const sent: SentRequest[] = []
  mockServer.use(
    http.post(MESSAGES_URL, async ({ request }) => {
      sent.push({ body: (await request.clone().json()) as Record<string, unknown>, headers: request.headers })
      // Answering nothing passes the request on to the demo handler.
    }),
  )
  return sent
}

/** The user turn's text of a recorded request. */
export function promptOf(request: SentRequest) {
  const [message] = request.body.messages as { content: string }[]
  return message!.content
}

/** An error answer as the API sends it; retry-after-ms keeps the SDK's retries instant. */
export function apiError(status: number, type: string, message = type) {
  return HttpResponse.json(
    { type: 'error', error: { type, message } },
    { status, headers: { 'retry-after-ms': '1', 'request-id': 'req_test' } },
  )
}

/** Answers the next calls with `answer` (counting them), the ones after with the usual handlers. */
export function failNextAiCalls(times: number, answer: () => Response) {
  const calls = { count: 0 }
  mockServer.use(
    http.post(MESSAGES_URL, () => {
      calls.count += 1
      if (calls.count <= times) return answer()
    }),
  )
  return calls
}

export const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`

/** The start of a streamed tool call, as the API sends it. */
export function toolCallStart(model = 'claude-test') {
  return [
    sse('message_start', {
      type: 'message_start',
      message: {
        id: 'msg_test',
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 1 },
      },
    }),
    sse('content_block_start', {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'tool_use', id: 'toolu_test', name: 'record_consultation', input: {} },
    }),
  ]
}

export const inputDelta = (partial_json: string) =>
  sse('content_block_delta', {
    type: 'content_block_delta',
    index: 0,
    delta: { type: 'input_json_delta', partial_json },
  })

/** A streamed answer from these pieces of text; `hold` keeps it open after them until resolved. */
export function eventStreamResponse(pieces: string[], hold?: Promise<void>, rest: string[] = []) {
  const encoder = new TextEncoder()
  return new HttpResponse(
    new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const piece of pieces) controller.enqueue(encoder.encode(piece))
        if (!hold) return controller.close()
        await hold
        for (const piece of rest) controller.enqueue(encoder.encode(piece))
        controller.close()
      },
    }),
    { headers: { 'Content-Type': 'text/event-stream' } },
  )
}

/** The consultations stored for a patient, and their 'ai_consult' trail rows. */
export function storedConsultations(patientId: number) {
  const db = getDb()
  return {
    rows: db.select().from(aiConsultations).where(eq(aiConsultations.patientProfileId, patientId)).all(),
    trail: db
      .select({ detail: patientAuditLog.detail, practitionerId: patientAuditLog.practitionerId })
      .from(patientAuditLog)
      .where(and(eq(patientAuditLog.patientProfileId, patientId), eq(patientAuditLog.action, 'ai_consult')))
      .all(),
  }
}

/** Runs `run` with these settings (ANTHROPIC_*…), then puts the old ones back. */
export async function withEnv<T>(vars: Record<string, string>, run: () => Promise<T>) {
  const before = Object.fromEntries(Object.keys(vars).map((key) => [key, process.env[key]]))
  Object.assign(process.env, vars)
  resetEnvCache()
  try {
    return await run()
  } finally {
    for (const [key, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[key]
      else process.env[key] = value
    }
    resetEnvCache()
  }
}
