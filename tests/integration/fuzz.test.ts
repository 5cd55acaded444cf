import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { getDb } from '~/db/client.server'
import { settleAfterResponse } from '~/lib/after-response.server'
import { BODY_MAX_BYTES } from '~/lib/body.server'
import { DIRECTION_CONTROL_TEXT, isOneLineText, ONE_LINE_TEXT } from '~/lib/plain-text'
import { resetAllLimits } from '~/lib/rate-limit.server'
import { createBooking } from '~/models/booking/booking.server'
import { startCheckout } from '~/models/booking/payments.server'
import { createConnectedAccount } from '~/models/practice/connect.server'
import { DETAIL_LINES_TEXT } from '~/models/practice/service-form'
import { createPatient } from '~/models/records/patients.server'
import {
  createListedPractitioner,
  createUser,
  insertBooking,
  insertService,
  insertSlot,
  recordExpensiveSteps,
  signIn,
  type StepEvent,
} from '../helpers'
import { inEnglish } from '../helpers/i18n'
import {
  APP_DIR,
  remixApp,
  uploadProfilePicture,
  urlFor,
  type AppAnswer,
  type AppRoute,
  type RemixApp,
} from '../helpers/remix-app'

/**
 * Property-based fuzz of every route that takes input (issue 10, "Suites that keep it so").
 *
 * The routes come from the route table (app/routes, read as app/routes.ts reads it), so a new
 * route is fuzzed without anyone adding it here. Requests go byte for byte over a loopback
 * socket to the real server stack, server/app.js in front of Remix's request handler and every
 * route module (tests/helpers/remix-app.ts). Each route with an action (and every other page or
 * endpoint) gets writes, each route with a loader gets reads, as a visitor, a client, a
 * practitioner and an admin, with:
 *  - JSON bodies whose fields are the app's own field names (read from its zod schemas and
 *    forms) holding the wrong types: numbers as strings, arrays, objects, null, huge numbers,
 *    NaN-ish strings, ~100 KB strings, odd unicode and control characters;
 *  - malformed JSON, JSON of the wrong shape, and bodies in the wrong content type (text,
 *    XML, none, multipart without a boundary, garbage and truncated multipart);
 *  - form posts (urlencoded and multipart) with the app's intents, field names and odd values;
 *  - bad ids in the path (0, -1, 1e309, abc, %00, malformed percent-encoding, very long),
 *    odd query strings, and Remix's single-fetch `.data` addresses.
 *
 * The property: never a 5xx (a 502 is allowed only from a payments route, with a message),
 * a loader or action only ever answers a Response or data Remix can send, an /api refusal is
 * JSON `{ message }`, no request's body is read twice (`Request#clone` is never called: a copy's
 * two branches wait for each other, and a body past its cap was once never answered), and no
 * anonymous request reaches an expensive step (a password hash, an image decode, an email, an
 * AI call) before a rate limit (app/lib/expensive-steps.server.ts). After each route's batch the database passes `PRAGMA integrity_check`
 * and `GET /api/categories` still answers 200.
 *
 * Before the random runs, each write is sent the bodies that are not forms (JSON, text, XML,
 * none declared, a truncated multipart) and a form just past the 256 KB cap, as an actor and
 * with ids that reach its body, and each
 * read without an id is sent Remix's legacy data request (`?_data=<route id>`).
 *
 * Deterministic: one fixed seed per route (derived from its id, so adding a route does not
 * change the others' runs).
 *
 * Classes of input with a sharper property of their own follow the general runs, each in a
 * block of its own at the end of the file: a control character in a one-line field.
 */

const RUNS_PER_ACTION = 16
const RUNS_PER_LOADER = 10

type Actor = 'visitor' | 'client' | 'practitioner' | 'admin'
const ACTORS: Actor[] = ['visitor', 'client', 'practitioner', 'admin']

let app: RemixApp
const userIds: Record<Exclude<Actor, 'visitor'>, number> = { client: 0, practitioner: 0, admin: 0 }
/** Ids and names of real records, so that some requests get past "not found" into the rules. */
const known: string[] = []

/* ------------------------------------------------------------------------------------------ */
/* What the app reads: field names, intents and query parameters, found in its own source.     */
/* ------------------------------------------------------------------------------------------ */

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(file)
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : []
  })
}

function collect(pattern: RegExp, texts: string[]) {
  const found = new Set<string>()
  for (const text of texts) for (const match of text.matchAll(pattern)) found.add(match[1]!)
  return [...found].sort()
}

type ZodLike = { _zod?: { def?: Record<string, unknown> } }

/** The keys of every object inside a zod schema (objects, intersections, pipes, optionals...). */
function zodKeys(schema: unknown, into: Set<string>, depth = 0) {
  const def = (schema as ZodLike)?._zod?.def
  if (!def || depth > 8) return
  const shape = def.shape as Record<string, unknown> | undefined
  if (shape && typeof shape === 'object') {
    for (const [key, value] of Object.entries(shape)) {
      into.add(key)
      zodKeys(value, into, depth + 1)
    }
  }
  for (const child of ['innerType', 'in', 'out', 'left', 'right', 'element', 'schema']) {
    if (def[child]) zodKeys(def[child], into, depth + 1)
  }
  if (Array.isArray(def.options)) for (const option of def.options) zodKeys(option, into, depth + 1)
}

const texts = sourceFiles(APP_DIR).map((file) => fs.readFileSync(file, 'utf8'))
const INTENTS = collect(/_INTENT\s*=\s*'([^']+)'/g, texts)
const QUERY_KEYS = [...collect(/searchParams\.(?:get|has|getAll)\('([^']+)'\)/g, texts), 'scope', 'deleteBatch']
const FORM_FIELDS = collect(/(?:formData|form)\.get\('([^']+)'\)/g, texts)

const schemaModules = import.meta.glob(['/app/models/**/*.ts', '/app/components/**/*.{ts,tsx}', '!**/*.test.*'], {
  eager: true,
})
const SCHEMA_FIELDS = (() => {
  const keys = new Set<string>()
  for (const exports of Object.values(schemaModules)) {
    for (const value of Object.values(exports as Record<string, unknown>)) zodKeys(value, keys)
  }
  return [...keys].sort()
})()
const FIELDS = [...new Set([...SCHEMA_FIELDS, ...FORM_FIELDS, 'intent', 'website'])].sort()

/* ------------------------------------------------------------------------------------------ */
/* Arbitraries.                                                                                */
/* ------------------------------------------------------------------------------------------ */

const LONG_ASCII = 'a'.repeat(100_000)
const LONG_EMOJI = '😀'.repeat(25_000)
const LONG_DIGITS = '9'.repeat(100_000)

const oddStrings = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '00042',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x1F',
  '9007199254740993',
  'null',
  'undefined',
  'true',
  'on',
  '[]',
  '{}',
  '\u0000',
  '\u0000\u0001\u0007\b\u001b[31m',
  '\r',
  '\r\nATTENDEE:mailto:evil@example.com',
  '\u202eevil',
  '\ufeff',
  'Ω≈ç√∫˜µ≤≥÷',
  '𝕊𝕠𝕝𝕒𝕔𝕖',
  'ﷺ',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '../../../etc/passwd',
  '%00',
  '%E0%A4%A',
  '2031-01-15',
  '2031-02-30',
  '2031-13-01',
  '1970-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '2031-01-15T25:61:00+99:00',
  '09:00',
  '24:60',
  'America/Toronto',
  'Not/AZone',
  'x@example.com',
  'not-an-email',
  'https://example.com/meet',
  'javascript:alert(1)',
  'data:image/png;base64,AAAA',
  '/uploads/images/../../x.png',
  '/images/ok.png',
  LONG_ASCII,
  LONG_EMOJI,
  LONG_DIGITS,
)

