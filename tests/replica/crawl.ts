import Database from 'better-sqlite3'
import { expect } from 'vitest'
import type { App } from './replica-cluster'

/**
 * What a crawl of every screen needs (tests/replica/replica.test.ts, tests/languages/): the four
 * actors of the demo seed and requests made as each, the fixtures every screen has something
 * to show from, and the values each route's parameters take.
 */

export type Actor = 'visitor' | 'client' | 'practitioner' | 'admin'
export const ACTORS: Actor[] = ['visitor', 'client', 'practitioner', 'admin']
export const DEMO_PASSWORD = 'Solace-demo-2026'

/** The view of a chart each of its tabs is (a read that writes the record's access trail). */
export const CHART_VIEW = 'a patient’s chart'

/** Requests as one of the actors: each signed in once through the API, its cookies kept here. */
export function crawler() {
  const cookies: Record<Actor, string> = { visitor: '', client: '', practitioner: '', admin: '' }

  async function call(app: App, actor: Actor, target: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers)
    if (cookies[actor]) headers.set('Cookie', [cookies[actor], headers.get('Cookie')].filter(Boolean).join('; '))
    return fetch(`${app.url}${target}`, { ...init, headers, redirect: 'manual' })
  }

  async function json(app: App, actor: Actor, target: string, body: unknown) {
    const response = await call(app, actor, target, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (!response.ok) throw new Error(`${target}: ${response.status} ${await response.text()}`)
    return response.json() as Promise<Record<string, unknown>>
  }

  const cookiesOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ')

  /** Signs in through the API; `code` gives the second step's code to an account with an authenticator app. */
  async function signIn(app: App, actor: Exclude<Actor, 'visitor'>, code?: () => Promise<string>) {
    const signIn = (body: object, cookie = '') =>
      call(app, 'visitor', '/api/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
        body: JSON.stringify(body),
      })
    let response = await signIn({ email: `${actor}@solace.test`, password: DEMO_PASSWORD })
    if (response.status === 401 && code) response = await signIn({ code: await code() }, cookiesOf(response))
    expect(response.status).toBe(200)
    cookies[actor] = cookiesOf(response)
  }

  return { cookies, call, json, signIn }
}

export type Crawler = ReturnType<typeof crawler>

export function documentForm(name: string, bytes: Uint8Array<ArrayBuffer> | string, type = 'text/plain') {
  const form = new FormData()
  form.set('file', new Blob([bytes], { type }), name)
  form.set('description', 'Sent to a replica')
  return form
}

/** The fixtures every screen needs, written on the primary the way the app's own clients write them. */
export async function writeFixtures(primary: App, { call, json }: Crawler) {
  const patient = await json(primary, 'practitioner', '/api/patient-profiles', {
    firstName: 'Ada',
    lastName: 'Replica',
  })
  await json(primary, 'practitioner', `/api/patient-profiles/${patient.id}/notes`, {
    title: 'First visit',
    content: 'Sleeps badly since spring.',
  })
  const uploaded = await call(primary, 'practitioner', `/api/patient-profiles/${patient.id}/documents`, {
    method: 'POST',
    body: documentForm('intake.txt', 'Intake form'),
  })
  expect(uploaded.status).toBe(201)
  await json(primary, 'practitioner', `/api/patient-profiles/${patient.id}/ai-consult`, {
    question: 'What should I ask at the next session?',
  })
  await json(primary, 'visitor', '/api/contact', {
    name: 'Rita Replica',
    email: 'rita@example.com',
    subject: 'A question',
    message: 'Do you offer evening sessions?',
  })
  // A package of a paid service, and the demo client waiting for it (their screens show them).
  const db = new Database(primary.database, { readonly: true })
  const paid = db
    .prepare(
      "SELECT s.id FROM services s JOIN users u ON u.id = s.practitioner_id WHERE u.email = 'practitioner@solace.test' AND s.price_cents > 0 AND s.is_active = 1 ORDER BY s.id LIMIT 1",
    )
    .get() as { id: number }
  db.close()
  await json(primary, 'practitioner', '/api/packages', {
    serviceId: paid.id,
    sessions: 5,
    price: 300,
    expiresInMonths: 6,
  })
  await json(primary, 'client', '/api/waitlist', { serviceId: paid.id })
  await json(primary, 'visitor', '/api/leads', {
    firstName: 'Lee',
    lastName: 'Replica',
    email: 'lee@example.com',
    countryCode: '+1',
    phoneNumber: '4165550100',
    practiceType: 'naturopath',
    yearsOfExperience: '3-5',
  })
}

