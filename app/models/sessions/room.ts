import { z } from 'zod'
import { msg, type Message } from '~/lib/i18n/message'
import { ROOM_OPENS_BEFORE_MS, type RoomState } from './room-window'
import type { ParseKeys } from 'i18next'

/**
 * A booking's video room (client-safe: the page, its signaling client and the server share
 * these; docs/decisions/039-video-rooms.md). Media goes browser to browser; the server only
 * introduces the two people (signaling) and records when each joined and left.
 */

export * from './room-window'

/* Signaling: what the browser posts (JSON, one message a request). */

/** A page load's own id: a reload is a new peer, so the other side starts over with it. */
export const PeerIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, msg('room:errors.invalidPeer'))

/** An SDP is a few KB; far more is not a session description. */
export const MAX_SDP_CHARS = 32_000
/** Every message's body, at most (docs/decisions/014: bounded before it is read). */
export const MAX_SIGNAL_BYTES = 48 * 1024

/**
 * The stream sends a `keepalive` event this often when nothing else goes. A page that has heard
 * nothing for KEEPALIVE_SILENCE_MS knows its stream is dead though the browser has not noticed
 * (a connection the network dropped without a word, as a phone changing networks does), and
 * opens another; a comment line would not do, a page never sees those.
 */
export const KEEPALIVE_MS = 20_000
export const KEEPALIVE_SILENCE_MS = 50_000

const DescriptionSchema = z.object({
  type: z.enum(['offer', 'answer']),
  sdp: z.string().max(MAX_SDP_CHARS),
})

const CandidateSchema = z.object({
  candidate: z.string().max(1_000),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
})

const MediaState = {
  audio: z.boolean(),
  video: z.boolean(),
  /** Audio only on a poor link (the other side then sends no video either); left out: off. */
  audioOnly: z.boolean().default(false),
}

export const SignalMessageSchema = z.discriminatedUnion('type', [
  /** Into the room from the preview (the other side then sees "is waiting" and negotiates). */
  z.object({ type: z.literal('join'), peerId: PeerIdSchema, ...MediaState }),
  /** Out of the room (Leave); the page closing says so too, by its stream ending. */
  z.object({ type: z.literal('leave'), peerId: PeerIdSchema }),
  /** Microphone or camera turned on or off, audio only chosen or ended: the other side shows it. */
  z.object({ type: z.literal('state'), peerId: PeerIdSchema, ...MediaState }),
  /** A description or an ICE candidate for the other side's current peer (`to`). */
  z.object({
    type: z.literal('signal'),
    peerId: PeerIdSchema,
    to: PeerIdSchema,
    description: DescriptionSchema.optional(),
    candidate: CandidateSchema.nullable().optional(),
  }),
  /** The practitioner ends the session for both. */
  z.object({ type: z.literal('end'), peerId: PeerIdSchema }),
])
export type SignalMessage = z.output<typeof SignalMessageSchema>

/* Signaling: what the event stream sends (`data:` lines of JSON, one event each). */

/** The other person as this side sees them. */
export type OtherPresence = {
  /** Has the room's page open (in the preview or the room). */
  present: boolean
  /** In the room itself (joined from the preview). */
  joined: boolean
  /** Their page's peer id while present, else null. */
  peerId: string | null
  audio: boolean
  video: boolean
  /** They chose audio only on a poor link: neither side sends video until they take it back. */
  audioOnly: boolean
}

export type RoomEvent =
  /** First event of a stream: the other person as they are now. */
  | { type: 'hello'; peerId: string; other: OtherPresence }
  /** The other person arrived, joined, changed their microphone or camera, left or went away. */
  | { type: 'presence'; other: OtherPresence }
  /** A description or candidate from the other side's peer `from`. */
  | {
      type: 'signal'
      from: string
      description?: { type: 'offer' | 'answer'; sdp: string }
      candidate?: z.output<typeof CandidateSchema> | null
    }
  /** The practitioner ended the session: both leave, and the room stays closed. */
  | { type: 'ended' }
  /** The same person opened the room in another tab or device: this stream ends. */
  | { type: 'replaced' }

