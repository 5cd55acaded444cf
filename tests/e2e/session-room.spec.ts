import AxeBuilder from '@axe-core/playwright'
import {
  expect,
  test,
  type Browser,
  type BrowserContextOptions,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test'
import { ROOM_OPENS_BEFORE_MS, sessionRoomPath } from '../../app/models/sessions/room'
import { ROOM_TEXT } from './room-text'
import {
  giveMeetingLink,
  giveUpcomingSession,
  shown,
  signUpClient,
  signUpPractitioner,
  writableTestDatabase,
} from './support'

/**
 * A booking's private video room (issue 31): the client and the practitioner, each in a browser
 * of their own, join from the preview and see each other's live video; what one side turns off
 * shows on the other; leaving, rejoining and reloading bring the call back; the practitioner
 * ends it for both. Before joining, the lobby checks the microphone, the speakers and the
 * network, and says whether all is ready (issue 45). Nobody else gets in (404), the page counts
 * down to the room's opening, and without JavaScript it says the call needs it and offers the
 * practitioner's own meeting link.
 *
 * The browsers have a fake camera and microphone (playwright.config.ts) and no ICE servers, so
 * they connect through host candidates; each context drops the other side's candidates on any
 * address but 127.0.0.1, so media stays on the loopback whatever interfaces the machine has.
 */

const MINUTE = 60_000
/** The names signUpPractitioner and signUpClient give. */
const PRACTITIONER = 'Robin'
const CLIENT = 'Morgan'
/** A 390 px wide phone: the room must fit it without scrolling sideways. */
const PHONE = { width: 390, height: 844 }

/** Runs in each page before its scripts: remote ICE candidates are used only on the loopback. */
function onlyLoopbackCandidates() {
  const addIceCandidate = RTCPeerConnection.prototype.addIceCandidate
  RTCPeerConnection.prototype.addIceCandidate = function (
    this: RTCPeerConnection,
    candidate?: RTCIceCandidateInit | null,
    ...rest: unknown[]
  ) {
    // 'candidate:<foundation> <component> <protocol> <priority> <address> <port> typ ...';
    // an empty or missing one (the end of candidates) goes through.
    const address = candidate?.candidate ? candidate.candidate.split(' ')[4] : null
    if (address && address !== '127.0.0.1') return Promise.resolve()
    return (addIceCandidate as (...args: unknown[]) => Promise<void>).call(this, candidate, ...rest)
  }
}

/** A browser context of one person, its pages' candidates kept to the loopback. */
async function personIn(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options)
  await context.addInitScript(onlyLoopbackCandidates)
  return { context, page: await context.newPage() }
}

/** A new practitioner and client, each signed in within a context of their own, and their session from `start`. */
async function twoPeopleAndASession(
  browser: Browser,
  testInfo: TestInfo,
  start: number,
  { clientOnAPhone = false } = {},
) {
  const practitioner = await personIn(browser)
  const client = await personIn(browser, clientOnAPhone ? { viewport: PHONE } : {})
  const practitionerAccount = await signUpPractitioner(practitioner.page, testInfo)
  const clientAccount = await signUpClient(client.page, testInfo)
  const service = `Video Room ${testInfo.project.name} ${testInfo.workerIndex} ${Date.now()}`
  const bookingId = giveUpcomingSession(practitionerAccount.email, clientAccount.email, start, service)
  const close = () => Promise.all([practitioner.context.close(), client.context.close()])
  const emails = { practitioner: practitionerAccount.email, client: clientAccount.email }
  return { practitioner: practitioner.page, client: client.page, emails, bookingId, service, close }
}

/** The room's own page, with its heading (the service, with the other person) and its time. */
async function openRoom(page: Page, bookingId: number, service: string, otherName: string, start: number) {
  const response = await page.goto(sessionRoomPath(bookingId))
  expect(response?.status()).toBe(200)
  await expect(
    page.getByRole('heading', { level: 1, name: ROOM_TEXT.heading(service, otherName), exact: true }),
  ).toBeVisible()
  await expect(page.getByText(shown(start).when, { exact: true })).toBeVisible()
}