/** Filled in beforeAll; picked at generation time. */
const knownValue = fc.nat({ max: 1000 }).map((i) => known[i % known.length]!)

const shortStrings = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
)

const stringValue = fc.oneof(
  { weight: 4, arbitrary: oddStrings },
  { weight: 3, arbitrary: shortStrings },
  { weight: 2, arbitrary: knownValue },
  { weight: 2, arbitrary: fc.constantFrom(...INTENTS) },
)

const numberValue = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 1, 1.5, -0, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, Number.MAX_VALUE, Number.MIN_VALUE),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
)

const jsonLeaf = fc.oneof(
  { weight: 4, arbitrary: stringValue },
  { weight: 2, arbitrary: numberValue },
  { weight: 1, arbitrary: knownValue.map(Number) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
)

const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: jsonLeaf },
  { weight: 1, arbitrary: fc.array(jsonLeaf, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), jsonLeaf, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 10_000 }, (_, i) => `x${i}`)) },
)

const fieldObject = fc.dictionary(fc.constantFrom(...FIELDS), jsonValue, { minKeys: 1, maxKeys: 10 })

/** Nested 5,000 deep: parsers and validators that recurse must still answer. */
const DEEP_JSON = '['.repeat(5000) + ']'.repeat(5000)

const malformedJson = fc.constantFrom(
  '{',
  '{"email":',
  '{"a":1,}',
  "{'a':1}",
  '[1,2',
  'nul',
  '"unterminated',
  '\u0000',
  '{"a":"\\ud800"}',
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":1}{"b":2}',
  '1e99999',
  DEEP_JSON,
  `{"email":"${LONG_ASCII}"}`,
)

const topLevelJson = fc.oneof(
  fc.constantFrom('null', '[]', '0', '-1', 'true', '""', '"text"', '[{}]', '{}'),
  fc.array(jsonLeaf, { maxLength: 3 }).map((v) => JSON.stringify(v)),
)

type Body = { kind: string; contentType?: string; body?: BodyInit }

const BOUNDARY = '----solacefuzz'

function multipartText(fields: [string, string][], { truncate = false } = {}) {
  const parts = fields.map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  )
  const text = parts.join('') + `--${BOUNDARY}--\r\n`
  return truncate ? text.slice(0, Math.max(10, Math.floor(text.length * 0.6))) : text
}

const formPairs = fc.tuple(
  fc.option(fc.constantFrom(...INTENTS), { nil: undefined, freq: 4 }),
  fc.array(fc.tuple(fc.constantFrom(...FIELDS), stringValue), { maxLength: 8 }),
)

const FILE_FIELDS = FIELDS.filter((f) => /file|image|picture/i.test(f))

const fileBytes = fc.constantFrom(
  () => new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
  () => new TextEncoder().encode('GIF89a<html><script>alert(1)</script></html>'),
  () => new Uint8Array(2048).fill(0xff),
  () => new Uint8Array(0),
)

/** Bodies that are not what the route reads: the wrong content type, none, or a broken multipart. */
const ODD_BODIES: Body[] = [
  { kind: 'text/plain', contentType: 'text/plain', body: '{"email":"x@example.com"}' },
  {
    kind: 'xml',
    contentType: 'application/xml',
    body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  },
  { kind: 'no content type', body: 'intent=update-account&firstName=A' },
  { kind: 'multipart without boundary', contentType: 'multipart/form-data', body: 'intent=x' },
  {
    kind: 'multipart garbage',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: 'garbage\r\n\r\n--\r\n',
  },
  {
    kind: 'multipart truncated',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: multipartText(
      [
        ['intent', 'update-account'],
        ['firstName', 'Ada'],
        ['email', 'x@example.com'],
      ],
      { truncate: true },
    ),
  },
  {
    kind: 'urlencoded malformed',
    contentType: 'application/x-www-form-urlencoded',
    body: '%zz=%E0%A4%A&&==&intent=%',
  },
  { kind: 'json declared utf-16', contentType: 'application/json; charset=utf-16', body: '{"a":1}' },
  { kind: 'octet-stream', contentType: 'application/octet-stream', body: new Uint8Array([0, 1, 2, 255]) },
  {
    kind: 'form declared, json sent',
    contentType: 'application/x-www-form-urlencoded',
    body: '{"intent":"cancel"}',
  },
  { kind: 'empty json', contentType: 'application/json', body: '' },
  { kind: 'no body', body: undefined },
]

const body: fc.Arbitrary<Body> = fc.oneof(
  {
    weight: 4,
    arbitrary: fieldObject.map((o) => ({
      kind: 'json fields',
      contentType: 'application/json',
      body: JSON.stringify(o),
    })),
  },
  {
    weight: 2,
    arbitrary: malformedJson.map((b) => ({ kind: 'malformed json', contentType: 'application/json', body: b })),
  },
  {
    weight: 1,
    arbitrary: topLevelJson.map((b) => ({ kind: 'json of another shape', contentType: 'application/json', body: b })),
  },
  {
    weight: 4,
    arbitrary: formPairs.map(([intent, pairs]) => {
      const params = new URLSearchParams(pairs)
      if (intent) params.set('intent', intent)
      return { kind: 'urlencoded form', contentType: 'application/x-www-form-urlencoded', body: params.toString() }
    }),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(formPairs, fc.option(fc.tuple(fc.constantFrom(...FILE_FIELDS), fileBytes), { nil: undefined }))
      .map(([[intent, pairs], file]) => {
        const form = new FormData()
        if (intent) form.set('intent', intent)
        for (const [k, v] of pairs) form.append(k, v)
        if (file) form.set(file[0], new File([file[1]()], 'x.png', { type: 'image/png' }))
        return { kind: 'multipart form', body: form }
      }),
  },
  { weight: 1, arbitrary: fc.constantFrom<Body>(...ODD_BODIES) },
)

