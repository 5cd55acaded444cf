import { expect, test, type Page } from '@playwright/test'
import { framesPerSecond, startCall, type CallPerson } from './call-in-namespace'
import { openNetworkNamespace, type NetworkNamespace } from './network-namespace'
import { ROOM_TEXT } from './room-text'
import { DEMO_PEOPLE, testDatabase } from './support'

/**
 * Issue 45: on a narrow link the video gives way and the voices keep going. The server and both
 * browsers share a network namespace's loopback (network-namespace.ts), capped by a token bucket
 * (`tc` `tbf`; this kernel has no `netem`). At 300 kbit/s for everything, both ways, each page
 * must lower the video it sends (its sender's own steps, video-steps.ts) while the other's
 * voice keeps arriving, packet after packet. Narrower still, the room offers audio only; taken,
 * no video goes either way and the voices go on; when the cap is lifted, video comes back by
 * itself.
 */

declare global {
  interface Window {
    testPeerConnections: RTCPeerConnection[]
  }
}

/** Runs in each page before the app: keeps the peer connections the app makes, for their statistics. */
function keepPeerConnections() {
  const Original = window.RTCPeerConnection
  window.testPeerConnections = []
  window.RTCPeerConnection = class extends Original {
    constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
      super(...args)
      window.testPeerConnections.push(this)
    }
  }
}

type Media = {
  /** The other's voice: packets received, and samples played and concealed (made up for lost ones). */
  audioPackets: number
  audioSamples: number
  concealedSamples: number
  /** The width of the other's picture as it arrives, and how this page's video sender is tuned. */
  receivedWidth: number | null
  scaleDown: number | null
  sendingVideo: boolean
}

async function media(page: Page): Promise<Media> {
  return page.evaluate(async () => {
    const pc = window.testPeerConnections.at(-1)!
    const result = { audioPackets: 0, audioSamples: 0, concealedSamples: 0, receivedWidth: null as number | null }
    ;(await pc.getStats()).forEach(
      (stat: {
        type: string
        kind?: string
        packetsReceived?: number
        totalSamplesReceived?: number
        concealedSamples?: number
        frameWidth?: number
      }) => {
        if (stat.type !== 'inbound-rtp') return
        if (stat.kind === 'audio') {
          result.audioPackets = stat.packetsReceived ?? 0
          result.audioSamples = stat.totalSamplesReceived ?? 0
          result.concealedSamples = stat.concealedSamples ?? 0
        } else result.receivedWidth = stat.frameWidth ?? null
      },
    )
    const video = pc.getSenders().find((sender) => sender.track?.kind === 'video')
    const [encoding] = video?.getParameters().encodings ?? []
    return { ...result, scaleDown: encoding?.scaleResolutionDownBy ?? null, sendingVideo: encoding?.active ?? false }
  })
}

/** Over `ms`, the other's voice on this page: packets a second, and the share of samples concealed. */
async function voiceOver(page: Page, ms: number) {
  const before = await media(page)
  await page.waitForTimeout(ms)
  const after = await media(page)
  const samples = after.audioSamples - before.audioSamples
  return {
    packetsPerSecond: ((after.audioPackets - before.audioPackets) * 1_000) / ms,
    concealed: samples > 0 ? (after.concealedSamples - before.concealedSamples) / samples : 1,
  }
}

const note = (text: string) => {
  test.info().annotations.push({ type: 'call-bandwidth', description: text })
  console.log(`call-bandwidth: ${text}`)
}

test('a narrow link lowers the video, keeps the voices, offers audio only, and gives the video back', async ({
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, 'the call runs in the browser: it needs JavaScript')
  test.setTimeout(150_000)
  const opened = await openNetworkNamespace(testDatabase())
  test.skip('unavailable' in opened, 'unavailable' in opened ? opened.unavailable : '')
  const ns = opened as NetworkNamespace
  try {
    const people = await startCall(ns, keepPeerConnections)
    for (const { page } of people) expect((await media(page)).scaleDown).toBe(1)

    ns.setBandwidth(300)
    const capped = Date.now()
    for (const { page, role } of people) {
      await expect(page.getByText(ROOM_TEXT.videoLowered)).toBeVisible({ timeout: 20_000 })
      await expect.poll(async () => (await media(page)).scaleDown, { timeout: 5_000 }).toBeGreaterThan(1)
      // The quality shown says so too (a lowered picture comes at fewer frames a second).
      const weaker = [ROOM_TEXT.quality.fair, ROOM_TEXT.quality.poor].map((quality) => ROOM_TEXT.connection(quality))
      await expect(page.getByRole('status').filter({ hasText: new RegExp(weaker.join('|')) })).toBeVisible()
      note(`${role}: video lowered ${Date.now() - capped} ms after the cap`)
    }
    // The first seconds of a cap lose what was queued; from then on, the voices must be whole.
    await people[0]!.page.waitForTimeout(3_000)
    const voices = await Promise.all(people.map(({ page }) => voiceOver(page, 5_000)))
    for (const [index, { page, role }] of people.entries()) {
      const voice = voices[index]!
      const width = (await media(page)).receivedWidth
      note(
        `${role}: ${voice.packetsPerSecond.toFixed(1)} voice packets/s, ${(voice.concealed * 100).toFixed(1)} % concealed, picture ${width} px wide`,
      )
      expect(width).toBeLessThan(640)
      expect(voice.packetsPerSecond).toBeGreaterThan(40)
      expect(voice.concealed).toBeLessThan(0.05)
    }

    // Too narrow for both voices and the least video both ways: the room offers audio only. The
    // client takes it; no video goes either way (the practitioner's page is told), and the
    // voices go on, whole.
    ns.setBandwidth(200)
    const narrowed = Date.now()
    const [practitioner, client] = people as [CallPerson, CallPerson]
    await expect(client.page.getByText(ROOM_TEXT.audioOnlyOffer)).toBeVisible({ timeout: 30_000 })
    note(`client: audio only offered ${Date.now() - narrowed} ms after the narrower cap`)
    await client.page.getByRole('button', { name: ROOM_TEXT.audioOnly, exact: true }).click()
    await expect(client.page.getByText(ROOM_TEXT.audioOnlyOn)).toBeVisible()
    const chosen = Date.now()
    const told = practitioner.page.getByText(ROOM_TEXT.otherAudioOnly(DEMO_PEOPLE.client.firstName))
    await expect(told).toBeVisible({ timeout: 20_000 })
    note(`practitioner: told of audio only ${Date.now() - chosen} ms after the client chose it`)
    for (const { page } of people) {
      await expect.poll(async () => (await media(page)).sendingVideo).toBe(false)
    }
    // No video either way: once the queue has drained, the voices alone fit, whole.
    await people[0]!.page.waitForTimeout(2_000)
    const alone = await Promise.all(people.map(({ page }) => voiceOver(page, 4_000)))
    for (const [index, { role }] of people.entries()) {
      const voice = alone[index]!
      note(
        `${role}, audio only: ${voice.packetsPerSecond.toFixed(1)} voice packets/s, ${(voice.concealed * 100).toFixed(1)} % concealed`,
      )
      expect(voice.packetsPerSecond).toBeGreaterThan(40)
      expect(voice.concealed).toBeLessThan(0.05)
    }

    ns.setBandwidth(null)
    const lifted = Date.now()
    for (const person of people) {
      await expect.poll(() => framesPerSecond(person.otherVideo), { timeout: 45_000 }).toBeGreaterThan(0)
      note(`${person.role}: video back ${Date.now() - lifted} ms after the cap was lifted`)
    }
  } finally {
    await ns.close()
  }
})