/** From the preview: Join, once the camera's preview plays. */
async function join(page: Page, button: string = ROOM_TEXT.join) {
  if (button === ROOM_TEXT.join) await expectPlaying(page.getByLabel(ROOM_TEXT.yourVideo, { exact: true }))
  await page.getByRole('button', { name: button, exact: true }).click()
  await expect(page.getByRole('button', { name: ROOM_TEXT.leave, exact: true })).toBeVisible()
}

type Playback = { width: number; time: number; frames: number; stream: string | null }

const playbackOf = (video: Locator) =>
  video.evaluate((element: HTMLVideoElement): Playback => ({
    width: element.videoWidth,
    time: element.currentTime,
    frames: element.getVideoPlaybackQuality().totalVideoFrames,
    stream: element.srcObject instanceof MediaStream ? element.srcObject.id : null,
  }))

/** A video that plays: it has a picture, its time moves on and new frames keep arriving. Its stream's id. */
async function expectPlaying(video: Locator) {
  await expect(video).toBeVisible()
  // Connecting two browsers on a busy machine may take a while; once connected, frames flow.
  await expect.poll(async () => (await playbackOf(video)).width, { timeout: 30_000 }).toBeGreaterThan(0)
  const before = await playbackOf(video)
  await expect.poll(async () => (await playbackOf(video)).time).toBeGreaterThan(before.time)
  await expect.poll(async () => (await playbackOf(video)).frames).toBeGreaterThan(before.frames)
  return before.stream
}

/** What each side's page reported of its connection (issue 45): its events' kinds, first first. */
function connectionReport(bookingId: number) {
  const db = writableTestDatabase()
  try {
    const rows = db
      .prepare('SELECT side, kind FROM session_connection_events WHERE booking_id = ? ORDER BY id')
      .all(bookingId) as { side: 'client' | 'practitioner'; kind: string }[]
    const of = (side: string) => rows.filter((row) => row.side === side).map((row) => row.kind)
    return { client: of('client'), practitioner: of('practitioner') }
  } finally {
    db.close()
  }
}

/** Nothing runs off the side of the screen: the page does not scroll sideways. */
async function expectToFitTheScreen(page: Page) {
  const width = page.viewportSize()!.width
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
}

const otherVideo = (page: Page, firstName: string) => page.getByLabel(ROOM_TEXT.otherVideo(firstName), { exact: true })

/** Live camera tracks on the page (the preview's and the call's). */
const liveCameraTracks = (page: Page) =>
  page.evaluate(
    () =>
      [...document.querySelectorAll('video')]
        .map((video) => video.srcObject)
        .filter((stream): stream is MediaStream => stream instanceof MediaStream)
        .flatMap((stream) => stream.getVideoTracks())
        .filter((track) => track.readyState === 'live').length,
  )

/**
 * The lobby after Leave shows the camera as the person left it: its light is off until Rejoin,
 * and a camera left on is not said to be off (it comes back on with the rejoin); turned off
 * there, it says so, and turned on again, it is on for the rejoin.
 */
async function expectCameraAsLeft(page: Page) {
  await expect(page.getByText(ROOM_TEXT.cameraOnRejoin, { exact: true })).toBeVisible()
  await expect(page.getByText(ROOM_TEXT.yourCameraIsOff, { exact: true })).toHaveCount(0)
  expect(await liveCameraTracks(page)).toBe(0)
  await page.getByRole('button', { name: ROOM_TEXT.cameraOff, exact: true }).click()
  await expect(page.getByText(ROOM_TEXT.yourCameraIsOff, { exact: true })).toBeVisible()
  await page.getByRole('button', { name: ROOM_TEXT.cameraOn, exact: true }).click()
  await expect(page.getByText(ROOM_TEXT.cameraOnRejoin, { exact: true })).toBeVisible()
}

