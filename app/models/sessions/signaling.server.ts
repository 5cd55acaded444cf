import { AppError } from '~/lib/errors'
import { msg } from '~/lib/i18n/message'
import { log } from '~/lib/log.server'
import { recordJoin, recordLeave } from './attendance.server'
import { KEEPALIVE_MS, type OtherPresence, type RoomEvent, type SignalMessage } from './room'
import { markSessionEnded, type RoomBooking, type Side } from './room.server'

/**
 * The signaling hub (docs/decisions/039-video-rooms.md): introduces a booking's two people to
 * each other so their browsers can connect directly. It relays their session descriptions and
 * ICE candidates and says who is there; audio and video never reach it. It lives in this
 * process's memory, so both people must reach the same machine: on LiteFS, the primary (the
 * stream's GET is replayed there, and every POST goes there anyway).
 *
 * One stream per person and room: a second one (another tab or device) replaces the first. A
 * stream that drops is given a grace, so an EventSource reconnecting after a network
 * blip finds its place, its stay and its "joined" as they were.
 */

/**
 * How long a dropped stream's person still counts as there: two minutes, longer than a Wi-Fi
 * drop or a phone changing networks (a 40 s outage must find both places as they were, issue 45).
 * Closing or reloading the tab does not wait for it: the page posts its `leave` as it goes.
 */
export const RECONNECT_GRACE_MS = 2 * 60_000

export const NOT_CONNECTED = msg('room:errors.notConnected')
export const ONLY_PRACTITIONER_ENDS = msg('room:errors.onlyPractitionerEnds')

type Person = {
  userId: number
  peerId: string
  joined: boolean
  audio: boolean
  video: boolean
  audioOnly: boolean
  /** The open stay in session_attendance while joined. */
  stayId: number | null
  /** Sends to this person's current stream (a no-op while it is down). */
  push: (event: RoomEvent) => void
  /** Ends the current stream. */
  close: () => void
  grace: ReturnType<typeof setTimeout> | null
}

type Room = Partial<Record<Side, Person>>

const rooms = new Map<number, Room>()

const otherSide = (side: Side): Side => (side === 'client' ? 'practitioner' : 'client')

function presenceOf(person: Person | undefined): OtherPresence {
  return person
    ? {
        present: true,
        joined: person.joined,
        peerId: person.peerId,
        audio: person.audio,
        video: person.video,
        audioOnly: person.audioOnly,
      }
    : { present: false, joined: false, peerId: null, audio: false, video: false, audioOnly: false }
}

function tellOther(room: Room, side: Side) {
  room[otherSide(side)]?.push({ type: 'presence', other: presenceOf(room[side]) })
}

function leave(person: Person, now: Date) {
  if (person.stayId !== null) recordLeave(person.stayId, now)
  person.stayId = null
  person.joined = false
  person.audioOnly = false
}

/** Takes a person out of the room (their stream is gone for good, or replaced); their stay ends `at`. */
function remove(bookingId: number, side: Side, person: Person, at = new Date()) {
  const room = rooms.get(bookingId)
  if (!room || room[side] !== person) return
  if (person.grace) clearTimeout(person.grace)
  leave(person, at)
  delete room[side]
  tellOther(room, side)
  if (!room.client && !room.practitioner) rooms.delete(bookingId)
}

const encoder = new TextEncoder()
const frame = (event: RoomEvent) => encoder.encode(`data: ${JSON.stringify(event)}\n\n`)

/**
 * Opens `booking`'s event stream for this person (`peerId`: their page load), ending when
 * `signal` aborts (the browser went away). The caller checked that the room is open to them.
 */
