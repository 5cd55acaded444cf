import { ROOM_TEXT, type OtherPresence, type RoomEvent, type SessionRoomData } from '~/models/sessions/room'
import { NOBODY, type CallAction } from './call-state'
import { qualityBetween, readLink, readSample, type StatsSample } from './connection-quality'
import { PeerLink, type IncomingSignal } from './peer-link'
import { tuneSenders } from './sender-tuning'
import { RoomSignaling, SignalRefused } from './signaling'
import { chooseAudioOnly, firstPlan, nextPlan, startLow, type VideoPlan } from './video-steps'

/**
 * One page's part in a booking's room: the signaling channel, the peer connection to the other
 * person's page, and the rules that tie them together. React owns none of it (usePeerCall makes
 * one per page and disposes of it); it reports what happens through `dispatch` (call-state.ts).
 *
 * The rules:
 * - The page is in the room (the other side sees it "present") while its stream is open, and
 *   joined from Join until Leave.
 * - A connection exists while both are joined, with the other's current page: a new peer id
 *   (they reloaded), their leaving or their going away closes it, and the next join opens a new one.
 * - Recovery: ICE restarts on failure, on a network change and when the stream comes back (an
 *   offer sent while it was down is lost); the stream reconnects by itself, and its next `hello`
 *   keeps the connection if the other's page is the same one. A signal still queued when a newer
 *   offer replaces it is not sent: after an outage only the latest offer and its candidates go.
 */

export type CallSessionOptions = {
  bookingId: number
  peerId: string
  role: SessionRoomData['me']['role']
  iceServers: RTCIceServer[]
  dispatch: (action: CallAction) => void
  /** The server refused the stream: the page asks the server whether the room is still open. */
  onRefused: () => void
  /** Each new connection to the other's page, for the connection report (connection-report.ts). */
  onPeerConnection?: (pc: RTCPeerConnection) => void
}

export type MediaState = { audio: boolean; video: boolean }

/** How often the connection's statistics are sampled, for the quality shown and the video's step. */
const STATS_EVERY_MS = 2_000
/** The wait before a state the network lost is sent again. */
const STATE_RETRY_MS = 1_000

export class CallSession {
  private readonly signaling: RoomSignaling
  private link: PeerLink | null = null
  private other: OtherPresence = NOBODY
  private joined = false
  /** The stream said hello since it last dropped: the server knows this page, so it may post. */
  private streamOpen = false
  private localStream: MediaStream | null = null
  private media: MediaState = { audio: false, video: false }
  private statsTimer: ReturnType<typeof setInterval> | null = null
  private lastSample: StatsSample | null = null
  private plan: VideoPlan = firstPlan(Date.now())
  /** Each state sent counts up: a retry of an older one is not made. */
  private stateVersion = 0
  /** Offers made on this page: a signal queued before the latest offer is not sent (RoomSignaling.post). */
  private offers = 0
  private stopped = false

  constructor(private readonly options: CallSessionOptions) {
    this.signaling = new RoomSignaling(options.bookingId, options.peerId, {
      onEvent: (event) => this.onEvent(event),
      onStatus: (status) => {
        if (status !== 'open') this.streamOpen = false
        options.dispatch({ type: 'signaling', status })
      },
      onRefused: options.onRefused,
    })
  }

  start() {
    this.signaling.open()
    window.addEventListener('online', this.onOnline)
    window.addEventListener('pagehide', this.onPageHide)
  }

  /** Into the call with this stream (null: without camera and microphone). */
  join(stream: MediaStream | null, media: MediaState) {
    if (this.stopped) return
    this.joined = true
    this.localStream = stream
    this.media = media
    this.options.dispatch({ type: 'joined' })
    // Before the stream's hello the server would refuse it; the hello then sends it.
    if (this.streamOpen) this.postOrSay({ type: 'join', ...this.myState() })
    this.connectIfBothJoined()
  }

  /** Out of the call, back to the lobby; the page stays in the room. */
  leave() {
    if (this.stopped || !this.joined) return
    this.joined = false
    this.localStream = null
    this.closeLink(false)
    this.options.dispatch({ type: 'left' })
    this.postOrSay({ type: 'leave', peerId: this.options.peerId })
  }

