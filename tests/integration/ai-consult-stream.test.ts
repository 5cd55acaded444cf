import net from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { hit, resetAllLimits } from '~/lib/rate-limit.server'
import { AI_QUESTION_REQUIRED, AI_SERVICE_BUSY } from '~/models/records/ai-consult'
import { AiConsultError, readAiConsultAnswer } from '~/models/records/ai-consult-stream'
import { AI_CONSULT_LIMIT } from '~/models/records/ai-consult.server'
import { PATIENT_NOT_FOUND } from '~/models/records/patient'
import * as aiConsultApi from '~/routes/api.patient-profiles.$id.ai-consult'
import { createUser, jsonRequest, routeArgs, settle, signIn } from '../helpers'
import {
  apiError,
  chartedPatient,
  eventStreamResponse,
  failNextAiCalls,
  inputDelta,
  sse,
  storedConsultations,
  toolCallStart,
} from '../helpers/ai'
import { startFrontDoor, type FrontDoor } from '../helpers/front-door'
import { inEnglish } from '../helpers/i18n'
import { remixApp } from '../helpers/remix-app'

/**
 * The streamed answer of the Consult the AI tab (`Accept: text/event-stream`): pieces while the
 * model writes that add up to what is stored, refusals and early failures still plain JSON, a
 * failure midway as an error event with nothing stored, a client leaving midway, and the events
 * reaching the browser through the real server (compression must not hold them back).
 */

let priya: { id: number }
let pablo: { id: number }
let cookies: { priya: string; pablo: string }

beforeAll(async () => {
  priya = await createUser({ isPractitioner: true, firstName: 'Priya' })
  pablo = await createUser({ isPractitioner: true, firstName: 'Pablo' })
  cookies = { priya: await signIn(priya.id), pablo: await signIn(pablo.id) }
})

beforeEach(() => {
  resetAllLimits()
  vi.restoreAllMocks()
})

/** Asks for the streamed answer, as the tab's JavaScript does; answers the raw Response. */
async function askStreaming(cookie: string, patientId: number, body: unknown) {
  const request = jsonRequest(`/api/patient-profiles/${patientId}/ai-consult`, 'POST', body, {
    cookie,
    headers: { Accept: 'text/event-stream' },
  })
  return (await settle(() => aiConsultApi.action(routeArgs(request, { id: String(patientId) })))) as Response
}

const LONG_LINE = 'The record shows steady progress over the last three sessions, with less pain each week.'

/** A model answer that waits at `gate` after its first line, then finishes. */
function gatedAnswer(gate: Promise<void>) {
  return eventStreamResponse([...toolCallStart(), inputDelta(`{"response": "${LONG_LINE}`)], gate, [
    inputDelta('\\n\\nKeep the stretches going.", "summary": "Improving back pain."}'),
    sse('content_block_stop', { type: 'content_block_stop', index: 0 }),
    sse('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: 'tool_use', stop_sequence: null },
      usage: { output_tokens: 40 },
    }),
    sse('message_stop', { type: 'message_stop' }),
  ])
}