export function readIds(database: string) {
  const db = new Database(database, { readonly: true })
  const one = (sql: string) => (db.prepare(sql).get() as { id: number } | undefined)?.id ?? 0
  try {
    return {
      practitioner: one("SELECT id FROM users WHERE email = 'practitioner@solace.test'"),
      client: one("SELECT id FROM users WHERE email = 'client@solace.test'"),
      service: one(
        "SELECT s.id FROM services s JOIN users u ON u.id = s.practitioner_id WHERE u.email = 'practitioner@solace.test' ORDER BY s.id LIMIT 1",
      ),
      slot: one('SELECT id FROM time_slots ORDER BY id LIMIT 1'),
      booking: one(
        "SELECT b.id FROM bookings b JOIN users u ON u.id = b.client_id WHERE u.email = 'client@solace.test' ORDER BY b.id LIMIT 1",
      ),
      // A seeded receipt of the demo client's, whose file nobody has asked for yet.
      receipt: one(
        "SELECT r.id FROM receipts r JOIN users u ON u.id = r.client_id WHERE u.email = 'client@solace.test' AND r.pdf IS NULL ORDER BY r.id LIMIT 1",
      ),
      receiptYear: Number(
        (
          db
            .prepare(
              "SELECT substr(json_extract(r.snapshot, '$.issuedOn'), -4) AS year FROM receipts r JOIN users u ON u.id = r.client_id WHERE u.email = 'client@solace.test' ORDER BY r.id LIMIT 1",
            )
            .get() as { year: string } | undefined
        )?.year ?? new Date().getUTCFullYear(),
      ),
      patient: one('SELECT id FROM patient_profiles ORDER BY id DESC LIMIT 1'),
      note: one('SELECT id FROM patient_notes ORDER BY id DESC LIMIT 1'),
      document: one('SELECT id FROM patient_documents ORDER BY id DESC LIMIT 1'),
      contactMessage: one('SELECT id FROM contact_messages ORDER BY id DESC LIMIT 1'),
      package: one('SELECT id FROM packages ORDER BY id DESC LIMIT 1'),
      waitlistEntry: one('SELECT id FROM waitlist_entries ORDER BY id DESC LIMIT 1'),
      lead: one('SELECT id FROM leads ORDER BY id DESC LIMIT 1'),
      image:
        (db.prepare('SELECT name FROM stored_images ORDER BY name LIMIT 1').get() as { name: string } | undefined)
          ?.name ?? 'unknown.webp',
    }
  } finally {
    db.close()
  }
}

/**
 * The values a route's parameters take in the crawl: real records the signed-in actors own
 * (others get their 404 or redirect, which is the point: no 5xx either way). A route with a
 * parameter and no entry here fails the crawl, so a new one is crawled too.
 */
export function paramsFor(pattern: string, ids: CrawlIds): Record<string, string | number> | undefined {
  const today = new Date().toISOString().slice(0, 10)
  const byPrefix: [string, Record<string, string | number>][] = [
    ['/api/patient-profiles/:id', { id: ids.patient }],
    ['/practitioner/patient-charting/:id', { id: ids.patient }],
    ['/api/patient-notes/:id', { id: ids.note }],
    ['/api/patient-documents/:id', { id: ids.document }],
    ['/api/bookings/:id', { id: ids.booking }],
    ['/bookings/:id', { id: ids.booking }],
    ['/practitioner/bookings/:id', { id: ids.booking }],
    ['/sessions/:id', { id: ids.booking }],
    ['/practitioner/intake-forms/:id', { id: 1 }],
    ['/api/intake-forms/:id', { id: 1 }],
    ['/api/time-slots/:serviceId/:date', { serviceId: ids.service, date: today }],
    ['/api/time-slots/:id', { id: ids.slot }],
    ['/services/:id', { id: ids.service }],
    ['/service-details/:id', { id: ids.service }],
    ['/api/services/:id', { id: ids.service }],
    ['/practitioners/:id', { id: ids.practitioner }],
    ['/api/practitioners/:id', { id: ids.practitioner }],
    ['/api/messages/:id', { id: ids.practitioner }],
    ['/api/admin/contact-messages/:id', { id: ids.contactMessage }],
    ['/api/admin/leads/:id', { id: ids.lead }],
    ['/api/admin/users/:id', { id: ids.client }],
    ['/api/availability/blocked-dates/:id', { id: 1 }],
    ['/internal/commands/:name', { name: 'documents.record' }],
    ['/dev/checkout/:id', { id: 'cs_emulated_unknown' }],
    ['/dev/onboarding/:linkId', { linkId: 'unknown' }],
    ['/uploads/images/:name', { name: ids.image }],
    ['/packages/:id', { id: ids.package }],
    ['/api/packages/:id', { id: ids.package }],
    // Nobody holds a package in the crawl: its refund answers 404 (the point is no 5xx).
    ['/api/package-holdings/:id', { id: 1 }],
    ['/api/waitlist/:id', { id: ids.waitlistEntry }],
    ['/waitlists/join/:serviceId', { serviceId: ids.service }],
    ['/practitioner/waitlists/:serviceId', { serviceId: ids.service }],
    // An offer's link nobody was sent: the page says so.
    ['/waitlist/offers/:token', { token: 'x'.repeat(43) }],
    ['/receipts/year/:year', { year: ids.receiptYear }],
    ['/receipts/:id', { id: ids.receipt }],
    // An address nobody holds: a replica answers it (404) without writing.
    ['/calendar/:feed', { feed: `${ids.client}-${'0'.repeat(64)}.ics` }],
  ]
  if (!pattern.includes(':') && !pattern.includes('*')) return {}
  if (pattern.endsWith('*') && !pattern.includes(':')) return { '*': 'no-such-page' }
  return byPrefix.find(([prefix]) => pattern.startsWith(prefix))?.[1]
}

/** Screens whose query string picks another view than their address alone shows, with what they are. */
export function extraViews(ids: CrawlIds): [string, string][] {
  const chart = `/practitioner/patient-charting?patient=${ids.patient}`
  return [
    ...['profile', 'notes', 'docs', 'ai'].map((tab): [string, string] => [`${chart}&tab=${tab}`, CHART_VIEW]),
    ['/services?search=massage&page=2', 'services'],
    ['/practitioners?page=2', 'practitioners'],
    ['/client-dashboard?view=cancelled', 'client dashboard'],
  ]
}

export type CrawlIds = ReturnType<typeof readIds>