  /** The practitioner ends the session for both. */
  async end() {
    if (this.stopped) return
    try {
      await this.signaling.post({ type: 'end', peerId: this.options.peerId })
      this.finish('ended')
    } catch (error) {
      this.options.dispatch({ type: 'error', message: messageOf(error) })
    }
  }

  /** The microphone or camera was turned on or off: the other side shows it. */
  setMedia(media: MediaState) {
    this.media = media
    this.postState()
  }

  /** Audio only on (the offer taken) or off (video back now): for both sides, the other told. */
  setAudioOnly(audioOnly: boolean) {
    if (this.stopped || audioOnly === this.plan.audioOnly) return
    this.changePlan(chooseAudioOnly(this.plan, audioOnly, Date.now()))
  }

  /** This page's part of the room's state: the microphone, the camera, and audio only. */
  private myState() {
    return { peerId: this.options.peerId, ...this.media, audioOnly: this.plan.audioOnly }
  }

  /**
   * The latest state, to the other side. A try the network lost is made again while the stream
   * is open, unless a newer state went meanwhile (a reopened stream's hello sends it anyway):
   * audio only is chosen on a congested link, where a request can take several tries.
   */
  private postState() {
    if (!this.joined || !this.streamOpen || this.stopped) return
    const version = ++this.stateVersion
    this.options.dispatch({ type: 'error', message: null })
    this.signaling.post({ type: 'state', ...this.myState() }).catch((error) => {
      if (this.stopped || version !== this.stateVersion) return
      if (error instanceof SignalRefused) return this.options.dispatch({ type: 'error', message: error.message })
      setTimeout(() => version === this.stateVersion && this.postState(), STATE_RETRY_MS)
    })
  }

  /** The page goes away (unmount): leave the call if in it, and close everything. */
  dispose() {
    if (this.joined && !this.stopped) this.signaling.postAsPageCloses({ type: 'leave', peerId: this.options.peerId })
    this.stop()
  }

  private onEvent(event: RoomEvent) {
    if (this.stopped) return
    switch (event.type) {
      case 'hello':
        this.streamOpen = true
        this.options.dispatch({ type: 'signaling', status: 'open' })
        this.onPresence(event.other)
        // Joined before the stream opened, or back after a drop (if the server had let our place
        // go, this joins again; a join is idempotent), with the microphone and camera as they are now.
        if (this.joined) this.postOrSay({ type: 'join', ...this.myState() })
        // What was sent while the stream was down may be lost: a connection not connected starts over.
        void this.link?.recover()
        return
      case 'presence':
        return this.onPresence(event.other)
      case 'signal':
        return this.onSignal(event.from, event)
      case 'ended':
        return this.finish('ended')
      case 'replaced':
        return this.finish('replaced')
    }
  }

  private onPresence(other: OtherPresence) {
    // Their audio only ended: the link was narrow a moment ago, so video comes back low and climbs.
    if (this.other.audioOnly && !other.audioOnly) this.plan = startLow(this.plan, Date.now())
    this.other = other
    if (this.link) void this.tune(this.link)
    this.options.dispatch({ type: 'presence', other })
    const link = this.link
    // The connection is to their current page while they are in the call; anything else ends it.
    if (link && !(other.present && other.joined && other.peerId === link.remotePeerId)) this.closeLink(true)
    this.connectIfBothJoined()
  }

  private onSignal(from: string, signal: IncomingSignal) {
    // Only from the other's current page, and only while we are in the call.
    if (!this.joined || from !== this.other.peerId) return
    this.connectIfBothJoined()
    void this.link?.handleSignal(signal)
  }

  private connectIfBothJoined() {
    const { peerId, joined } = this.other
    if (this.link || this.stopped || !this.joined || !joined || !peerId) return
    this.openLink(peerId)
  }