describe('the streamed answer', () => {
  test('arrives in pieces that add up to the stored response, then the stored consultation', async () => {
    const { patient } = chartedPatient(priya.id)
    const response = await askStreaming(cookies.priya, patient.id, { question: 'How is the back pain?' })
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/event-stream; charset=utf-8')
    expect(response.headers.get('Cache-Control')).toBe('no-store, no-transform')

    const pieces: string[] = []
    const consultation = await readAiConsultAnswer(response, { onText: (text) => pieces.push(text) })
    expect(pieces.length).toBeGreaterThan(3)
    expect(pieces.join('')).toBe(consultation.response)
    // The demo's own disclaimer never reached the screen, not even while streaming.
    expect(pieces.join('')).not.toMatch(/disclaimer/i)
    expect(consultation).toMatchObject({ question: 'How is the back pain?', isDemo: true })

    const { rows, trail } = storedConsultations(patient.id)
    expect(rows).toEqual([expect.objectContaining({ id: consultation.id, response: consultation.response })])
    expect(trail).toEqual([{ practitionerId: priya.id, detail: `consultation ${consultation.id}` }])
  })

  test('refusals are JSON with their status, as without streaming', async () => {
    const { patient } = chartedPatient(priya.id)
    const blank = await askStreaming(cookies.priya, patient.id, { question: ' ' })
    expect(blank.status).toBe(400)
    expect(blank.headers.get('Content-Type')).toMatch(/^application\/json/)
    await expect(readAiConsultAnswer(blank)).rejects.toEqual(new AiConsultError(inEnglish(AI_QUESTION_REQUIRED), 400))

    const theirs = await askStreaming(cookies.pablo, patient.id, { question: 'Whose?' })
    expect(theirs.status).toBe(404)
    expect(await theirs.json()).toEqual({ message: inEnglish(PATIENT_NOT_FOUND) })

    for (let i = 0; i < AI_CONSULT_LIMIT.max; i++) hit(`ai-consult:${priya.id}`, AI_CONSULT_LIMIT)
    expect((await askStreaming(cookies.priya, patient.id, { question: 'More?' })).status).toBe(429)
  })

  test('a failure before the first words is a JSON 502, and nothing is stored', async () => {
    const { patient } = chartedPatient(priya.id)
    failNextAiCalls(99, () => apiError(529, 'overloaded_error', 'Overloaded'))
    const response = await askStreaming(cookies.priya, patient.id, { question: 'Busy?' })
    expect(response.status).toBe(502)
    await expect(readAiConsultAnswer(response)).rejects.toEqual(new AiConsultError(inEnglish(AI_SERVICE_BUSY), 502))
    expect(storedConsultations(patient.id)).toEqual({ rows: [], trail: [] })
  })

  test('a failure midway is an error event after the pieces already shown, and nothing is stored', async () => {
    const { patient } = chartedPatient(priya.id)
    failNextAiCalls(99, () =>
      eventStreamResponse([
        ...toolCallStart(),
        inputDelta(`{"response": "${LONG_LINE}\\nMore`),
        sse('error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }),
      ]),
    )
    const response = await askStreaming(cookies.priya, patient.id, { question: 'Midway?' })
    expect(response.status).toBe(200)
    const pieces: string[] = []
    await expect(readAiConsultAnswer(response, { onText: (text) => pieces.push(text) })).rejects.toEqual(
      new AiConsultError(inEnglish(AI_SERVICE_BUSY), 502),
    )
    expect(pieces.join('')).toBe(LONG_LINE)
    expect(storedConsultations(patient.id)).toEqual({ rows: [], trail: [] })
  })

  test('a client that leaves midway: the consultation still completes and is stored', async () => {
    const { patient } = chartedPatient(priya.id)
    let release = () => {}
    failNextAiCalls(1, () => gatedAnswer(new Promise<void>((resolve) => (release = resolve))))
    const response = await askStreaming(cookies.priya, patient.id, { question: 'Leaving early' })
    const reader = response.body!.getReader()
    const first = new TextDecoder().decode((await reader.read()).value)
    expect(first).toContain('event: delta')
    await reader.cancel()
    release()
    await vi.waitFor(() => expect(storedConsultations(patient.id).rows).toHaveLength(1), { timeout: 3000 })
    expect(storedConsultations(patient.id).rows[0]!.response).toBe(`${LONG_LINE}\n\nKeep the stretches going.`)
  })
})

describe('through the server', () => {
  let door: FrontDoor

  beforeAll(async () => {
    door = await startFrontDoor((await remixApp()).build)
  }, 60_000)
  afterAll(async () => door?.close())

  /** Sends the request over a socket; `onText` sees everything received so far, as it comes. */
  function post(path: string, body: string, headers: Record<string, string>, onText: (received: string) => void) {
    return new Promise<string>((resolve, reject) => {
      const socket = net.connect(door.port, '127.0.0.1')
      let received = ''
      socket.on('data', (data) => {
        received += data.toString('latin1')
        onText(received)
      })
      socket.on('end', () => resolve(received))
      socket.on('error', reject)
      const head = {
        host: `127.0.0.1:${door.port}`,
        connection: 'close',
        'content-length': String(body.length),
        ...headers,
      }
      socket.write(
        `POST ${path} HTTP/1.1\r\n${Object.entries(head)
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join('')}\r\n${body}`,
      )
    })
  }

  test('each piece reaches the browser while the model is still writing, uncompressed', async () => {
    const { patient } = chartedPatient(priya.id)
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    failNextAiCalls(1, () => gatedAnswer(gate))
    // The test fails here rather than hang if the first piece is held back.
    const heldBack = setTimeout(release, 5000)
    let firstPieceBeforeTheEnd = false

    const raw = await post(
      `/api/patient-profiles/${patient.id}/ai-consult`,
      JSON.stringify({ question: 'Through the server?' }),
      {
        cookie: cookies.priya,
        'content-type': 'application/json',
        accept: 'text/event-stream',
        'accept-encoding': 'gzip, deflate, br',
      },
      (received) => {
        if (!firstPieceBeforeTheEnd && received.includes('event: delta') && !received.includes('event: done')) {
          firstPieceBeforeTheEnd = true
          release()
        }
      },
    )
    clearTimeout(heldBack)
    const head = raw.slice(0, raw.indexOf('\r\n\r\n')).toLowerCase()
    expect(head).toMatch(/^http\/1\.1 200/)
    expect(head).toContain('content-type: text/event-stream')
    expect(head).not.toContain('content-encoding')
    expect(head).toContain('cache-control: private, no-store, no-transform')
    expect(firstPieceBeforeTheEnd).toBe(true)
    expect(raw).toContain('event: done')
    expect(storedConsultations(patient.id).rows).toHaveLength(1)
  })
})
