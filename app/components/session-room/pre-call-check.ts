import type { Message } from '~/lib/i18n/message'
import { ROOM_TEXT, type SessionRoomData } from '~/models/sessions/room'
import type { MediaProblem } from './use-local-media'

/**
 * The lobby's check before the call, its pure parts (tested without a browser): which ICE
 * servers the room has, what a gathered candidate says was reached, what the network check
 * concludes from them, how loud the microphone is, and the verdict a person reads with what to
 * do about each problem. The browser's side is in use-network-check.ts and use-mic-level.ts.
 */

/** How a candidate was found: on the device, through a STUN server, or relayed by TURN. */
export type CandidateKind = 'host' | 'srflx' | 'prflx' | 'relay'

const KINDS: readonly string[] = ['host', 'srflx', 'prflx', 'relay']

/**
 * A candidate's kind: its `type` where the browser gives one, else the `typ` of its SDP line
 * ('candidate:1 1 udp 1686052607 203.0.113.7 50000 typ srflx raddr …'). Null for the empty
 * candidate that ends gathering, or a line that names no kind.
 */
export function candidateKind(candidate: { type?: string | null; candidate?: string | null }): CandidateKind | null {
  if (candidate.type && KINDS.includes(candidate.type)) return candidate.type as CandidateKind
  const typ = candidate.candidate?.match(/\styp\s+(\S+)/)?.[1]
  return typ && KINDS.includes(typ) ? (typ as CandidateKind) : null
}

/** Whether the room has a STUN server, a TURN server, both or neither (docs/decisions/039: none by default). */
export function configuredServers(iceServers: SessionRoomData['iceServers']) {
  const urls = iceServers.flatMap((server) => (Array.isArray(server.urls) ? server.urls : [server.urls]))
  return {
    stun: urls.some((url) => /^stuns?:/i.test(url)),
    turn: urls.some((url) => /^turns?:/i.test(url)),
  }
}

/**
 * The room's servers of one kind only, each with its credential: the check gathers with STUN
 * and TURN apart, so that STUN finishing quickly is not held up by a TURN server that does not answer.
 */
export function serversOfKind(iceServers: SessionRoomData['iceServers'], kind: 'stun' | 'turn') {
  const scheme = kind === 'stun' ? /^stuns?:/i : /^turns?:/i
  return iceServers.flatMap((server) => {
    const urls = (Array.isArray(server.urls) ? server.urls : [server.urls]).filter((url) => scheme.test(url))
    return urls.length ? [{ ...server, urls }] : []
  })
}

/**
 * What the network check found:
 * - `untested`: the room has no STUN or TURN server (a developer's machine, the offline demo),
 *   so there is nothing to reach; calls use the device's own addresses only;
 * - `ok`: the TURN relay answered (a call can always go through it), or the only server, STUN, did;
 * - `limited`: STUN answered but the TURN relay did not: most calls connect, strict networks may not;
 * - `blocked`: no server answered: the network (a firewall, a VPN) keeps calls from connecting;
 * - `unsupported`: the browser has no WebRTC at all.
 */
export type NetworkStatus = 'checking' | 'untested' | 'ok' | 'limited' | 'blocked' | 'unsupported'

/**
 * The network check's result from the servers there are and the kinds of candidate gathered.
 * `stunComplete`: gathering with the STUN servers alone finished in time, none reporting an
 * error. A STUN server
 * answered then even without a server-reflexive candidate: on a device with a public address
 * (no NAT), and once the camera is allowed the browser shows its real addresses, the address
 * STUN reports is the device's own, and the browser drops that candidate as a duplicate. A
 * server that does not answer keeps gathering from finishing within the check's seconds.
 */
export function networkStatus(
  configured: { stun: boolean; turn: boolean },
  seen: ReadonlySet<CandidateKind>,
  { stunComplete = false } = {},
): Exclude<NetworkStatus, 'checking' | 'unsupported'> {
  if (!configured.stun && !configured.turn) return 'untested'
  if (seen.has('relay')) return 'ok'
  const stunAnswered = seen.has('srflx') || (configured.stun && stunComplete)
  if (stunAnswered) return configured.turn ? 'limited' : 'ok'
  return 'blocked'
}

/**
 * The microphone's level, 0 to 100, from an AnalyserNode's time-domain bytes (silence is 128):
 * the signal's RMS, scaled so that speech at a normal distance fills most of the bar.
 */
export function levelOf(samples: ArrayLike<number>) {
  if (samples.length === 0) return 0
  let sum = 0
  for (let i = 0; i < samples.length; i++) {
    const value = (samples[i]! - 128) / 128
    sum += value * value
  }
  const rms = Math.sqrt(sum / samples.length)
  return Math.min(100, Math.round(rms * 300))
}

/** A level above which the microphone is taken to have heard something (not its own hiss). */
export const HEARD_LEVEL = 3

/** What the lobby knows of the person's devices, for the verdict. */
export type DeviceCheck = {
  /** Why the browser gave no stream, if it gave none. */
  problem: MediaProblem | null
  /** The stream has a camera track, a microphone track. */
  hasVideo: boolean
  hasAudio: boolean
  /**
   * The microphone: heard something, still listening, listened long enough and heard nothing,
   * or turned off by the person (nothing to hear, and their choice).
   */
  microphone: 'heard' | 'listening' | 'silent' | 'off'
}

/** The verdict's words are messages (ROOM_TEXT's): the lobby shows them in the page's language. */
export type Verdict =
  | { state: 'checking' }
  | { state: 'ready'; text: Message }
  /** Each problem in a sentence that says what to do. */
  | { state: 'problems'; problems: Message[] }

const CHECK = ROOM_TEXT.check

/**
 * The plain verdict: ready (connection included when it could be checked), or each problem and
 * what to do about it. A camera or microphone the person turned off is their choice, not a
 * problem; one the browser refused, could not find or could not start is.
 */
export function verdictOf(devices: DeviceCheck, network: NetworkStatus): Verdict {
  const problems: Message[] = []
  if (devices.problem) problems.push(CHECK.fix[devices.problem])
  else {
    if (!devices.hasVideo) problems.push(CHECK.fix.noCamera)
    if (!devices.hasAudio) problems.push(CHECK.fix.noMicrophone)
    else if (devices.microphone === 'silent') problems.push(CHECK.fix.microphoneSilent)
  }
  if (network === 'blocked' || network === 'limited' || network === 'unsupported') problems.push(CHECK.fix[network])
  if (problems.length) return { state: 'problems', problems }
  if (network === 'checking' || (devices.hasAudio && devices.microphone === 'listening')) return { state: 'checking' }
  return { state: 'ready', text: network === 'untested' ? CHECK.devicesReady : CHECK.allReady }
}
