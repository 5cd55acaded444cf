import { expect, type Browser, type Locator, type Page } from '@playwright/test'
import Database from 'better-sqlite3'
import { sessionRoomPath } from '../../app/models/sessions/room'
import { e2eCallChromium } from '../../playwright.config'
import { ROOM_TEXT } from './room-text'
import { signInAs } from './sessions'
import { DEMO, DEMO_PEOPLE } from './support'
import type { NetworkNamespace } from './network-namespace'

/**
 * A call between the demo practitioner and the demo client inside a network namespace of the
 * test's own (network-namespace.ts): the tests of a call under a failing or narrow network
 * (call-recovery.spec.ts, call-bandwidth.spec.ts) start from here.
 */

export type CallPerson = { role: 'practitioner' | 'client'; page: Page; otherVideo: Locator }

/** The other person's video: frames decoded in one second (0 when there is no such video). */
export async function framesPerSecond(video: Locator) {
  return video
    .evaluate(
      async (element: HTMLVideoElement) => {
        const frames = () => element.getVideoPlaybackQuality().totalVideoFrames
        const before = frames()
        await new Promise((resolve) => setTimeout(resolve, 1_000))
        return element.isConnected ? frames() - before : 0
      },
      null,
      { timeout: 5_000 },
    )
    .catch(() => 0)
}

/** A booking of the demo client with the demo practitioner, starting in five minutes, in the namespace's database. */
function giveSession(database: string) {
  const db = new Database(database, { fileMustExist: true, timeout: 30_000 })
  try {
    const idOf = (email: string) => (db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id
    const [practitioner, client] = [idOf(DEMO.practitioner), idOf(DEMO.client)]
    const start = Date.now() + 5 * 60_000
    const end = start + 60 * 60_000
    const service = db
      .prepare(
        `INSERT INTO services (practitioner_id, name, description, category, price_cents) VALUES (?, 'Recovery', 'A session.', 'Yoga', 0)`,
      )
      .run(practitioner).lastInsertRowid
    const slot = db
      .prepare(
        'INSERT INTO time_slots (practitioner_id, service_id, start_time, end_time, is_booked) VALUES (?, ?, ?, ?, 1)',
      )
      .run(practitioner, service, start, end).lastInsertRowid
    return Number(
      db
        .prepare(
          `INSERT INTO bookings (service_id, client_id, practitioner_id, time_slot_id, service_name, duration_minutes,
             start_time, end_time, status) VALUES (?, ?, ?, ?, 'Recovery', 60, ?, ?, 'confirmed')`,
        )
        .run(service, client, practitioner, slot, start, end).lastInsertRowid,
    )
  } finally {
    db.close()
  }
}

/** The server in the namespace answers (it starts with the test). */
async function waitForServer(page: Page, baseURL: string) {
  await expect
    .poll(async () => (await page.goto(`${baseURL}/`).catch(() => null))?.status() ?? 0, {
      timeout: 30_000,
      intervals: [250],
    })
    .toBe(200)
}

/**
 * Both people in the call, each decoding the other's video. `initScript` runs in both pages
 * before the app's own scripts (a test's window onto the peer connection, say).
 */
export async function startCall(ns: NetworkNamespace, initScript?: () => void): Promise<CallPerson[]> {
  const bookingId = giveSession(ns.database)
  const { launchOptions: _launch, defaultBrowserType: _type, ...contextOptions } = e2eCallChromium
  const other = { practitioner: DEMO_PEOPLE.client.firstName, client: DEMO_PEOPLE.practitioner.firstName }
  const people = await Promise.all(
    (['practitioner', 'client'] as const).map(async (role) => {
      const page = await newPage(ns.browser, { ...contextOptions, baseURL: ns.baseURL }, initScript)
      return { role, page, otherVideo: page.getByLabel(ROOM_TEXT.otherVideo(other[role]), { exact: true }) }
    }),
  )
  await waitForServer(people[0]!.page, ns.baseURL)
  for (const { role, page } of people) {
    await signInAs(page, DEMO[role], { to: sessionRoomPath(bookingId), server: ns })
    await page.getByRole('button', { name: ROOM_TEXT.join, exact: true }).click()
  }
  for (const person of people) {
    await expect.poll(() => framesPerSecond(person.otherVideo), { timeout: 30_000 }).toBeGreaterThan(0)
  }
  return people
}

async function newPage(browser: Browser, options: Parameters<Browser['newContext']>[0], initScript?: () => void) {
  const context = await browser.newContext(options)
  if (initScript) await context.addInitScript(initScript)
  return context.newPage()
}