/** A message of the room's catalogue (app/locales/<language>/room.json): a key tsc checks. */
const say = (key: ParseKeys<'room'>, values?: Record<string, string | number>) => msg(`room:${key}`, values)

/**
 * What the room says, as messages (one definition each): the server's refusals answer them in
 * the reader's language, the room's scripts hold them until a component shows them
 * (`translateMessage`), and the tests read them in English. The page's components word the rest
 * with `t` from the same catalogue.
 */
export const ROOM_TEXT = {
  mediaStaysPrivate: say('mediaStaysPrivate'),
  needsJavaScript: say('needsJavaScript'),
  permissionDenied: say('permissionDenied'),
  noDevices: say('noDevices'),
  otherWaiting: (name: string) => say('otherWaiting', { name }),
  otherNotJoined: (name: string) => say('otherNotJoined', { name }),
  otherLeft: (name: string) => say('otherLeft', { name }),
  connecting: say('connecting'),
  reconnecting: say('reconnecting'),
  ended: say('ended'),
  /** Who ended it, as each side reads it: the practitioner themselves, or the client by name. */
  youEnded: say('youEnded'),
  endedBy: (practitionerFirstName: string) => say('endedBy', { name: practitionerFirstName }),
  /** When, on the page of a session ended in its room (time: '6:52 PM EST'). */
  endedAt: (time: string) => say('endedAt', { time }),
  replaced: say('replaced'),

  /* The page around the room (app/components/session-room/session-room-page.tsx). */
  heading: (serviceName: string, otherName: string) => say('heading', { service: serviceName, name: otherName }),
  opensBeforeStart: say('opensBeforeStart', { count: ROOM_OPENS_BEFORE_MS / 60_000 }),
  /** A countdown such as '1:44:59' or '14:59'. */
  opensIn: (time: string) => say('opensIn', { time }),
  /** When it opens, in the viewer's zone ('6:35 PM EST'): true without JavaScript, when a countdown would freeze. */
  opensAt: (time: string) => say('opensAt', { time }),
  opening: say('opening'),
  cancelled: say('cancelled'),
  unpaid: say('unpaid'),
  completePayment: say('completePayment'),
  ownLink: {
    client: say('ownLink.client'),
    practitioner: say('ownLink.practitioner'),
  },
  /** Beside needsJavaScript, when the practitioner has a meeting link of their own. */
  meetingLinkInstead: {
    client: say('meetingLinkInstead.client'),
    practitioner: say('meetingLinkInstead.practitioner'),
  },
  openMeetingLink: say('openMeetingLink'),

  /* The preview before joining (app/components/session-room/lobby.tsx). */
  join: say('join'),
  rejoin: say('rejoin'),
  youLeft: say('youLeft'),
  tryAgain: say('tryAgain'),
  joinWithoutMedia: say('joinWithoutMedia'),
  deviceFailed: say('deviceFailed'),
  camera: say('camera'),
  microphone: say('microphone'),
  /** The check before the call (app/components/session-room/lobby-check.tsx). */
  check: {
    heading: say('check.heading'),
    micLevel: say('check.micLevel'),
    micHint: say('check.micHint'),
    playTestSound: say('check.playTestSound'),
    testSoundHint: say('check.testSoundHint'),
    network: {
      checking: say('check.network.checking'),
      untested: say('check.network.untested'),
      ok: say('check.network.ok'),
      limited: say('check.network.limited'),
      blocked: say('check.network.blocked'),
      unsupported: say('check.network.unsupported'),
    },
    allReady: say('check.allReady'),
    devicesReady: say('check.devicesReady'),
    checking: say('check.checking'),
    problems: say('check.problems'),
    /** What to do, one sentence for each problem the check finds. */
    fix: {
      denied: say('check.fix.denied'),
      'no-devices': say('check.fix.noDevices'),
      failed: say('check.fix.failed'),
      noCamera: say('check.fix.noCamera'),
      noMicrophone: say('check.fix.noMicrophone'),
      microphoneSilent: say('check.fix.microphoneSilent'),
      limited: say('check.fix.limited'),
      blocked: say('check.fix.blocked'),
      unsupported: say('check.fix.unsupported'),
    },
  },

  /* The call (app/components/session-room/call-view.tsx). */
  yourVideo: say('yourVideo'),
  otherVideo: (name: string) => say('otherVideo', { name }),
  mute: say('mute'),
  unmute: say('unmute'),
  cameraOff: say('cameraOff'),
  cameraOn: say('cameraOn'),
  leave: say('leave'),
  end: say('end'),
  /** The confirmation before End: it closes the room for both, for good. */
  endConfirm: {
    title: say('endConfirm.title'),
    body: (clientFirstName: string) => say('endConfirm.body', { name: clientFirstName }),
    cancel: say('endConfirm.cancel'),
    confirm: say('endConfirm.confirm'),
  },
  /** A POST of End before the booked start (the button is not offered then). */
  endNotYet: say('endNotYet'),
  otherMuted: (name: string) => say('otherMuted', { name }),
  otherCameraOff: (name: string) => say('otherCameraOff', { name }),
  yourCameraIsOff: say('yourCameraIsOff'),
  /** In the lobby after Leave, the camera switched on: its light is off until the rejoin. */
  cameraOnRejoin: say('cameraOnRejoin'),
  /** Time since the booked start ('12:05'), of the booked length. */
  elapsed: (time: string, minutes: number) => say('elapsed', { time, minutes }),
  startsIn: (time: string) => say('startsIn', { time }),
  quality: { good: say('quality.good'), fair: say('quality.fair'), poor: say('quality.poor') },
  /** The connection's quality: one of `quality`, a message itself (shown in the same language). */
  connection: (quality: string) => say('connection', { quality }),
  /** The video gives way on a weak link (app/components/session-room/video-steps.ts). */
  videoLowered: say('videoLowered'),
  audioOnlyOffer: say('audioOnlyOffer'),
  audioOnly: say('audioOnly'),
  audioOnlyOn: say('audioOnlyOn'),
  videoBack: say('videoBack'),
  otherAudioOnly: (name: string) => say('otherAudioOnly', { name }),
  notSent: say('notSent'),
  /** The signaling's refusals. */
  invalidPeer: say('errors.invalidPeer'),
} as const

