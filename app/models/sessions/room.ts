import { z } from 'zod'
import { ROOM_OPENS_BEFORE_MS, type RoomState } from './room-window'

/**
 * A booking's video room (client-safe: the page, its signaling client and the server share
 * these; docs/decisions/039-video-rooms.md). Media goes browser to browser; the server only
 * introduces the two people (signaling) and records when each joined and left.
 */

export * from './room-window'

/* Signaling: what the browser posts (JSON, one message a request). */

/** A page load's own id: a reload is a new peer, so the other side starts over with it. */
export const PeerIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid peer id')

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

/** Words the room shows (one definition each). */
export const ROOM_TEXT = {
  mediaStaysPrivate:
    'Your video and audio go straight to the other person, encrypted end to end. Solace only introduces your browsers and never sees, relays or records the call.',
  needsJavaScript: 'The video room needs JavaScript. Turn it on in your browser to join.',
  permissionDenied:
    'Your browser is blocking the camera and microphone. Allow them for this site (the camera icon in the address bar), then try again.',
  noDevices: 'No camera or microphone was found. Connect one and try again, or join without them.',
  otherWaiting: (name: string) => `${name} is waiting`,
  otherNotJoined: (name: string) => `${name} has not joined yet`,
  otherLeft: (name: string) => `${name} left the session`,
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  ended: 'This session has ended.',
  /** Who ended it, as each side reads it: the practitioner themselves, or the client by name. */
  youEnded: 'You ended the session',
  endedBy: (practitionerFirstName: string) => `${practitionerFirstName} ended the session`,
  /** When, on the page of a session ended in its room (time: '6:52 PM EST'). */
  endedAt: (time: string) => `It ended at ${time}.`,
  replaced: 'You opened this session somewhere else, so it closed here.',

  /* The page around the room (app/components/session-room/session-room-page.tsx). */
  heading: (serviceName: string, otherName: string) => `${serviceName} with ${otherName}`,
  opensBeforeStart: `Your session room opens ${ROOM_OPENS_BEFORE_MS / 60_000} minutes before the start.`,
  /** A countdown such as '1:44:59' or '14:59'. */
  opensIn: (time: string) => `Opens in ${time}`,
  /** When it opens, in the viewer's zone ('6:35 PM EST'): true without JavaScript, when a countdown would freeze. */
  opensAt: (time: string) => `The room opens at ${time}.`,
  opening: 'Opening the room…',
  cancelled: 'This session was cancelled, so it has no room.',
  unpaid: 'This session is not paid yet, so its room is closed.',
  completePayment: 'Complete payment',
  ownLink: {
    client: 'Your practitioner holds this session at their own meeting link.',
    practitioner: 'You hold this session at your own meeting link.',
  },
  /** Beside needsJavaScript, when the practitioner has a meeting link of their own. */
  meetingLinkInstead: {
    client: "You can also join at your practitioner's own meeting link.",
    practitioner: 'You can also meet at your own meeting link.',
  },
  openMeetingLink: 'Open the meeting link',

  /* The preview before joining (app/components/session-room/lobby.tsx). */
  join: 'Join session',
  rejoin: 'Rejoin',
  youLeft: 'You left the session.',
  tryAgain: 'Try again',
  joinWithoutMedia: 'Join without camera and microphone',
  deviceFailed:
    'Your camera or microphone could not start; another app may be using it. Try again, or join without them.',
  camera: 'Camera',
  microphone: 'Microphone',
  /** The check before the call (app/components/session-room/lobby-check.tsx). */
  check: {
    heading: 'Check before you join',
    micLevel: 'Microphone level',
    micHint: 'Say something: the bar moves when your microphone hears you.',
    playTestSound: 'Play test sound',
    testSoundHint:
      "You should hear a short tone. If you don't, turn up the volume or choose other speakers in your computer's sound settings.",
    network: {
      checking: 'Checking your connection…',
      untested:
        'No STUN or TURN server is set up for this site, so your connection cannot be tested before the call. The call connects directly where your network allows it.',
      ok: 'Your network can reach the call servers.',
      limited: 'Your network reached the call servers only in part.',
      blocked: 'Your network did not reach the call servers.',
      unsupported: 'This browser cannot make video calls.',
    },
    allReady: 'Your camera, microphone and connection are ready',
    devicesReady: 'Your camera and microphone are ready',
    checking: 'Checking your camera, microphone and connection…',
    problems: 'Before you join:',
    /** What to do, one sentence for each problem the check finds. */
    fix: {
      denied: "Allow the camera and microphone in your browser's site settings (the icon in the address bar).",
      'no-devices': 'No camera or microphone was found: connect one, or join without them.',
      failed: 'Your camera or microphone would not start: close other apps that use it, then try again.',
      noCamera: 'No camera was found: connect one, or join with sound only.',
      noMicrophone: 'No microphone was found: connect one or pick another microphone.',
      microphoneSilent:
        "We can't hear your microphone: pick another microphone, or check that it isn't muted on the device itself.",
      limited:
        'Most calls will still connect, but a strict network (at work, at school, on some VPNs) may block this one: if the call does not connect, try another network or turn off your VPN.',
      blocked: 'Your network blocks video calls: try another network (a phone hotspot) or turn off your VPN.',
      unsupported: 'Your browser cannot make video calls: open this page in a recent Chrome, Edge, Firefox or Safari.',
    },
  },

  /* The call (app/components/session-room/call-view.tsx). */
  yourVideo: 'Your video',
  otherVideo: (name: string) => `Video of ${name}`,
  mute: 'Mute microphone',
  unmute: 'Unmute microphone',
  cameraOff: 'Turn camera off',
  cameraOn: 'Turn camera on',
  leave: 'Leave',
  end: 'End session',
  /** The confirmation before End: it closes the room for both, for good. */
  endConfirm: {
    title: 'End the session for both of you?',
    body: (clientFirstName: string) =>
      `The room closes for you and ${clientFirstName}, and the session is marked completed. This cannot be undone. To step out and come back, use Leave instead.`,
    cancel: 'Cancel',
    confirm: 'End session',
  },
  /** A POST of End before the booked start (the button is not offered then). */
  endNotYet: 'A session can be ended only from its start time. Until then, use Leave to step out.',
  otherMuted: (name: string) => `${name} is muted`,
  otherCameraOff: (name: string) => `${name} turned their camera off`,
  yourCameraIsOff: 'Your camera is off',
  /** In the lobby after Leave, the camera switched on: its light is off until the rejoin. */
  cameraOnRejoin: 'Your camera is on and starts again when you rejoin',
  /** Time since the booked start ('12:05'), of the booked length. */
  elapsed: (time: string, minutes: number) => `${time} of ${minutes} min`,
  startsIn: (time: string) => `Starts in ${time}`,
  quality: { good: 'Good', fair: 'Fair', poor: 'Poor' },
  connection: (quality: string) => `Connection: ${quality}`,
  /** The video gives way on a weak link (app/components/session-room/video-steps.ts). */
  videoLowered: 'Your video is lowered to keep your voices clear',
  audioOnlyOffer: 'Your connection is too weak for video. Switch to audio only to keep your voices clear.',
  audioOnly: 'Audio only',
  audioOnlyOn: 'Audio only while the connection is weak. Video comes back by itself when it recovers.',
  videoBack: 'Turn video back on',
  otherAudioOnly: (name: string) =>
    `Audio only: ${name}'s connection is weak. Video comes back by itself when it recovers.`,
  notSent: 'That did not reach the room. Check your connection and try again.',
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
  /** Where "Back" goes: the person's own dashboard. */
  backTo: { to: string; label: string }
}