export function openRoomStream(booking: RoomBooking, userId: number, peerId: string, signal: AbortSignal) {
  const side = booking.side
  const room = rooms.get(booking.id) ?? {}
  rooms.set(booking.id, room)

  let sink: ReadableStreamDefaultController<Uint8Array> | null = null
  let keepalive: ReturnType<typeof setInterval> | null = null
  const send = (bytes: Uint8Array) => {
    try {
      sink?.enqueue(bytes)
    } catch {
      sink = null
    }
  }
  const end = () => {
    if (keepalive) clearInterval(keepalive)
    keepalive = null
    try {
      sink?.close()
    } catch {
      // Already closed.
    }
    sink = null
  }

  const existing = room[side]
  let person: Person
  if (existing && existing.peerId === peerId) {
    // The same page reconnecting: its place, stay and state are kept.
    if (existing.grace) clearTimeout(existing.grace)
    existing.grace = null
    existing.close()
    person = existing
  } else {
    if (existing) {
      existing.push({ type: 'replaced' })
      existing.close()
      remove(booking.id, side, existing)
    }
    person = {
      userId,
      peerId,
      joined: false,
      audio: false,
      video: false,
      audioOnly: false,
      stayId: null,
      push: () => {},
      close: () => {},
      grace: null,
    }
    room[side] = person
  }
  person.push = (event) => send(frame(event))
  person.close = end

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      sink = controller
      send(frame({ type: 'hello', peerId, other: presenceOf(room[otherSide(side)]) }))
      tellOther(room, side)
      // An event, not a comment: the page sees it, and knows its stream is alive (room.ts KEEPALIVE_MS).
      keepalive = setInterval(() => send(encoder.encode('event: keepalive\ndata: 1\n\n')), KEEPALIVE_MS)
    },
    cancel() {
      dropped()
    },
  })

  function dropped() {
    if (!sink && !keepalive) return
    end()
    // Only if this stream is still the person's: a replaced one has nothing left to do.
    if (rooms.get(booking.id)?.[side] !== person || person.close !== end) return
    person.push = () => {}
    const at = new Date()
    person.grace = setTimeout(() => remove(booking.id, side, person, at), RECONNECT_GRACE_MS)
    person.grace.unref?.()
  }
  signal.addEventListener('abort', dropped, { once: true })
  return body
}

/** One message from a person's page, in a room open to them. */
export function handleSignal(booking: RoomBooking, message: SignalMessage, now = new Date()) {
  const side = booking.side
  if (message.type === 'end') {
    // The practitioner may end it from any page of theirs, in the room or not.
    if (side !== 'practitioner') throw new AppError(ONLY_PRACTITIONER_ENDS, 403)
    // Refused before the booked start, changing nothing (the room stays as it is).
    markSessionEnded(booking, now)
    return closeRoom(booking.id, now)
  }
  const room = rooms.get(booking.id)
  const person = room?.[side]
  if (!room || !person || person.peerId !== message.peerId) throw new AppError(NOT_CONNECTED, 409)
  switch (message.type) {
    case 'join':
      if (!person.joined) {
        person.joined = true
        person.stayId = recordJoin(booking.id, person.userId, now)
      }
      Object.assign(person, { audio: message.audio, video: message.video, audioOnly: message.audioOnly })
      return tellOther(room, side)
    case 'state':
      Object.assign(person, { audio: message.audio, video: message.video, audioOnly: message.audioOnly })
      return tellOther(room, side)
    case 'leave':
      leave(person, now)
      return tellOther(room, side)
    case 'signal': {
      const other = room[otherSide(side)]
      // For the other side's current page only: a description meant for a page that reloaded is stale.
      if (other?.peerId === message.to) {
        other.push({
          type: 'signal',
          from: person.peerId,
          description: message.description,
          candidate: message.candidate,
        })
      }
      return
    }
  }
}

/** Ends a room: both people are told, their stays close and their streams end. */
function closeRoom(bookingId: number, now = new Date()) {
  const room = rooms.get(bookingId)
  if (!room) return
  for (const person of [room.client, room.practitioner]) {
    if (!person) continue
    person.push({ type: 'ended' })
    if (person.grace) clearTimeout(person.grace)
    leave(person, now)
    person.close()
  }
  rooms.delete(bookingId)
}

/**
 * Ends every stream, closing each stay, before the server stops: open streams would otherwise
 * hold its close for the whole grace. The browsers reconnect to whichever machine answers next.
 */
export function closeAllRooms() {
  const count = rooms.size
  for (const [bookingId, room] of rooms) {
    for (const person of [room.client, room.practitioner]) {
      if (!person) continue
      if (person.grace) clearTimeout(person.grace)
      leave(person, new Date())
      person.close()
    }
    rooms.delete(bookingId)
  }
  if (count) log.info(`closed ${count} video room(s) for the shutdown`)
}

/** Who is in a booking's room now, as each side sees the other (`GET /sessions/:id/signal` as JSON). */
export function roomPresence(booking: RoomBooking) {
  const room = rooms.get(booking.id)
  return { you: presenceOf(room?.[booking.side]), other: presenceOf(room?.[otherSide(booking.side)]) }
}

/** The stays this machine's rooms hold open: any other open stay was left by a machine that stopped. */
export function heldStayIds() {
  const ids = new Set<number>()
  for (const room of rooms.values()) {
    for (const person of [room.client, room.practitioner]) if (person?.stayId != null) ids.add(person.stayId)
  }
  return ids
}