  private openLink(remotePeerId: string) {
    const { dispatch, role, iceServers, peerId } = this.options
    dispatch({ type: 'link-opened' })
    const link: PeerLink = new PeerLink(remotePeerId, {
      polite: role === 'client',
      iceServers,
      localStream: this.localStream,
      send: (signal) => {
        // Each offer starts a new round: what is left of an older one (its candidates) is stale.
        const offer = signal.description?.type === 'offer' ? ++this.offers : this.offers
        const isStale = () => this.link !== link || (signal.description?.type !== 'answer' && offer !== this.offers)
        this.signaling.post({ type: 'signal', peerId, to: remotePeerId, ...signal }, { isStale }).catch((error) => {
          console.warn('Session room: a signal was not sent', error)
        })
      },
      onRemoteStream: (stream) => this.link === link && dispatch({ type: 'remote-stream', stream }),
      onConnectionState: (state) => {
        if (this.link !== link) return
        dispatch({ type: 'connection', state })
        // The quality shows as soon as the call does, not at the next sample.
        if (state === 'connected') void this.sampleStats(link)
      },
      onRemoteRestarted: (signal) => this.link === link && this.restartLink(signal),
    })
    this.link = link
    this.options.onPeerConnection?.(link.pc)
    this.lastSample = null
    // A new connection starts at the full picture; audio only, a person's choice, stays as chosen.
    this.changePlan({ ...firstPlan(Date.now()), audioOnly: this.plan.audioOnly })
    this.statsTimer = setInterval(() => void this.sampleStats(link), STATS_EVERY_MS)
  }

  /**
   * The other side started a new connection from the same page (it had lost its place in the
   * room): ours starts over too, and the description that told us so is negotiated on it.
   */
  private restartLink(signal: IncomingSignal) {
    const remote = this.link?.remotePeerId
    this.closeLink(false)
    if (!remote) return
    this.openLink(remote)
    void this.link?.handleSignal(signal)
  }

  private closeLink(otherLeft: boolean) {
    if (this.statsTimer) clearInterval(this.statsTimer)
    this.statsTimer = null
    if (!this.link) return
    this.link.close()
    this.link = null
    this.options.dispatch({ type: 'link-closed', otherLeft })
  }

  private async sampleStats(link: PeerLink) {
    try {
      const report = await link.getStats()
      if (this.link !== link || link.pc.connectionState !== 'connected') return
      const sample = readSample(report)
      const expectVideo = this.other.video && !this.other.audioOnly && !this.plan.audioOnly
      this.options.dispatch({ type: 'quality', quality: qualityBetween(this.lastSample, sample, expectVideo) })
      this.lastSample = sample
      this.changePlan(nextPlan(this.plan, readLink(report), Date.now()))
    } catch {
      // A connection closing as it is read: the next one is sampled afresh.
    }
  }

  /** A new plan for this page's video: the senders follow it, the page shows it, the other hears of audio only. */
  private changePlan(plan: VideoPlan) {
    const before = this.plan
    this.plan = plan
    if (this.link) void this.tune(this.link)
    if (plan.audioOnly !== before.audioOnly) this.postState()
    const { step, audioOnly, offerAudioOnly } = plan
    if (step !== before.step || audioOnly !== before.audioOnly || offerAudioOnly !== before.offerAudioOnly) {
      this.options.dispatch({ type: 'video-plan', step, audioOnly, offerAudioOnly })
    }
  }

  private tune(link: PeerLink) {
    const sendVideo = !this.plan.audioOnly && !this.other.audioOnly
    return tuneSenders(link.pc, { step: this.plan.step, sendVideo })
  }

  /** Sends a message whose failure the person must hear of (join, leave, state). */
  private postOrSay(message: Parameters<RoomSignaling['post']>[0]) {
    this.options.dispatch({ type: 'error', message: null })
    this.signaling.post(message).catch((error) => {
      if (!this.stopped) this.options.dispatch({ type: 'error', message: messageOf(error) })
    })
  }

  private finish(how: 'ended' | 'replaced') {
    this.stop()
    this.options.dispatch({ type: how })
  }

  private stop() {
    if (this.stopped) return
    this.stopped = true
    this.closeLink(false)
    this.signaling.close()
    window.removeEventListener('online', this.onOnline)
    window.removeEventListener('pagehide', this.onPageHide)
  }

  /** A network change: new candidates for the connection, and the stream back at once if it was refused. */
  private readonly onOnline = () => {
    void this.link?.recover()
    this.signaling.retryNow()
  }

  /** Closing or reloading the tab: the other side hears of it now rather than when the stream times out. */
  private readonly onPageHide = () => {
    if (this.joined && !this.stopped) this.signaling.postAsPageCloses({ type: 'leave', peerId: this.options.peerId })
  }
}

function messageOf(error: unknown) {
  return error instanceof SignalRefused ? error.message : ROOM_TEXT.notSent
}