/** A path segment: a real id, or a bad one, already URL-encoded (some on purpose malformed). */
const segment = fc.oneof(
  { weight: 3, arbitrary: knownValue.map(encodeURIComponent) },
  {
    weight: 5,
    arbitrary: fc.constantFrom(
      '0',
      '-1',
      '1e309',
      '1.5',
      '00001',
      'abc',
      '%00',
      '%E0%A4%A',
      '%',
      '%2e%2e',
      '..',
      '%2F',
      'null',
      '%20',
      '9'.repeat(400),
      'x'.repeat(5000),
      encodeURIComponent('😀'),
      '2031-01-15',
      '2031-02-30',
      '9999-99-99',
      '1;DROP',
      'a.png',
      '00000000-0000-0000-0000-000000000000.png',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }).map(encodeURIComponent) },
)

/**
 * Query strings: the parameters the app reads, with odd values. `_data` is Remix's legacy data
 * request (`?_data=<route id>`, still answered with single fetch on): it gets the ids of the
 * route and its parents, or one that is not on the page.
 */
function queryFor(route: AppRoute) {
  const ids: string[] = ['routes/does-not-exist']
  for (let r: AppRoute | undefined = route; r; r = table.routes.find((p) => p.id === r!.parentId)) ids.push(r.id)
  const pair = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.tuple(
        fc.constantFrom(...QUERY_KEYS),
        stringValue.filter((s) => s.length < 2000),
      ),
    },
    { weight: 1, arbitrary: fc.tuple(fc.constant('_data'), fc.constantFrom(...ids)) },
  )
  return fc.array(pair, { maxLength: 3 })
}

const signature = fc.option(
  fc.constantFrom('t=1,v1=abc', 't=99999999999999999999,v1=', ',,,', 'v1=' + 'f'.repeat(64), 'x'.repeat(10_000)),
  { nil: undefined, freq: 3 },
)

/* ------------------------------------------------------------------------------------------ */
/* Sending and judging.                                                                        */
/* ------------------------------------------------------------------------------------------ */

type Call = {
  actor: Actor
  method: string
  params: Record<string, string>
  query: [string, string][]
  body: Body
  singleFetch: boolean
  signature?: string
}

/** One session per actor, made again only when an answer ended it (a logout, say). */
const sessions = new Map<Actor, string>()

async function cookieFor(actor: Actor) {
  if (actor === 'visitor') return undefined
  if (!sessions.has(actor)) sessions.set(actor, await signIn(userIds[actor]))
  return sessions.get(actor)
}

function urlOf(route: AppRoute, call: Call) {
  const url = urlFor(route.pattern, call.params, { raw: true })
  const withData =
    call.singleFetch && !route.isResource ? `${url === 'http://localhost/' ? 'http://localhost/_root' : url}.data` : url
  const search = new URLSearchParams(call.query).toString()
  return search ? `${withData}?${search}` : withData
}

/** The bytes and Content-Type a FormData body is sent as (its multipart boundary included). */
async function serialised(body: Body) {
  if (!(body.body instanceof FormData))
    return { bytes: body.body as string | Uint8Array | undefined, contentType: body.contentType }
  const request = new Request('http://localhost/', { method: 'POST', body: body.body })
  return { bytes: new Uint8Array(await request.arrayBuffer()), contentType: request.headers.get('Content-Type')! }
}

/** `Request#clone` calls on requests with a body, counted by a spy set up in beforeAll. */
const bodyClones = { count: 0 }

/** How long a body past the cap may take to be answered before the run calls it never answered. */
const PAST_THE_CAP_ANSWER_MS = 10_000

async function send(route: AppRoute, call: Call) {
  resetAllLimits()
  bodyClones.count = 0
  const headers: Record<string, string> = {}
  const cookie = await cookieFor(call.actor)
  if (cookie) headers.cookie = cookie
  const { bytes, contentType } = await serialised(call.body)
  if (contentType) headers['content-type'] = contentType
  if (call.signature) headers['stripe-signature'] = call.signature
  const url = urlOf(route, call)
  const hasBody = call.method !== 'GET' && call.method !== 'HEAD' && bytes !== undefined
  // Sent as written: the path keeps its malformed escapes and odd segments.
  const recorded = recordExpensiveSteps()
  let answer: AppAnswer
  try {
    const sent = app.http({
      method: call.method,
      path: url.slice('http://localhost'.length) || '/',
      headers,
      body: hasBody ? bytes : undefined,
    })
    answer = await (call.body.kind === 'past the cap' ? withinTime(sent, PAST_THE_CAP_ANSWER_MS) : sent)
    // Work the request left for after its answer (an email) is the request's too.
    await settleAfterResponse()
  } finally {
    recorded.stop()
  }
  if (call.actor !== 'visitor' && /(^|,\s*)__session=/.test(answer.headers.get('Set-Cookie') ?? '')) {
    sessions.delete(call.actor)
  }
  return { url, answer, steps: recorded.events, bodyClones: bodyClones.count }
}

async function withinTime<T>(answer: Promise<T>, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`never answered within ${ms / 1000} s`)), ms)
  })
  try {
    return await Promise.race([answer, late])
  } finally {
    clearTimeout(timer)
  }
}

/** The expensive steps a call took before it consulted any rate limit. */
function stepsBeforeAnyLimit(events: StepEvent[]) {
  const firstLimit = events.findIndex((event) => event.kind === 'limit')
  return (firstLimit < 0 ? events : events.slice(0, firstLimit)).flatMap((event) =>
    event.kind === 'step' ? [event.step] : [],
  )
}

/** Routes where a payment provider's refusal may be told as a 502 (read from what they import). */
function isPaymentsRoute(route: AppRoute) {
  const source = fs.readFileSync(path.join(APP_DIR, '..', route.file), 'utf8')
  return /payments\.server|connect\.server|cancelBooking|stripe/i.test(source)
}

function hasMessage(answer: AppAnswer) {
  return /"(message|description)":"[^"]+"/.test(answer.text)
}

