/**
 * One WebRTC connection to one page of the other person (their peer id), negotiated with MDN's
 * "perfect negotiation" pattern: either side may send an offer whenever its tracks change, and
 * when both offer at once the polite side (the client) gives way while the impolite side (the
 * practitioner) ignores the other's offer. Neither side then has to be "the caller", so a
 * reload, a rejoin or an ICE restart on either side needs no coordination.
 * https://developer.mozilla.org/en-US/docs/Web/API/WebRTC_API/Perfect_negotiation
 *
 * Two additions, both from watching Chromium connect two pages:
 * - The first offer is the impolite side's. Both sides open their connection at the same moment
 *   (when the second person joins), so both would offer at once every time; and when the
 *   polite side's implicit rollback lands while its own offer is still gathering candidates,
 *   Chromium gathers none for its answer and the call never connects. So the polite side lets
 *   the impolite side's offer arrive first (its own tracks then ride on that offer's sections),
 *   and offers itself only if none has come after a few seconds.
 * - A watchdog: a connection that is not connected some seconds after it started restarts ICE,
 *   whatever stalled it (a lost candidate, a network change no event told us of). An offer
 *   still unanswered then was lost (sent while the network was gone, tests/e2e/call-recovery.spec.ts):
 *   it is rolled back, or the connection would wait for its answer forever (no new offer is
 *   made until the last one is answered). A call that had connected is retried more often, and
 *   by the impolite side only (leavesRecoveryToOther).
 *
 * A plain class: React's renders must not create or close connections.
 */

/** How long the polite side waits for the other's first offer before making its own. */
const FIRST_OFFER_WAIT_MS = 3_000
/** How long a connection may go without connecting before ICE restarts (and again as often). */
const CONNECT_WATCHDOG_MS = 12_000
/**
 * The same once it had connected: the network is known to work, so a drop is retried every few
 * seconds and the call comes back within seconds of the network (each try is one offer).
 */
const RECONNECT_WATCHDOG_MS = 4_000

/**
 * What the watchdog does to a connection: nothing, restart ICE, or first roll back an offer
 * never answered. `offerUnanswered`: the offer pending now was already pending at the last tick
 * (an answer takes a second; a lost offer would hold even a connected call's next negotiation).
 */
export function watchdogStep(
  pc: Pick<RTCPeerConnection, 'connectionState' | 'signalingState'>,
  offerUnanswered: boolean,
): 'none' | 'restart' | 'rollback-and-restart' {
  if (pc.connectionState === 'closed') return 'none'
  if (pc.signalingState === 'have-local-offer' && (offerUnanswered || pc.connectionState !== 'connected')) {
    return 'rollback-and-restart'
  }
  return pc.connectionState === 'connected' ? 'none' : 'restart'
}

export type OutgoingSignal = {
  description?: { type: 'offer' | 'answer'; sdp: string }
  candidate?: {
    candidate: string
    sdpMid?: string | null
    sdpMLineIndex?: number | null
    usernameFragment?: string | null
  }
}

export type IncomingSignal = {
  description?: { type: 'offer' | 'answer'; sdp: string }
  candidate?: RTCIceCandidateInit | null
}

export type PeerLinkOptions = {
  polite: boolean
  iceServers: RTCIceServer[]
  /** Our camera and microphone, or null when joining without them. */
  localStream: MediaStream | null
  send: (signal: OutgoingSignal) => void
  onRemoteStream: (stream: MediaStream) => void
  onConnectionState: (state: RTCPeerConnectionState) => void
  /**
   * The other side's description comes from a new connection of theirs: ours must start over
   * too, and negotiate this description on the new one.
   */
  onRemoteRestarted: (signal: IncomingSignal) => void
}

/**
 * The `o=` line's session id: each RTCPeerConnection picks its own, and keeps it through every
 * renegotiation. A different one means the other side replaced its connection (after losing its
 * place in the room, say) while keeping its page, so the same peer id.
 */
export function sdpSessionId(sdp: string) {
  return /^o=\S+ (\S+)/m.exec(sdp)?.[1] ?? null
}

export class PeerLink {
  readonly pc: RTCPeerConnection
  private makingOffer = false
  private ignoreOffer = false
  private closed = false
  /** False on the polite side until the other's first offer came, or the wait for it ran out. */
  private mayOffer: boolean
  private remoteSession: string | null = null
  private readonly fallbackStream = new MediaStream()
  private readonly timers: ReturnType<typeof setTimeout>[] = []
  private watchdog: ReturnType<typeof setInterval> | null = null
  private everConnected = false

  constructor(
    readonly remotePeerId: string,
    private readonly options: PeerLinkOptions,
  ) {
    const pc = new RTCPeerConnection({ iceServers: options.iceServers })
    this.pc = pc
    const stream = options.localStream
    for (const track of stream?.getTracks() ?? []) pc.addTrack(track, stream!)
    this.mayOffer = !options.polite
    if (this.mayOffer) this.askForMissingKinds()
    else this.timers.push(setTimeout(() => this.startOffering(), FIRST_OFFER_WAIT_MS))
    this.watch(CONNECT_WATCHDOG_MS)

    pc.onnegotiationneeded = () => void this.offer()
    pc.onicecandidate = ({ candidate }) => {
      // The end of gathering (null) is left out: trickling peers do not need it.
      if (!candidate || this.closed) return
      const { sdpMid, sdpMLineIndex, usernameFragment } = candidate
      options.send({ candidate: { candidate: candidate.candidate, sdpMid, sdpMLineIndex, usernameFragment } })
    }
    pc.oniceconnectionstatechange = () => {
      // New candidates, perhaps over a new network (once connected, the impolite side asks: see recover).
      if (pc.iceConnectionState === 'failed' && !this.leavesRecoveryToOther()) this.restartIce()
    }
    pc.onconnectionstatechange = () => {
      if (this.closed) return
      if (pc.connectionState === 'connected' && !this.everConnected) {
        this.everConnected = true
        this.watch(RECONNECT_WATCHDOG_MS)
      }
      options.onConnectionState(pc.connectionState)
    }
    pc.ontrack = ({ track, streams }) => {
      if (this.closed) return
      const [remote] = streams
      if (remote) return options.onRemoteStream(remote)
      // A track without a stream of the sender's: gather such tracks in one of our own.
      this.fallbackStream.addTrack(track)
      options.onRemoteStream(this.fallbackStream)
    }
  }

