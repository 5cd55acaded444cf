import { describe, expect, test } from 'vitest'
import { callReducer, initialCallState, NOBODY, type CallAction, type CallState } from './call-state'

const joinedOther = {
  present: true,
  joined: true,
  peerId: 'peer-of-other',
  audio: true,
  video: true,
  audioOnly: false,
}
const stream = {} as MediaStream

const run = (...actions: CallAction[]) => actions.reduce(callReducer, initialCallState)

describe('callReducer', () => {
  test('the connection is words the page shows: connecting until connected, reconnecting once it drops', () => {
    let state = run({ type: 'joined' }, { type: 'link-opened' })
    expect(state.link).toBe('connecting')
    state = callReducer(state, { type: 'connection', state: 'connected' })
    expect(state.link).toBe('connected')
    state = callReducer(state, { type: 'connection', state: 'disconnected' })
    expect(state.link).toBe('reconnecting')
    // An ICE restart goes through 'connecting' again: still a reconnection.
    state = callReducer(state, { type: 'connection', state: 'connecting' })
    expect(state.link).toBe('reconnecting')
    expect(callReducer(state, { type: 'connection', state: 'connected' }).link).toBe('connected')
  })

  test('the stream is reconnecting once it has been open', () => {
    expect(run({ type: 'signaling', status: 'connecting' }).signaling).toBe('connecting')
    const open = run({ type: 'signaling', status: 'open' })
    expect(open.signaling).toBe('open')
    expect(callReducer(open, { type: 'signaling', status: 'connecting' }).signaling).toBe('reconnecting')
    expect(callReducer(open, { type: 'signaling', status: 'down' }).signaling).toBe('reconnecting')
  })

  test('the other leaving closes the connection and says so, until they join again', () => {
    let state = run(
      { type: 'joined' },
      { type: 'presence', other: joinedOther },
      { type: 'link-opened' },
      { type: 'remote-stream', stream },
      { type: 'quality', quality: 'good' },
    )
    state = callReducer(state, { type: 'link-closed', otherLeft: true })
    expect(state).toMatchObject({ link: 'none', remoteStream: null, quality: null, otherLeft: true })
    state = callReducer(state, { type: 'presence', other: { ...joinedOther, joined: false } })
    expect(state.otherLeft).toBe(true)
    expect(callReducer(state, { type: 'presence', other: joinedOther }).otherLeft).toBe(false)
  })

  test('what a closed connection reports late is ignored', () => {
    const state = run({ type: 'joined' }, { type: 'link-opened' }, { type: 'link-closed', otherLeft: false })
    expect(callReducer(state, { type: 'remote-stream', stream })).toBe(state)
    expect(callReducer(state, { type: 'connection', state: 'connected' })).toBe(state)
    expect(callReducer(state, { type: 'quality', quality: 'poor' })).toBe(state)
  })

  test('leaving goes back to the lobby, which then offers Rejoin', () => {
    const state = run({ type: 'joined' }, { type: 'link-opened' }, { type: 'left' })
    expect(state).toMatchObject({ phase: 'lobby', hasLeft: true, link: 'none' })
  })

  test('the end and a replaced page are final', () => {
    for (const end of ['ended', 'replaced'] as const) {
      const state: CallState = run({ type: 'joined' }, { type: 'link-opened' }, { type: end })
      expect(state).toMatchObject({ phase: end, link: 'none' })
      expect(callReducer(state, { type: 'presence', other: NOBODY })).toBe(state)
      expect(callReducer(state, { type: 'joined' })).toBe(state)
    }
  })

  test("this page's video plan shows until the page leaves the call", () => {
    const plan = { step: 3, audioOnly: false, offerAudioOnly: true }
    const state = run({ type: 'joined' }, { type: 'link-opened' }, { type: 'video-plan', ...plan })
    expect(state.video).toEqual(plan)
    expect(callReducer(state, { type: 'left' }).video).toEqual({ step: 0, audioOnly: false, offerAudioOnly: false })
  })
})