function describeCall(route: AppRoute, call: Call, url: string) {
  const bodyText =
    call.body.body === undefined
      ? '(none)'
      : typeof call.body.body === 'string'
        ? call.body.body.length > 160
          ? `${call.body.body.slice(0, 160)}… (${call.body.body.length} chars)`
          : call.body.body
        : call.body.body instanceof FormData
          ? `FormData ${JSON.stringify([...call.body.body.entries()].map(([k, v]) => [k, typeof v === 'string' ? v.slice(0, 40) : `File(${v.size})`]))}`
          : `(${Object.prototype.toString.call(call.body.body)})`
  const shortUrl = url.length > 200 ? `${url.slice(0, 200)}… (${url.length} chars)` : url
  return `${call.method} ${shortUrl} as ${call.actor} [${call.body.kind}${call.body.contentType ? `, Content-Type: ${call.body.contentType}` : ''}] body: ${bodyText}`
}

type Sent = Awaited<ReturnType<typeof send>>

function judge(route: AppRoute, call: Call, { url, answer, steps, bodyClones: clones }: Sent) {
  const problems: string[] = []
  if (clones > 0) problems.push(`read its body twice (Request#clone, ${clones}×)`)
  const early = call.actor === 'visitor' ? stepsBeforeAnyLimit(steps) : []
  if (early.length) problems.push(`reached ${[...new Set(early)].join(', ')} before any rate limit, signed out`)
  const payments502 = answer.status === 502 && isPaymentsRoute(route) && hasMessage(answer)
  if (answer.status >= 500 && !payments502) problems.push(`answered ${answer.status}`)
  for (const v of answer.violations) problems.push(`${v.routeId} ${v.kind} ${v.problem}`)
  const isApi = route.pattern.startsWith('/api/') && !call.singleFetch && call.method !== 'HEAD'
  if (isApi && answer.status >= 400) {
    const message = (answer.json as { message?: unknown } | undefined)?.message
    if (typeof message !== 'string')
      problems.push(`an /api refusal without a JSON { message } (${answer.text.slice(0, 120)})`)
    else if (answer.status < 500 && message === 'Unexpected Server Error' && !call.query.some(([k]) => k === '_data')) {
      problems.push(
        `a ${answer.status} whose JSON says "Unexpected Server Error" (Remix's own answer, not the route's)`,
      )
    }
  }
  if (problems.length) {
    const errors = answer.errors
      .map((e) => (e instanceof Error ? `${e.name}: ${e.message}` : JSON.stringify(e)))
      .filter(Boolean)
      .join(' | ')
    throw new Error(
      `${describeCall(route, call, url)}\n  → ${answer.status}: ${problems.join('; ')}${errors ? `\n  errors: ${errors}` : ''}\n  body: ${answer.text.slice(0, 300)}`,
    )
  }
}

function seedOf(text: string) {
  let hash = 2166136261
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619)
  return hash >>> 0
}

/** Methods the route's source names (its requireMethod, its `request.method === ...`) come up more often. */
function writeMethods(route: AppRoute) {
  const source = fs.readFileSync(path.join(APP_DIR, '..', route.file), 'utf8')
  const named = collect(/'(POST|PUT|PATCH|DELETE)'/g, [source])
  const all = ['POST', 'PUT', 'PATCH', 'DELETE']
  return fc.oneof(...(named.length ? [{ weight: 3, arbitrary: fc.constantFrom(...named) }] : []), {
    weight: 1,
    arbitrary: fc.constantFrom(...all),
  })
}

function paramsFor(route: AppRoute) {
  const record: Record<string, fc.Arbitrary<string>> = {}
  for (const name of route.params) {
    record[name] =
      name === '*' ? fc.array(segment, { minLength: 0, maxLength: 3 }).map((parts) => parts.join('/')) : segment
  }
  return fc.record(record)
}

async function healthy() {
  const sqlite = getDb().$client
  expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok')
  expect(sqlite.pragma('foreign_key_check')).toEqual([])
  const next = await app.http(new Request('http://localhost/api/categories'))
  expect(next.status).toBe(200)
}

/**
 * A signed-in actor and real ids with which the route's page answers 200, found by asking it
 * (so a write gets past "not found" and the sign-in guard to where the body is read).
 */
async function reachable(route: AppRoute): Promise<{ actor: Actor; params: Record<string, string> }> {
  const fallback = {
    actor: 'client' as const,
    params: Object.fromEntries(route.params.map((name) => [name, encodeURIComponent(known[0]!)])),
  }
  if (route.isResource || route.params.length > 1 || route.params.includes('*')) return fallback
  const candidates = route.params.length
    ? known.map((value) => ({ [route.params[0]!]: encodeURIComponent(value) }))
    : [{}]
  for (const actor of ['client', 'practitioner', 'admin', 'visitor'] as const) {
    for (const params of candidates) {
      const call: Call = { actor, method: 'GET', params, query: [], body: { kind: 'none' }, singleFetch: false }
      if ((await send(route, call)).answer.status === 200) return { actor, params }
    }
  }
  return fallback
}

/**
 * A value a person might well have typed into a field of this name, so that one body gets past
 * most schemas to the rules behind them (and to the expensive steps, where those are).
 */
function plausibleValue(field: string) {
  if (field === 'website') return '' // the honeypot: a person leaves it empty
  if (/email/i.test(field)) return 'plausible@example.com'
  if (/password/i.test(field)) return 'Plausible-pass-2026'
  if (/phone/i.test(field)) return '416 555 0100'
  if (/token/i.test(field)) return 'made-up-token'
  if (/Id$|^id$/.test(field)) return known[0]!
  if (/date|birth/i.test(field)) return '2031-01-15'
  if (/time$/i.test(field)) return '09:00'
  if (/url|link/i.test(field)) return 'https://example.com/plausible'
  if (/price|amount|rating|duration|interval|years/i.test(field)) return '5'
  if (/^(is|agree|accept|terms|remember)/i.test(field)) return 'on'
  if (field === 'intent') return INTENTS[0]!
  return 'Plausible words'
}

/**
 * Always tried first for a write: the bodies that are not forms (JSON, text, XML, none declared,
 * a truncated multipart), a form just past the body cap, and a form and a JSON body in which
 * every field the app knows holds a plausible value, sent where the route reads its body (the
 * plausible ones signed out as well).
 */