test.describe('the call', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'the call runs in the browser: it needs JavaScript')

  test('client and practitioner see each other, and what one turns off shows on the other side', async ({
    browser,
  }, testInfo) => {
    test.slow()
    const start = Date.now() + 5 * MINUTE
    const { practitioner, client, bookingId, service, close } = await twoPeopleAndASession(browser, testInfo, start, {
      clientOnAPhone: true,
    })

    await openRoom(practitioner, bookingId, service, `${CLIENT} Member`, start)
    await expect(practitioner.getByText(ROOM_TEXT.mediaStaysPrivate)).toBeVisible()
    await expect(practitioner.getByText(ROOM_TEXT.otherNotJoined(CLIENT))).toBeVisible()
    // The fake devices are offered once the browser has allowed them.
    await expect(practitioner.getByLabel(ROOM_TEXT.camera, { exact: true }).locator('option')).not.toHaveCount(0)
    await expect(practitioner.getByLabel(ROOM_TEXT.microphone, { exact: true }).locator('option')).not.toHaveCount(0)
    await join(practitioner)
    await expect(practitioner.getByRole('status').filter({ hasText: ROOM_TEXT.otherNotJoined(CLIENT) })).toBeVisible()

    await openRoom(client, bookingId, service, `${PRACTITIONER} Hale`, start)
    await expect(client.getByText(ROOM_TEXT.otherWaiting(PRACTITIONER))).toBeVisible()
    await expectToFitTheScreen(client)
    await join(client)

    await expectPlaying(otherVideo(client, PRACTITIONER))
    await expectPlaying(otherVideo(practitioner, CLIENT))
    for (const page of [client, practitioner]) {
      await expect(page.getByText(ROOM_TEXT.connection(ROOM_TEXT.quality.good), { exact: true })).toBeVisible()
      // Five minutes before the booked start, the timer counts down to it.
      await expect(page.getByRole('timer')).toHaveText(/^Starts in 0[45]:\d\d$/)
    }
    await expect(client.getByRole('button', { name: ROOM_TEXT.end })).toHaveCount(0)
    await expectToFitTheScreen(client)

    await client.getByRole('button', { name: ROOM_TEXT.mute, exact: true }).click()
    await expect(client.getByRole('button', { name: ROOM_TEXT.unmute, exact: true })).toBeVisible()
    await expect(practitioner.getByText(ROOM_TEXT.otherMuted(CLIENT), { exact: true })).toBeVisible()
    await client.getByRole('button', { name: ROOM_TEXT.cameraOff, exact: true }).click()
    await expect(practitioner.getByText(ROOM_TEXT.otherCameraOff(CLIENT), { exact: true })).toBeVisible()
    // The tracks themselves are off, not only the words.
    expect(
      await client.evaluate(() =>
        [...document.querySelectorAll('video')]
          .map((video) => video.srcObject)
          .filter((stream): stream is MediaStream => stream instanceof MediaStream)
          .flatMap((stream) => stream.getTracks())
          .filter((track) => track.readyState === 'live' && !track.enabled)
          .map((track) => track.kind)
          .sort(),
      ),
    ).toEqual(['audio', 'video'])

    await client.getByRole('button', { name: ROOM_TEXT.unmute, exact: true }).click()
    await client.getByRole('button', { name: ROOM_TEXT.cameraOn, exact: true }).click()
    await expect(practitioner.getByText(ROOM_TEXT.otherMuted(CLIENT))).toHaveCount(0)
    await expect(practitioner.getByText(ROOM_TEXT.otherCameraOff(CLIENT))).toHaveCount(0)
    await expectPlaying(otherVideo(practitioner, CLIENT))
    await close()
  })

  test('leaving, rejoining and reloading bring the call back; before the start the practitioner has only Leave', async ({
    browser,
  }, testInfo) => {
    test.slow()
    const start = Date.now() + 5 * MINUTE
    const { practitioner, client, bookingId, service, close } = await twoPeopleAndASession(browser, testInfo, start)
    await openRoom(practitioner, bookingId, service, `${CLIENT} Member`, start)
    await openRoom(client, bookingId, service, `${PRACTITIONER} Hale`, start)
    await join(practitioner)
    await join(client)
    await expectPlaying(otherVideo(client, PRACTITIONER))
    const first = await expectPlaying(otherVideo(practitioner, CLIENT))

    // Before the booked start, End is not offered: only Leave.
    await expect(practitioner.getByRole('button', { name: ROOM_TEXT.leave, exact: true })).toBeVisible()
    await expect(practitioner.getByRole('button', { name: ROOM_TEXT.end })).toHaveCount(0)

    // Leave: the camera's light goes off, the other side hears of it, and Rejoin connects again.
    await client.getByRole('button', { name: ROOM_TEXT.leave, exact: true }).click()
    await expect(client.getByText(ROOM_TEXT.youLeft, { exact: true })).toBeVisible()
    await expect(client.getByText(ROOM_TEXT.otherWaiting(PRACTITIONER), { exact: true })).toBeVisible()
    await expect(practitioner.getByRole('status').filter({ hasText: ROOM_TEXT.otherLeft(CLIENT) })).toBeVisible()
    await expectCameraAsLeft(client)
    await join(client, ROOM_TEXT.rejoin)
    await expectPlaying(otherVideo(client, PRACTITIONER))
    const second = await expectPlaying(otherVideo(practitioner, CLIENT))
    expect(second).not.toBe(first)

    // A reload is a new page: the other side drops the old connection and connects to the new one.
    await client.reload()
    await expect(practitioner.getByRole('status').filter({ hasText: ROOM_TEXT.otherLeft(CLIENT) })).toBeVisible()
    await join(client)
    await expectPlaying(otherVideo(client, PRACTITIONER))
    expect(await expectPlaying(otherVideo(practitioner, CLIENT))).not.toBe(second)

    await expect(practitioner.getByRole('button', { name: ROOM_TEXT.end })).toHaveCount(0)
    await close()
  })

  test('the whole session: join, leave, rejoin, End after the start (asked first), both told who ended it, both dashboards completed, a review offered', async ({
    browser,
  }, testInfo) => {
    test.slow()
    // Started five minutes ago: End is offered.
    const start = Date.now() - 5 * MINUTE
    const { practitioner, client, bookingId, service, close } = await twoPeopleAndASession(browser, testInfo, start)
    await openRoom(practitioner, bookingId, service, `${CLIENT} Member`, start)
    await openRoom(client, bookingId, service, `${PRACTITIONER} Hale`, start)
    await join(practitioner)
    await join(client)
    await expectPlaying(otherVideo(client, PRACTITIONER))
    await expectPlaying(otherVideo(practitioner, CLIENT))
    await expect(client.getByRole('button', { name: ROOM_TEXT.end })).toHaveCount(0)

    // The client leaves (Leave is not End) and rejoins.
    await client.getByRole('button', { name: ROOM_TEXT.leave, exact: true }).click()
    await expect(client.getByText(ROOM_TEXT.youLeft, { exact: true })).toBeVisible()
    await expect(practitioner.getByRole('status').filter({ hasText: ROOM_TEXT.otherLeft(CLIENT) })).toBeVisible()
    await join(client, ROOM_TEXT.rejoin)
    await expectPlaying(otherVideo(client, PRACTITIONER))
    await expectPlaying(otherVideo(practitioner, CLIENT))

    // End asks first: Cancel keeps the call.
    const end = practitioner.getByRole('button', { name: ROOM_TEXT.end, exact: true })
    await end.click()
    const dialog = practitioner.getByRole('dialog', { name: ROOM_TEXT.endConfirm.title })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText(ROOM_TEXT.endConfirm.body(CLIENT))
    await expect(dialog.getByRole('button', { name: ROOM_TEXT.endConfirm.cancel, exact: true })).toBeFocused()
    await dialog.getByRole('button', { name: ROOM_TEXT.endConfirm.cancel, exact: true }).click()
    await expect(dialog).toBeHidden()
    await expect(client.getByRole('button', { name: ROOM_TEXT.leave, exact: true })).toBeVisible()
    await expectPlaying(otherVideo(practitioner, CLIENT))
    // Escape is Cancel too.
    await end.click()
    await expect(dialog).toBeVisible()
    await practitioner.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(practitioner.getByRole('button', { name: ROOM_TEXT.leave, exact: true })).toBeVisible()

    await end.click()
    await dialog.getByRole('button', { name: ROOM_TEXT.endConfirm.confirm, exact: true }).click()
    // Each side reads who ended it.
    await expect(practitioner.getByText(ROOM_TEXT.youEnded, { exact: true })).toBeVisible()
    await expect(client.getByText(ROOM_TEXT.endedBy(PRACTITIONER), { exact: true })).toBeVisible()
    for (const page of [practitioner, client]) {
      await expect(page.getByRole('button', { name: ROOM_TEXT.leave })).toHaveCount(0)
      await expect(page.locator('video')).toHaveCount(0)
    }
    // Each page reported its first remote frame, the client's Leave, and the End.
    await expect
      .poll(() => connectionReport(bookingId))
      .toEqual({
        client: expect.arrayContaining(['first_media', 'left', 'ended']),
        practitioner: expect.arrayContaining(['first_media', 'ended']),
      })
    // And it stays closed, saying by whom and when.
    await client.reload()
    await expect(client.getByText(ROOM_TEXT.endedBy(PRACTITIONER), { exact: true })).toBeVisible()
    await expect(client.getByText(/^It ended at \d{1,2}:\d\d [AP]M E[SD]T\.$/)).toBeVisible()
    await expect(client.getByRole('button', { name: ROOM_TEXT.join })).toHaveCount(0)

    // The client's dashboard: completed, in the past, nothing to cancel or move.
    await client.goto('/client-dashboard')
    await expect(client.getByRole('list', { name: 'Upcoming sessions' }).filter({ hasText: service })).toHaveCount(0)
    const card = client.getByRole('list', { name: 'Past sessions' }).getByRole('listitem').filter({ hasText: service })
    await expect(card.getByText('completed', { exact: true })).toBeVisible()
    for (const name of [`Cancel Session: ${service}`, `Reschedule: ${service}`, `Join Session: ${service}`]) {
      await expect(card.getByRole('link', { name })).toHaveCount(0)
    }

    // The practitioner's: out of Upcoming, in Recent Sessions as completed, with when it ended.
    await practitioner.goto('/practitioner/dashboard')
    await expect(practitioner.getByRole('region', { name: 'Upcoming Sessions' })).not.toContainText(service)
    const row = practitioner
      .getByRole('region', { name: 'Recent Sessions' })
      .getByRole('listitem')
      .filter({ hasText: service })
    await expect(row.getByText('Completed', { exact: true })).toBeVisible()
    await expect(row.getByText(/^It ended at \d{1,2}:\d\d [AP]M E[SD]T\.$/)).toBeVisible()

    // The booking page: completed, and a review is offered.
    await client.goto(`/bookings/${bookingId}`)
    await expect(client.getByRole('heading', { level: 1, name: 'Session completed' })).toBeVisible()
    for (const name of ['Reschedule this session', 'Cancel this session', 'Cancel for a Full Refund']) {
      await expect(client.getByRole('link', { name })).toHaveCount(0)
      await expect(client.getByRole('button', { name })).toHaveCount(0)
    }
    // To the practitioner's profile with its review dialog open (this new practitioner is not
    // listed, so their profile is not public: the offer itself is what this flow checks).
    await expect(
      client.getByRole('link', { name: `Write a Review of ${PRACTITIONER} Hale`, exact: true }),
    ).toHaveAttribute('href', /^\/practitioners\/\d+\?review=1$/)
    await close()
  })

  test('the preview says how to allow a refused camera, and lets one join without any', async ({
    browser,
  }, testInfo) => {
    const start = Date.now() + 5 * MINUTE
    const { client, bookingId, service, close } = await twoPeopleAndASession(browser, testInfo, start)
    // The browser refuses the camera until told otherwise; then it has none.
    await client.addInitScript(() => {
      const error = () => sessionStorage.getItem('media-error') ?? 'NotAllowedError'
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('No camera', error()))
    })
    await openRoom(client, bookingId, service, `${PRACTITIONER} Hale`, start)
    await expect(client.getByRole('alert').filter({ hasText: ROOM_TEXT.permissionDenied })).toBeVisible()
    await expect(client.getByRole('button', { name: ROOM_TEXT.join, exact: true })).toHaveCount(0)

    await client.evaluate(() => sessionStorage.setItem('media-error', 'NotFoundError'))
    await client.getByRole('button', { name: ROOM_TEXT.tryAgain, exact: true }).click()
    await expect(client.getByRole('alert').filter({ hasText: ROOM_TEXT.noDevices })).toBeVisible()
    await join(client, ROOM_TEXT.joinWithoutMedia)
    await expect(client.getByRole('status').filter({ hasText: ROOM_TEXT.otherNotJoined(PRACTITIONER) })).toBeVisible()
    await expect(client.getByRole('button', { name: ROOM_TEXT.unmute, exact: true })).toBeDisabled()
    await close()
  })

  test('the check before the call: the camera, the microphone’s level, a test sound, the connection and a verdict', async ({
    browser,
  }, testInfo) => {
    const start = Date.now() + 5 * MINUTE
    const { client, bookingId, service, close } = await twoPeopleAndASession(browser, testInfo, start)
    // Counts the tones the page starts: the test sound is an oscillator through the speakers.
    await client.addInitScript(() => {
      const start = OscillatorNode.prototype.start
      OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: Parameters<typeof start>) {
        const page = window as unknown as { tones?: number }
        page.tones = (page.tones ?? 0) + 1
        return start.apply(this, args)
      }
    })
    await openRoom(client, bookingId, service, `${PRACTITIONER} Hale`, start)
    const check = client.getByRole('region', { name: ROOM_TEXT.check.heading, exact: true })
    await expectPlaying(client.getByLabel(ROOM_TEXT.yourVideo, { exact: true }))

    // The fake microphone beeps: its level rises above zero.
    const meter = check.getByRole('meter', { name: ROOM_TEXT.check.micLevel, exact: true })
    await expect.poll(async () => Number(await meter.getAttribute('aria-valuenow'))).toBeGreaterThan(0)
    await check.getByRole('button', { name: ROOM_TEXT.check.playTestSound, exact: true }).click()
    expect(await client.evaluate(() => (window as unknown as { tones?: number }).tones)).toBe(1)

    // These servers have no STUN or TURN server (the default): the check says the connection
    // cannot be tested rather than failing it, and the verdict speaks of the devices alone.
    await expect(check.getByText(ROOM_TEXT.check.network.untested, { exact: true })).toBeVisible()
    await expect(check.getByRole('status')).toHaveText(ROOM_TEXT.check.devicesReady)
    const { violations } = await new AxeBuilder({ page: client }).analyze()
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    await close()
  })

  test('opening the room in another tab closes it in the first', async ({ browser }, testInfo) => {
    const start = Date.now() + 5 * MINUTE
    const { client, bookingId, service, close } = await twoPeopleAndASession(browser, testInfo, start)
    await openRoom(client, bookingId, service, `${PRACTITIONER} Hale`, start)
    await join(client)

    const second = await client.context().newPage()
    await openRoom(second, bookingId, service, `${PRACTITIONER} Hale`, start)
    await expect(client.getByText(ROOM_TEXT.replaced, { exact: true })).toBeVisible()
    await expect(client.locator('video')).toHaveCount(0)
    // The first tab stays closed: it does not take the room back from the second.
    await expect(second.getByRole('button', { name: ROOM_TEXT.join, exact: true })).toBeEnabled()
    await join(second)
    await expect(second.getByText(ROOM_TEXT.replaced)).toHaveCount(0)
    await close()
  })
})

