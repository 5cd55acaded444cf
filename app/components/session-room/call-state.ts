import type { Message } from '~/lib/i18n/message'
import type { OtherPresence } from '~/models/sessions/room'
import type { Quality } from './connection-quality'
import type { SignalingStatus } from './signaling'

/**
 * What the room's page shows about the call, as one reducer: the signaling channel, the other
 * person's presence, the peer connection and how the call ended. CallSession (call-session.ts)
 * dispatches what happened; the components only read this. Pure, so it is tested without a
 * browser (call-state.test.ts).
 */

export type CallPhase =
  /** The preview before joining (or after leaving). */
  | 'lobby'
  /** Joined: connected to the other person, or waiting for them. */
  | 'in-call'
  /** The practitioner ended the session: the room is closed for both. */
  | 'ended'
  /** This person opened the room on another tab or device, so this page stopped. */
  | 'replaced'

/** The peer connection, as the page words it. */
export type LinkState = 'none' | 'connecting' | 'connected' | 'reconnecting'

/** The event stream: what the other person is doing is known only while it is open. */
export type SignalingState = 'connecting' | 'open' | 'reconnecting'

export type CallState = {
  phase: CallPhase
  /** This page left the call at least once: its lobby says so and offers Rejoin. */
  hasLeft: boolean
  signaling: SignalingState
  other: OtherPresence
  /** The other person was in the call and went away; until they join again. */
  otherLeft: boolean
  link: LinkState
  quality: Quality | null
  /** This page's video (video-steps.ts): its step, audio only chosen here, and the offer of it. */
  video: { step: number; audioOnly: boolean; offerAudioOnly: boolean }
  remoteStream: MediaStream | null
  /**
   * Why a message did not reach the room, until the next try: the server's words (already in the
   * reader's language) when it gave any, else ROOM_TEXT's; the page shows it with `translateMessage`.
   */
  error: Message | null
}

export type CallAction =
  | { type: 'signaling'; status: SignalingStatus }
  | { type: 'presence'; other: OtherPresence }
  | { type: 'joined' }
  | { type: 'left' }
  | { type: 'link-opened' }
  | { type: 'link-closed'; otherLeft: boolean }
  | { type: 'connection'; state: RTCPeerConnectionState }
  | { type: 'remote-stream'; stream: MediaStream }
  | { type: 'quality'; quality: Quality }
  | { type: 'video-plan'; step: number; audioOnly: boolean; offerAudioOnly: boolean }
  | { type: 'ended' }
  | { type: 'replaced' }
  | { type: 'error'; message: Message | null }

export const NOBODY: OtherPresence = {
  present: false,
  joined: false,
  peerId: null,
  audio: false,
  video: false,
  audioOnly: false,
}

const FULL_VIDEO = { step: 0, audioOnly: false, offerAudioOnly: false }

export const initialCallState: CallState = {
  phase: 'lobby',
  hasLeft: false,
  signaling: 'connecting',
  other: NOBODY,
  otherLeft: false,
  link: 'none',
  quality: null,
  video: FULL_VIDEO,
  remoteStream: null,
  error: null,
}

/** A connection's state as the page words it: connecting until connected, reconnecting once it drops. */
function linkStateOf(state: RTCPeerConnectionState, before: LinkState): LinkState {
  if (state === 'connected') return 'connected'
  if (state === 'disconnected' || state === 'failed') return 'reconnecting'
  if (state === 'closed') return 'none'
  // 'new' and 'connecting': still reconnecting if it had been connected (an ICE restart).
  return before === 'reconnecting' ? 'reconnecting' : 'connecting'
}

/** The connection's own fields, cleared: no connection, no picture, no quality. */
const NO_LINK = { link: 'none', quality: null, remoteStream: null } as const

export function callReducer(state: CallState, action: CallAction): CallState {
  // After the end, nothing that arrives late (a presence, a closing connection) changes the page.
  if (state.phase === 'ended' || state.phase === 'replaced') return state
  switch (action.type) {
    case 'signaling':
      // Once it has been open, a stream that is not is coming back (EventSource, or our retry).
      return {
        ...state,
        signaling: action.status === 'open' ? 'open' : state.signaling === 'connecting' ? 'connecting' : 'reconnecting',
      }
    case 'presence':
      return { ...state, other: action.other, otherLeft: action.other.joined ? false : state.otherLeft }
    case 'joined':
      return { ...state, phase: 'in-call', error: null }
    case 'left':
      return { ...state, ...NO_LINK, video: FULL_VIDEO, phase: 'lobby', hasLeft: true, otherLeft: false }
    case 'link-opened':
      return { ...state, ...NO_LINK, link: 'connecting', otherLeft: false }
    case 'link-closed':
      return { ...state, ...NO_LINK, otherLeft: action.otherLeft || state.otherLeft }
    case 'connection':
      return state.link === 'none' ? state : { ...state, link: linkStateOf(action.state, state.link) }
    case 'remote-stream':
      return state.link === 'none' ? state : { ...state, remoteStream: action.stream }
    case 'quality':
      return state.link === 'none' ? state : { ...state, quality: action.quality }
    case 'video-plan': {
      const { step, audioOnly, offerAudioOnly } = action
      return { ...state, video: { step, audioOnly, offerAudioOnly } }
    }
    case 'ended':
      return { ...state, ...NO_LINK, phase: 'ended', error: null }
    case 'replaced':
      return { ...state, ...NO_LINK, phase: 'replaced', error: null }
    case 'error':
      return { ...state, error: action.message }
  }
}