async function bodyExamples(route: AppRoute): Promise<[Call][]> {
  const { actor, params } = await reachable(route)
  const kinds = new Set(['text/plain', 'xml', 'no content type', 'multipart truncated'])
  const notForms: Body[] = [
    {
      kind: 'json fields',
      contentType: 'application/json',
      body: JSON.stringify({ intent: INTENTS[0], email: 'x@example.com' }),
    },
    ...ODD_BODIES.filter((b) => kinds.has(b.kind)),
    {
      kind: 'plausible form',
      contentType: 'application/x-www-form-urlencoded',
      body: new URLSearchParams(FIELDS.map((field) => [field, plausibleValue(field)])).toString(),
    },
    {
      kind: 'plausible json',
      contentType: 'application/json',
      body: JSON.stringify(Object.fromEntries(FIELDS.map((field) => [field, plausibleValue(field)]))),
    },
    {
      kind: 'past the cap',
      contentType: 'application/x-www-form-urlencoded',
      body: `intent=${INTENTS[0]}&email=x%40example.com&message=${'a'.repeat(BODY_MAX_BYTES)}`,
    },
  ]
  const calls = notForms.map((b): [Call] => [{ actor, method: 'POST', params, query: [], body: b, singleFetch: false }])
  // Signed out too, where the route lets anyone in: nothing anonymous may reach an expensive step
  // before a rate limit, and a plausible body is the one that gets that far.
  if (actor === 'visitor') return calls
  const plausible = notForms.filter((b) => b.kind.startsWith('plausible'))
  return [
    ...calls,
    ...plausible.map((b): [Call] => [
      { actor: 'visitor', method: 'POST', params, query: [], body: b, singleFetch: false },
    ]),
  ]
}

/** Always tried first for a read: Remix's legacy data request for this very route, signed out and in. */
function dataRequestExamples(route: AppRoute): [Call][] {
  if (route.params.length) return []
  return (['visitor', 'client'] as const).map((actor) => [
    { actor, method: 'GET', params: {}, query: [['_data', route.id]], body: { kind: 'none' }, singleFetch: false },
  ])
}

async function fuzz(route: AppRoute, kind: 'action' | 'loader') {
  const call: fc.Arbitrary<Call> = fc.record({
    actor: fc.constantFrom(...ACTORS),
    method: kind === 'action' ? writeMethods(route) : fc.constantFrom('GET', 'GET', 'GET', 'HEAD'),
    params: paramsFor(route),
    query: queryFor(route),
    body: kind === 'action' ? body : fc.constant<Body>({ kind: 'none' }),
    singleFetch: route.isResource ? fc.constant(false) : fc.boolean(),
    signature,
  })
  const examples = kind === 'action' ? await bodyExamples(route) : dataRequestExamples(route)
  await fc.assert(
    fc.asyncProperty(call, async (c) => judge(route, c, await send(route, c))),
    {
      numRuns: kind === 'action' ? RUNS_PER_ACTION : RUNS_PER_LOADER,
      seed: seedOf(`${kind}:${route.id}`),
      // The failing request is described in full; shrinking would only cost time.
      endOnFailure: true,
      examples,
      // fast-check's own report prints every generated value (100 KB strings included).
      asyncReporter: async (details) => {
        if (!details.failed) return
        const error = details.errorInstance
        const reason = error instanceof Error ? error.message : String(error)
        throw new Error(`${route.file} (seed ${details.seed}, run ${details.numRuns}):\n${reason}`)
      },
    },
  )
  await healthy()
}

/* ------------------------------------------------------------------------------------------ */

beforeAll(async () => {
  const clone = Request.prototype.clone
  // Not msw's own clones: it copies every outgoing request (Stripe's SDK's, the emulator's
  // webhook deliveries) to read it. Nor remix-auth's: its form strategy copies the request it
  // is given, which is never the client's but one `authenticate` builds from fields already
  // read within the cap (app/models/accounts/auth.server.ts).
  vi.spyOn(Request.prototype, 'clone').mockImplementation(function (this: Request) {
    const stack = new Error().stack ?? ''
    if (this.body && !/\/node_modules\/(msw|remix-auth-form)\//.test(stack)) bodyClones.count += 1
    return clone.call(this)
  })

  app = await remixApp()

  const practitioner = await createListedPractitioner({ firstName: 'Fuzz', lastName: 'Practitioner' })
  const client = await createUser({ firstName: 'Fuzz', lastName: 'Client' })
  const admin = await createUser({ isAdmin: true })
  const newcomer = await createUser({ isPractitioner: true, firstName: 'New', lastName: 'Comer' })
  userIds.client = client.id
  userIds.practitioner = practitioner.id
  userIds.admin = admin.id

  const service = insertService(practitioner.id, { name: 'Fuzzed session', priceCents: 5000 })
  const free = insertService(practitioner.id, { name: 'Free intro', priceCents: 0, isFreeIntro: true })
  const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60_000)
  const slot = insertSlot({ practitionerId: practitioner.id, serviceId: service.id, startTime: inDays(3) })
  const freeSlot = insertSlot({ practitionerId: practitioner.id, serviceId: free.id, startTime: inDays(4) })
  const held = insertSlot({ practitionerId: practitioner.id, serviceId: service.id, startTime: inDays(5) })
  const booking = insertBooking({
    clientId: client.id,
    practitionerId: practitioner.id,
    serviceId: service.id,
    startsInHours: 72,
  })
  const pending = await createBooking(client, { serviceId: service.id, timeSlotId: held.id })
  const checkout = await startCheckout(client, pending.id, 'http://localhost')
  const onboarding = await createConnectedAccount(newcomer, 'http://localhost')

  const imageName = await uploadProfilePicture(app, practitioner, await signIn(practitioner.id))

  known.push(
    ...[practitioner.id, client.id, admin.id, service.id, free.id, slot.id, freeSlot.id, booking.id, pending.id].map(
      String,
    ),
    checkout.url.split('/').pop()!,
    onboarding.url.split('/').pop()!,
    imageName,
  )
}, 60_000)

afterAll(async () => {
  vi.restoreAllMocks()
  await app.close()
})

describe('the fuzz finds the app’s own vocabulary', () => {
  test('field names, intents and query parameters come from the source', () => {
    expect(FIELDS).toEqual(expect.arrayContaining(['email', 'password', 'serviceId', 'timeSlotId', 'intent']))
    expect(INTENTS.length).toBeGreaterThan(5)
    expect(QUERY_KEYS).toEqual(expect.arrayContaining(['date', 'month']))
  })
})

const table = await remixApp()
/** Writes go to every route with an action, and to every other page or endpoint too (Remix answers those 405). */
const isLeaf = (route: AppRoute) => !table.routes.some((child) => child.parentId === route.id)
const actionRoutes = table.routes
  .filter((r) => r.module.action || (isLeaf(r) && r.id !== 'root'))
  .sort((a, b) => a.id.localeCompare(b.id))