test('before its window the room says when it opens, counts down with JavaScript, and opens by itself when the countdown ends', async ({
  browser,
  javaScriptEnabled,
}, testInfo) => {
  test.slow()
  const later = Date.now() + 2 * 60 * MINUTE
  const { client, emails, bookingId, service, close } = await twoPeopleAndASession(browser, testInfo, later)
  await openRoom(client, bookingId, service, `${PRACTITIONER} Hale`, later)
  await expect(client.getByText(ROOM_TEXT.opensBeforeStart, { exact: true })).toBeVisible()
  // When it opens, as a time of day in the viewer's zone, with JavaScript or without.
  const opensAt = shown(later - ROOM_OPENS_BEFORE_MS)
    .startShort.split(', ')
    .at(-1)!
  await expect(client.getByText(ROOM_TEXT.opensAt(opensAt), { exact: true })).toBeVisible()
  const timer = client.getByRole('timer')
  await expect(client.getByRole('button', { name: ROOM_TEXT.join })).toHaveCount(0)
  if (!javaScriptEnabled) {
    // No countdown that would stand still, and the page says plainly that the call needs JavaScript.
    await expect(timer).toHaveCount(0)
    await expect(client.getByText(/Opens in/)).toHaveCount(0)
    await expect(client.getByText(ROOM_TEXT.needsJavaScript, { exact: true })).toBeVisible()
    return close()
  }
  await expect(client.getByText(ROOM_TEXT.needsJavaScript)).toBeHidden()
  await expect(timer).toHaveText(/^Opens in 1:4[45]:\d\d$/)

  const shownFirst = await timer.textContent()
  await expect(timer).not.toHaveText(shownFirst!)

  // A session whose room opens in 20 seconds: the page lets the person in without a reload.
  const soon = Date.now() + ROOM_OPENS_BEFORE_MS + 20_000
  const nextId = giveUpcomingSession(emails.practitioner, emails.client, soon, `${service} soon`)
  await client.goto(sessionRoomPath(nextId))
  await expect(timer).toHaveText(/^Opens in 00:[01]\d$/)
  await expect(client.getByRole('button', { name: ROOM_TEXT.join, exact: true })).toBeVisible({ timeout: 40_000 })
  await expect(client.getByRole('timer')).toHaveCount(0)
  await close()
})

