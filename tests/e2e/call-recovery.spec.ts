import { expect, test } from '@playwright/test'
import { framesPerSecond, startCall } from './call-in-namespace'
import { openNetworkNamespace, type NetworkNamespace } from './network-namespace'
import { ROOM_TEXT } from './room-text'
import { testDatabase } from './support'

/**
 * Issue 45: a call survives the network going away. The server and both people's browsers run
 * in a network namespace of this test's own (network-namespace.ts); mid-call its network goes
 * down for 40 seconds, which is longer than any timeout of ICE's or of the room's own, then
 * comes back, and both sides must be decoding each other's video again within 15 seconds,
 * without anyone clicking anything. While it is down, both pages say "Reconnecting…".
 */

const OUTAGE_MS = 40_000
const RECOVERY_MS = 15_000

test('a call whose network goes away for 40 s comes back by itself on both sides', async ({ javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'the call runs in the browser: it needs JavaScript')
  test.setTimeout(90_000)
  const opened = await openNetworkNamespace(testDatabase())
  test.skip('unavailable' in opened, 'unavailable' in opened ? opened.unavailable : '')
  const ns = opened as NetworkNamespace
  try {
    const people = await startCall(ns)

    ns.setNetwork(false)
    const down = Date.now()
    for (const { page } of people) {
      await expect(page.getByRole('status').filter({ hasText: ROOM_TEXT.reconnecting })).toBeVisible({
        timeout: OUTAGE_MS - 5_000,
      })
    }
    for (const person of people) expect(await framesPerSecond(person.otherVideo)).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, down + OUTAGE_MS - Date.now()))

    ns.setNetwork(true)
    const up = Date.now()
    // Polled in turn: the second side's time is at most when its video was first seen decoding again.
    for (const person of people) {
      await expect
        .poll(() => framesPerSecond(person.otherVideo), { timeout: up + RECOVERY_MS - Date.now(), intervals: [0] })
        .toBeGreaterThan(0)
      const after = `${Date.now() - up} ms`
      test.info().annotations.push({ type: `${person.role} decodes again after`, description: after })
      console.log(
        `call-recovery: the ${person.role} decodes the other's video again ${after} after the network came back`,
      )
    }
  } finally {
    await ns.close()
  }
})