const loaderRoutes = table.routes.filter((r) => r.module.loader).sort((a, b) => a.id.localeCompare(b.id))

describe('every action (and every write to a route without one): odd bodies, types, content types and ids never make a 5xx, read a body twice, or reach an expensive step signed out before a limit', () => {
  test.each(actionRoutes.map((r) => [r.file, r]))('%s', async (_file, route) => {
    await fuzz(route as AppRoute, 'action')
  })
})

describe('every loader: bad ids and odd query strings never make a 5xx', () => {
  test.each(loaderRoutes.map((r) => [r.file, r]))('%s', async (_file, route) => {
    await fuzz(route as AppRoute, 'loader')
  })
})

/* ========================================================================================== */
/* Class: a control character in a one-line field (app/lib/plain-text.ts).                     */
/* ========================================================================================== */

/**
 * For the routes that take one-line fields (names, subjects, titles, phone numbers, a
 * service's name, details and meeting link, a patient's short fields), a body that is valid but
 * for one such field holding a control character, a line or paragraph separator, or (in JSON)
 * a lone surrogate, somewhere inside it (and, as a class of its own, a direction control): refused with a 4xx that says why, never a 5xx, and the
 * value is stored nowhere (every text column of every table is searched for its marker).
 * Deterministic: a fixed seed per case, a handful of runs each.
 */

const CONTROL_RUNS = 6

/** Inside a value, never at an end (an end is trimmed away, which is not a refusal). */
const CONTROL_CHARS = ['\u0000', '\t', '\n', '\r', '\r\n', '\u000b', '\u000c', '\u001b', '\u007f', '\u0085', '\u009b']
const SEPARATORS = ['\u2028', '\u2029']
/** JSON.stringify writes these as `\ud800` escapes; a form's UTF-8 cannot carry them at all. */
const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff']

/** `lines`: a textarea read one line per item (a service's details): a line break there is the separator. */
type FieldKind = 'text' | 'lines' | 'phone' | 'url' | 'email'
type ControlCase = {
  name: string
  file: string
  actor: Actor
  method: string
  /** `form`: a urlencoded post of the screen, sent as Remix's single fetch sends it. */
  as: 'json' | 'form'
  params?: () => Record<string, string>
  /** A valid body; `n` makes unique what must be (an email). */
  body: (n: number) => Record<string, unknown>
  /** The one-line fields, by path (`details.0` is the first item of a list). */
  fields: Record<string, FieldKind>
}

/**
 * What a refusal may say besides ONE_LINE_TEXT: a phone number's and an email's own messages, as
 * an /api answer words them or as a screen's answer carries them (their catalogue keys, which
 * the page shows in its language: app/lib/i18n/message.ts).
 */
const KIND_MESSAGES: Record<FieldKind, string[]> = {
  text: [],
  lines: [DETAIL_LINES_TEXT],
  url: [],
  phone: ['Please enter a valid phone number', 'auth:validation.invalidPhone'],
  email: ['Please enter a valid email address', 'auth:validation.invalidEmail'],
}
const ctl = { patientId: 0, practitionerId: 0, clientEmail: '' }
const ctlUsers: Partial<Record<Actor, number>> = {}
const ctlEmail = (n: number, who: string) => `fuzz-ctl-${who}-${n}@example.com`