test('a session held at the practitioner’s own link, or cancelled, has no room', async ({ browser }, testInfo) => {
  const start = Date.now() + 5 * MINUTE
  const { practitioner, client, bookingId, service, close } = await twoPeopleAndASession(browser, testInfo, start)
  const link = 'https://meet.example.com/robin-hale'
  giveMeetingLink(bookingId, link, { own: true })

  await openRoom(client, bookingId, service, `${PRACTITIONER} Hale`, start)
  await expect(client.getByText(ROOM_TEXT.ownLink.client, { exact: true })).toBeVisible()
  const join = client.getByRole('link', { name: ROOM_TEXT.join, exact: true })
  await expect(join).toHaveAttribute('href', link)
  await expect(join).toHaveAttribute('target', '_blank')
  await openRoom(practitioner, bookingId, service, `${CLIENT} Member`, start)
  await expect(practitioner.getByText(ROOM_TEXT.ownLink.practitioner, { exact: true })).toBeVisible()

  const db = writableTestDatabase()
  try {
    db.prepare(`UPDATE bookings SET status = 'cancelled' WHERE id = ?`).run(bookingId)
  } finally {
    db.close()
  }
  await client.reload()
  await expect(client.getByText(ROOM_TEXT.cancelled, { exact: true })).toBeVisible()
  await expect(client.getByRole('link', { name: ROOM_TEXT.join })).toHaveCount(0)
  await close()
})