  /** A description or candidate from the other side's page (already checked to be `remotePeerId`). */
  async handleSignal({ description, candidate }: IncomingSignal) {
    if (this.closed) return
    const pc = this.pc
    try {
      if (description) {
        const session = sdpSessionId(description.sdp)
        if (this.remoteSession && session && session !== this.remoteSession) {
          return this.options.onRemoteRestarted({ description })
        }
        const offerCollision = description.type === 'offer' && (this.makingOffer || pc.signalingState !== 'stable')
        this.ignoreOffer = !this.options.polite && offerCollision
        if (this.ignoreOffer) return
        this.remoteSession = session ?? this.remoteSession
        // The other's offer came: from now on this side negotiates as freely as the other.
        this.mayOffer = true
        await pc.setRemoteDescription(description)
        if (description.type === 'offer') {
          await pc.setLocalDescription()
          this.sendDescription()
        }
      } else if (candidate) {
        try {
          await pc.addIceCandidate(candidate)
        } catch (error) {
          // A candidate of an offer we ignored, or of a connection that was replaced, is expected to fail.
          if (!this.ignoreOffer) throw error
        }
      }
    } catch (error) {
      this.warn('signal', error)
    }
  }

  /** Gathers new candidates (a network change, a failed path); renegotiates through onnegotiationneeded. */
  restartIce() {
    if (this.closed) return
    this.mayOffer = true
    this.pc.restartIce()
  }

  /**
   * The way to the other side may be back (the network, the room's stream): unless connected,
   * ICE restarts with a new offer, the one still unanswered (lost, most likely) rolled back.
   */
  async recover(offerUnanswered = false) {
    const step = watchdogStep(this.pc, offerUnanswered)
    if (this.closed || step === 'none' || this.makingOffer || this.leavesRecoveryToOther()) return
    try {
      if (step === 'rollback-and-restart') await this.pc.setLocalDescription({ type: 'rollback' })
    } catch (error) {
      return this.warn('rollback', error)
    }
    this.restartIce()
    // Chromium's negotiationneeded came during the rollback (and was let go, not being stable)
    // and does not come again: the offer is made here.
    await this.offer()
  }

  /**
   * A call that had connected is brought back by the impolite side alone: Chromium's rollback of
   * a re-offer of the polite side's (its own, or the implicit one when both offer at once) leaves
   * its receiving video track without frames for good, though they keep arriving and being decoded
   * (tests/e2e/call-recovery.spec.ts). The polite side answers the impolite side's restarts.
   */
  private leavesRecoveryToOther() {
    return this.options.polite && this.everConnected
  }

  getStats() {
    return this.pc.getStats()
  }

  close() {
    if (this.closed) return
    this.closed = true
    this.timers.forEach(clearTimeout)
    if (this.watchdog) clearInterval(this.watchdog)
    const pc = this.pc
    pc.onnegotiationneeded = pc.onicecandidate = pc.oniceconnectionstatechange = null
    pc.onconnectionstatechange = pc.ontrack = null
    pc.close()
  }

  /** The watchdog, every `ms` from now on (replacing the one before). */
  private watch(ms: number) {
    if (this.watchdog) clearInterval(this.watchdog)
    let offerAtLastTick: string | undefined
    this.watchdog = setInterval(() => {
      const pending = this.pc.signalingState === 'have-local-offer' ? this.pc.localDescription?.sdp : undefined
      void this.recover(pending !== undefined && pending === offerAtLastTick)
      offerAtLastTick = pending
    }, ms)
  }

  /** Perfect negotiation's `onnegotiationneeded`: an offer of what changed, unless one is under way. */
  private async offer() {
    const pc = this.pc
    if (this.closed || !this.mayOffer || this.makingOffer || pc.signalingState !== 'stable') return
    try {
      this.makingOffer = true
      await pc.setLocalDescription()
      this.sendDescription()
    } catch (error) {
      this.warn('offer', error)
    } finally {
      this.makingOffer = false
    }
  }

  /** The polite side's wait for a first offer ran out: it offers itself (if nothing was negotiated meanwhile). */
  private startOffering() {
    if (this.closed || this.mayOffer) return
    this.mayOffer = true
    if (this.pc.remoteDescription) return
    this.askForMissingKinds()
    void this.offer()
  }

  /**
   * A kind this side does not send is still asked for: the offer then has a section for each
   * kind, so a person without a camera or a microphone still receives the other's.
   */
  private askForMissingKinds() {
    const kinds = this.pc.getTransceivers().map((transceiver) => transceiver.receiver.track.kind)
    for (const kind of ['audio', 'video'] as const) {
      if (!kinds.includes(kind)) this.pc.addTransceiver(kind, { direction: 'recvonly' })
    }
  }

  private sendDescription() {
    const local = this.pc.localDescription
    if (this.closed || !local || (local.type !== 'offer' && local.type !== 'answer')) return
    this.options.send({ description: { type: local.type, sdp: local.sdp } })
  }

  private warn(step: string, error: unknown) {
    if (!this.closed) console.warn(`Session room: ${step} failed`, error)
  }
}