/** Who ended the session, in each side's words: the practitioner ends it, the client reads their name. */
export function whoEnded({ me, other }: Pick<SessionRoomData, 'me' | 'other'>) {
  return me.role === 'practitioner' ? ROOM_TEXT.youEnded : ROOM_TEXT.endedBy(other.firstName)
}

/** What the room's page loader answers (app/routes/sessions.$id.tsx), formatted on the server. */
export type SessionRoomData = {
  booking: {
    id: number
    serviceName: string
    durationMinutes: number
    /** ISO instants. */
    startTime: string
    endTime: string
    /** When, in the viewer's zone: 'Tuesday, December 1, 2026, 10:00 AM – 11:00 AM EST'. */
    when: string
  }
  me: { role: 'client' | 'practitioner'; firstName: string }
  /** The other person: their first name for the room's words, their whole name for the page. */
  other: { firstName: string; name: string }
  state: RoomState
  /** ISO: when the room opens and closes, and the server's clock when the page was made. */
  opensAt: string
  closesAt: string
  now: string
  /** The practitioner's own meeting link: where this session is held (`own-link`), or a fallback without JavaScript. */
  meetingLink: string | null
  /** For RTCPeerConnection: none unless configured (host candidates only); TURN with time-limited credentials. */
  iceServers: { urls: string | string[]; username?: string; credential?: string }[]
  /** When the practitioner ended the session in its room (ISO, and in the viewer's zone: '6:52 PM EST'), else null. */
  ended: { at: string; time: string } | null
  /** When the room opens, in the viewer's zone ('6:35 PM EST'): the page says so, countdown or not. */
  opensAtTime: string
  /** Where "Back" goes: the person's own dashboard or booking; its words a message. */
  backTo: { to: string; label: Message }
}