test('only the booking’s client and practitioner get into its room', async ({ browser, page }, testInfo) => {
  const start = Date.now() + 5 * MINUTE
  const { bookingId, close } = await twoPeopleAndASession(browser, testInfo, start)
  await signUpClient(page, testInfo)
  const response = await page.goto(sessionRoomPath(bookingId))
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Booking not found' })).toBeVisible()
  await expect(page.getByText(ROOM_TEXT.mediaStaysPrivate)).toHaveCount(0)
  await close()
})

test('without JavaScript the open room says the call needs it, and offers the practitioner’s meeting link', async ({
  browser,
  javaScriptEnabled,
}, testInfo) => {
  test.skip(javaScriptEnabled, 'with JavaScript the room itself runs (the call flows above)')
  const start = Date.now() + 5 * MINUTE
  const { practitioner, client, bookingId, service, close } = await twoPeopleAndASession(browser, testInfo, start)
  const link = 'https://meet.example.com/robin-hale'
  giveMeetingLink(bookingId, link)

  await openRoom(client, bookingId, service, `${PRACTITIONER} Hale`, start)
  await expect(client.getByText(ROOM_TEXT.needsJavaScript, { exact: true })).toBeVisible()
  await expect(client.getByText(ROOM_TEXT.mediaStaysPrivate)).toBeVisible()
  await expect(client.getByText(ROOM_TEXT.meetingLinkInstead.client, { exact: true })).toBeVisible()
  const meetingLink = client.getByRole('link', { name: ROOM_TEXT.openMeetingLink, exact: true })
  await expect(meetingLink).toHaveAttribute('href', link)
  await expect(meetingLink).toHaveAttribute('target', '_blank')
  await expect(client.getByRole('button', { name: ROOM_TEXT.join })).toHaveCount(0)

  // The practitioner's page offers their own link in their words.
  await openRoom(practitioner, bookingId, service, `${CLIENT} Member`, start)
  await expect(practitioner.getByText(ROOM_TEXT.meetingLinkInstead.practitioner, { exact: true })).toBeVisible()
  await expect(practitioner.getByRole('link', { name: ROOM_TEXT.openMeetingLink })).toHaveAttribute('href', link)
  await close()
})
