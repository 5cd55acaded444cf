import { useEffect, useState } from 'react'
import type { SessionRoomData } from '~/models/sessions/room'
import {
  candidateKind,
  configuredServers,
  networkStatus,
  serversOfKind,
  type CandidateKind,
  type NetworkStatus,
} from './pre-call-check'

/** How long the check waits for the servers to answer: a reachable STUN or TURN server answers in well under a second. */
export const NETWORK_CHECK_MS = 5_000

type Gathering = { seen: Set<CandidateKind>; complete: boolean }

/**
 * Gathers candidates with `iceServers` for up to NETWORK_CHECK_MS: the kinds found, and whether
 * gathering finished in time with no server reporting an error. It stops early once `enough`.
 * `stop` closes it (the lobby going away); it then never resolves.
 */
function gather(
  iceServers: RTCIceServer[],
  enough: (seen: ReadonlySet<CandidateKind>) => boolean,
): { result: Promise<Gathering>; stop: () => void } {
  const seen = new Set<CandidateKind>()
  let pc: RTCPeerConnection
  try {
    pc = new RTCPeerConnection({ iceServers })
  } catch {
    // A server list the browser refuses (a malformed URL) is not reached either.
    return { result: Promise.resolve({ seen, complete: false }), stop: () => {} }
  }
  let done = false
  let timer: ReturnType<typeof setTimeout>
  /** A server said it failed (a name that does not resolve, an error response). */
  let failed = false
  const result = new Promise<Gathering>((resolve) => {
    const finish = (complete: boolean) => {
      if (done) return
      done = true
      clearTimeout(timer)
      pc.close()
      resolve({ seen, complete: complete && !failed })
    }
    timer = setTimeout(() => finish(false), NETWORK_CHECK_MS)
    pc.addEventListener('icecandidateerror', () => {
      failed = true
    })
    pc.addEventListener('icecandidate', ({ candidate }) => {
      // The empty candidate: gathering is over, every server having answered or failed.
      if (!candidate) return finish(true)
      const kind = candidateKind(candidate)
      if (kind) seen.add(kind)
      if (enough(seen)) finish(false)
    })
    // Something to gather for: a data channel needs no camera or microphone.
    pc.createDataChannel('check')
    pc.createOffer()
      .then((offer) => (done ? undefined : pc.setLocalDescription(offer)))
      .catch(() => finish(false))
  })
  const stop = () => {
    done = true
    clearTimeout(timer)
    pc.close()
  }
  return { result, stop }
}

/**
 * Whether this browser can reach the room's STUN and TURN servers (with the page's time-limited
 * TURN credential), before the call needs them: peer connections of the check's own, one with
 * the STUN servers and one with the TURN servers, each with a data channel so that it has
 * something to gather for, make an offer and watch the candidates they gather for a few
 * seconds. A server-reflexive candidate (or STUN's gathering finishing without an error:
 * networkStatus says why) means a STUN server answered, a relay candidate that the TURN server
 * did. Nothing is sent to the other person, and the connections are closed at the end. With no
 * server configured (the default, the offline demo) there is nothing to reach, and the check
 * says so instead of failing.
 */
export function useNetworkCheck(servers: SessionRoomData['iceServers']): NetworkStatus {
  const [status, setStatus] = useState<NetworkStatus>('checking')
  // Checked once per visit to the lobby: the page's data coming again (a revalidation, with a
  // new TURN credential) is no reason to check again.
  const [iceServers] = useState(servers)

  useEffect(() => {
    if (typeof RTCPeerConnection === 'undefined') {
      setStatus('unsupported')
      return
    }
    const configured = configuredServers(iceServers)
    if (!configured.stun && !configured.turn) {
      setStatus('untested')
      return
    }
    setStatus('checking')
    const none = { result: Promise.resolve({ seen: new Set<CandidateKind>(), complete: false }), stop: () => {} }
    const stun = configured.stun ? gather(serversOfKind(iceServers, 'stun'), (seen) => seen.has('srflx')) : none
    const turn = configured.turn ? gather(serversOfKind(iceServers, 'turn'), (seen) => seen.has('relay')) : none
    let current = true
    void Promise.all([stun.result, turn.result]).then(([fromStun, fromTurn]) => {
      if (!current) return
      const seen = new Set([...fromStun.seen, ...fromTurn.seen])
      setStatus(networkStatus(configured, seen, { stunComplete: fromStun.complete }))
    })

    return () => {
      // Leaving the lobby before the end: no answer to give.
      current = false
      stun.stop()
      turn.stop()
    }
  }, [iceServers])

  return status
}