const CONTROL_CASES: ControlCase[] = [
  {
    name: 'POST /api/signup',
    file: 'app/routes/api.signup.ts',
    actor: 'visitor',
    method: 'POST',
    as: 'json',
    body: (n) => ({
      email: ctlEmail(n, 'signup'),
      password: 'secret-pass',
      firstName: 'Maya',
      lastName: 'Chen',
      phoneNumber: '416-555-0199',
      isPractitioner: false,
      country: '',
    }),
    fields: { email: 'email', firstName: 'text', lastName: 'text', phoneNumber: 'phone' },
  },
  {
    name: 'the /signup screen',
    file: 'app/routes/_public.signup.tsx',
    actor: 'visitor',
    method: 'POST',
    as: 'form',
    body: (n) => ({
      email: ctlEmail(n, 'signup-form'),
      password: 'secret-pass',
      confirmPassword: 'secret-pass',
      firstName: 'Maya',
      lastName: 'Chen',
      phoneNumber: '416-555-0199',
      agreeToTerms: 'on',
      website: '',
    }),
    fields: { firstName: 'text', lastName: 'text', phoneNumber: 'phone' },
  },
  {
    name: 'POST /api/contact',
    file: 'app/routes/api.contact.ts',
    actor: 'visitor',
    method: 'POST',
    as: 'json',
    body: (n) => ({
      name: 'Maya',
      email: ctlEmail(n, 'contact'),
      subject: 'A question',
      message: 'Hello,\nhow do I book?',
    }),
    fields: { name: 'text', email: 'email', subject: 'text' },
  },
  {
    name: 'the /contact screen',
    file: 'app/routes/_public.contact.tsx',
    actor: 'visitor',
    method: 'POST',
    as: 'form',
    body: (n) => ({ name: 'Maya', email: ctlEmail(n, 'contact-form'), subject: 'A question', message: 'Hello' }),
    fields: { name: 'text', subject: 'text' },
  },
  {
    name: 'POST /api/leads',
    file: 'app/routes/api.leads.ts',
    actor: 'visitor',
    method: 'POST',
    as: 'json',
    body: (n) => ({
      firstName: 'Maya',
      lastName: 'Chen',
      email: ctlEmail(n, 'lead'),
      countryCode: '+1',
      phoneNumber: '416 555 0199',
      practiceType: 'naturopath',
      yearsOfExperience: '1-2',
    }),
    fields: { firstName: 'text', lastName: 'text', phoneNumber: 'phone' },
  },
  {
    name: 'POST /api/messages',
    file: 'app/routes/api.messages.ts',
    actor: 'client',
    method: 'POST',
    as: 'json',
    body: () => ({ recipientId: ctl.practitionerId, subject: 'Evening sessions', content: 'Do you offer them?' }),
    fields: { subject: 'text' },
  },
  {
    name: "a practitioner's profile: Ask a Question",
    file: 'app/routes/_public.practitioners.$id.tsx',
    actor: 'client',
    method: 'POST',
    as: 'form',
    params: () => ({ id: String(ctl.practitionerId) }),
    body: () => ({ intent: 'message', subject: 'Evening sessions', content: 'Do you offer them?' }),
    fields: { subject: 'text' },
  },
  {
    name: 'POST /api/services',
    file: 'app/routes/api.services._index.ts',
    actor: 'practitioner',
    method: 'POST',
    as: 'json',
    body: () => ({
      name: 'Sound Bath',
      description: 'Relax.\nBring a blanket.',
      category: 'Meditation',
      price: 0,
      duration: 45,
      details: ['Bring a mat', 'Quiet room'],
      meetingLink: 'https://meet.example.com/sound-bath',
    }),
    fields: { name: 'text', 'details.0': 'text', meetingLink: 'url' },
  },
  {
    name: 'the My Services dialog',
    file: 'app/routes/practitioner.services.tsx',
    actor: 'practitioner',
    method: 'POST',
    as: 'form',
    body: () => ({
      intent: 'create-service',
      name: 'Sound Bath',
      description: 'Relax.',
      category: 'Meditation',
      price: '0',
      duration: '45',
      details: '',
      meetingLink: '',
      isActive: 'on',
    }),
    fields: { name: 'text', details: 'lines', meetingLink: 'url' },
  },
  {
    name: 'PATCH /api/practitioners/profile',
    file: 'app/routes/api.practitioners.profile.ts',
    actor: 'practitioner',
    method: 'PATCH',
    as: 'json',
    body: () => ({
      firstName: 'Maya',
      lastName: 'Chen',
      title: 'Herbalist',
      specialties: ['Nutrition'],
      profession: 'other',
      professionOther: 'Herbalist',
      regulatoryBody: 'Herbalists Guild',
      registrationNumber: 'H-12',
      businessName: 'Chen Herbs',
      gstHstNumber: '123456789RT0001',
    }),
    fields: {
      firstName: 'text',
      lastName: 'text',
      title: 'text',
      'specialties.0': 'text',
      professionOther: 'text',
      regulatoryBody: 'text',
      registrationNumber: 'text',
      businessName: 'text',
      gstHstNumber: 'text',
    },
  },
  {
    name: 'the My Profile form',
    file: 'app/routes/practitioner.profile.tsx',
    actor: 'practitioner',
    method: 'POST',
    as: 'form',
    body: () => ({
      firstName: 'Maya',
      lastName: 'Chen',
      title: 'Herbalist',
      bio: 'Twenty years.\nOnline only.',
      regulatoryBody: 'Herbalists Guild',
      registrationNumber: 'H-12',
    }),
    fields: {
      title: 'text',
      suggestedSpecialty: 'text',
      customSpecialty: 'text',
      regulatoryBody: 'text',
      registrationNumber: 'text',
    },
  },
  {
    name: 'PATCH /api/auth/update-account',
    file: 'app/routes/api.auth.update-account.ts',
    actor: 'client',
    method: 'PATCH',
    as: 'json',
    body: () => ({ firstName: 'Eli', lastName: 'Ng', email: ctl.clientEmail, phoneNumber: '416-555-0199' }),
    fields: { firstName: 'text', lastName: 'text', phoneNumber: 'phone' },
  },
  {
    name: 'POST /api/patient-profiles',
    file: 'app/routes/api.patient-profiles._index.ts',
    actor: 'practitioner',
    method: 'POST',
    as: 'json',
    body: () => ({ firstName: 'Ada', lastName: 'Lovelace', medicalHistory: 'Asthma\nSince 1990' }),
    fields: {
      firstName: 'text',
      lastName: 'text',
      phone: 'phone',
      gender: 'text',
      address: 'text',
      emergencyContact: 'text',
      emergencyPhone: 'phone',
    },
  },
  {
    name: 'Add Patient',
    file: 'app/routes/practitioner.patient-charting/route.tsx',
    actor: 'practitioner',
    method: 'POST',
    as: 'form',
    body: () => ({ intent: 'create-patient', firstName: 'Ada', lastName: 'Lovelace' }),
    fields: { firstName: 'text', lastName: 'text', address: 'text' },
  },
  {
    name: 'POST /api/patient-profiles/{id}/notes',
    file: 'app/routes/api.patient-profiles.$id.notes.ts',
    actor: 'practitioner',
    method: 'POST',
    as: 'json',
    params: () => ({ id: String(ctl.patientId) }),
    body: () => ({ title: 'Intake', content: 'First visit.\nAll well.' }),
    fields: { title: 'text' },
  },
  {
    name: 'POST /api/admin/users',
    file: 'app/routes/api.admin.users._index.ts',
    actor: 'admin',
    method: 'POST',
    as: 'json',
    body: (n) => ({
      email: ctlEmail(n, 'admin-made'),
      password: 'secret-pass',
      firstName: 'Maya',
      lastName: 'Chen',
      phoneNumber: '416-555-0199',
    }),
    fields: { email: 'email', firstName: 'text', lastName: 'text', phoneNumber: 'phone' },
  },
]

/** One-line fields the cases above leave out, and why. */
const NOT_FUZZED: Record<string, string> = {
  description: "a document's description comes with its multipart upload (tests/integration/patient-documents.test.ts)",
  originalName: "a document's stored name, written from a checked upload, never typed",
  options:
    "an intake question's options, nested in the question: tests/integration/intake.test.ts refuses control characters in them",
}

/** The keys of every field a schema builds with `oneLineText` (or checks with `isOneLineText`). */
function oneLineKeys(schema: unknown, key: string | null, into: Set<string>, depth = 0) {
  const def = (schema as ZodLike)?._zod?.def
  if (!def || depth > 10) return
  const checks = (def.checks as ZodLike[] | undefined) ?? []
  if (key && checks.some((check) => check?._zod?.def?.fn === isOneLineText)) into.add(key)
  const shape = def.shape as Record<string, unknown> | undefined
  if (shape && typeof shape === 'object') {
    for (const [name, value] of Object.entries(shape)) oneLineKeys(value, name, into, depth + 1)
  }
  for (const child of ['innerType', 'in', 'out', 'left', 'right', 'element', 'schema']) {
    if (def[child]) oneLineKeys(def[child], key, into, depth + 1)
  }
  if (Array.isArray(def.options)) for (const option of def.options) oneLineKeys(option, key, into, depth + 1)
}

const ONE_LINE_FIELDS = (() => {
  const keys = new Set<string>()
  for (const exports of Object.values(schemaModules)) {
    for (const value of Object.values(exports as Record<string, unknown>)) oneLineKeys(value, null, keys)
  }
  return [...keys].sort()
})()

/** Every text column of every table, to look for a refused value's marker in. */
function textColumns() {
  const sqlite = getDb().$client
  const tables = sqlite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all() as { name: string }[]
  return tables.flatMap(({ name }) =>
    (sqlite.pragma(`table_info("${name}")`) as { name: string; type: string }[])
      .filter((column) => /TEXT|CHAR|CLOB|JSON|^$/i.test(column.type))
      .map((column) => ({ table: name, column: column.name })),
  )
}

function storedAnywhere(marker: string) {
  const sqlite = getDb().$client
  return textColumns().filter(
    ({ table, column }) =>
      sqlite.prepare(`SELECT 1 FROM "${table}" WHERE instr(CAST("${column}" AS TEXT), ?) > 0 LIMIT 1`).get(marker) !==
      undefined,
  )
}

/** A value with its marker and the character inside it, as the field's kind needs it to be otherwise valid. */
function controlledValue(kind: FieldKind, marker: string, char: string, around: [string, string]) {
  if (kind === 'phone') return `416${marker}${char}0199`
  if (kind === 'url') return `https://meet.example.com/${marker}${char}x`
  if (kind === 'email') return `${marker}${char}x@example.com`
  return `${around[0]}${marker}${char}${around[1]}`
}

function setField(body: Record<string, unknown>, field: string, value: string) {
  const [key, index] = field.split('.') as [string, string | undefined]
  if (index === undefined) body[key] = value
  else (body[key] as unknown[])[Number(index)] = value
}

let controlRun = 0

/** The direction controls (issue 41), each class of its own: refused with their own message. */
const DIRECTION_CONTROLS = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069']

/** `only`: these characters instead of the control characters (and a seed of their own). */
async function controlFuzz(control: ControlCase, only?: string[]) {
  const route = table.routes.find((r) => r.file === control.file)
  expect(route, `${control.file} is in the route table`).toBeDefined()
  const chars = only ?? [...CONTROL_CHARS, ...SEPARATORS, ...(control.as === 'json' ? LONE_SURROGATES : [])]
  // A line break in a `lines` field separates two items: every other character is refused.
  const charsFor = (field: string) =>
    control.fields[field] === 'lines' ? chars.filter((c) => c !== '\n' && c !== '\r\n') : chars
  const cookie = control.actor === 'visitor' ? undefined : await signIn(ctlUsers[control.actor]!)
  const fieldAndChar = fc
    .constantFrom(...Object.keys(control.fields))
    .chain((field) => fc.tuple(fc.constant(field), fc.constantFrom(...charsFor(field))))
  const sample = fc.record({
    pick: fieldAndChar,
    around: fc.constantFrom<[string, string]>(
      ['', 'a'],
      ['Zoë ', ' Núñez'],
      ['山田', '太郎'],
      ['😀', 'x'],
      ['A', 'b c'],
    ),
  })
  await fc.assert(
    fc.asyncProperty(sample, async ({ pick: [field, char], around }) => {
      resetAllLimits()
      const n = ++controlRun
      const kind = control.fields[field]!
      // Digits for a phone number (its format allows nothing else); lower case, which an email keeps.
      const marker = kind === 'phone' ? `7${String(n).padStart(6, '0')}3` : `ctl${n}x`
      const body = control.body(n)
      setField(body, field, controlledValue(kind, marker, char, around))
      const url = urlFor(route!.pattern, control.params?.() ?? {}, { raw: true })
      const path = url.slice('http://localhost'.length) || '/'
      const headers: Record<string, string> = {}
      if (cookie) headers.cookie = cookie
      let bytes: string
      if (control.as === 'json') {
        headers['content-type'] = 'application/json'
        bytes = JSON.stringify(body)
      } else {
        headers['content-type'] = 'application/x-www-form-urlencoded'
        bytes = new URLSearchParams(body as Record<string, string>).toString()
      }
      const call: Call = {
        actor: control.actor,
        method: control.method,
        params: control.params?.() ?? {},
        query: [],
        body: {
          kind: `${control.as} with a control character in ${field}`,
          contentType: headers['content-type'],
          body: bytes,
        },
        singleFetch: control.as === 'form',
      }
      const target = control.as === 'form' ? `${path}.data` : path
      const answer = await app.http({ method: control.method, path: target, headers, body: bytes })
      judge(route!, call, { url: `http://localhost${target}`, answer, steps: [], bodyClones: 0 })
      // A screen's action answers the message's key, an /api route its English text.
      const said = [only ? DIRECTION_CONTROL_TEXT : ONE_LINE_TEXT, ...KIND_MESSAGES[kind]].flatMap((m) => [
        m,
        inEnglish(m),
      ])
      const where = `${control.method} ${target} ${field}=${JSON.stringify(controlledValue(kind, marker, char, around))}`
      expect(answer.status, `${where}: ${answer.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400)
      expect(answer.status, where).toBeLessThan(500)
      expect(
        said.some((message) => answer.text.includes(message)),
        `${where} says why: ${answer.text.slice(0, 300)}`,
      ).toBe(true)
      expect(storedAnywhere(marker), `${where} stored`).toEqual([])
    }),
    { numRuns: CONTROL_RUNS, seed: seedOf(`${only ? 'direction' : 'control'}:${control.file}`), endOnFailure: true },
  )
}

describe('a control character in a one-line field is refused (4xx, says why, stored nowhere, never a 5xx)', () => {
  beforeAll(async () => {
    const practitioner = await createListedPractitioner({ firstName: 'Ctl', lastName: 'Practitioner' })
    const client = await createUser({ firstName: 'Ctl', lastName: 'Client' })
    const admin = await createUser({ isAdmin: true })
    Object.assign(ctlUsers, { practitioner: practitioner.id, client: client.id, admin: admin.id })
    ctl.practitionerId = practitioner.id
    ctl.clientEmail = client.email
    ctl.patientId = createPatient(practitioner.id, { firstName: 'Ctl', lastName: 'Patient' }).id
  })

  test('the cases cover every one-line field of the schemas (read from them), and only those', () => {
    const covered = new Set(CONTROL_CASES.flatMap((c) => Object.keys(c.fields).map((field) => field.split('.')[0]!)))
    expect(ONE_LINE_FIELDS.length).toBeGreaterThan(10)
    expect(ONE_LINE_FIELDS.filter((field) => !covered.has(field) && !(field in NOT_FUZZED))).toEqual([])
    expect([...covered].filter((field) => !ONE_LINE_FIELDS.includes(field))).toEqual([])
  })

  test.each(CONTROL_CASES.map((c) => [c.name, c]))('%s', async (_name, control) => {
    await controlFuzz(control as ControlCase)
  })

  test.each(CONTROL_CASES.map((c) => [c.name, c]))('%s: a direction control (issue 41)', async (_name, control) => {
    await controlFuzz(control as ControlCase, DIRECTION_CONTROLS)
  })
})
