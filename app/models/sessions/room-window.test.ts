import { describe, expect, test } from 'vitest'
import { isRoomOpen, joinUrl, roomState, roomWindow } from './room-window'

const start = new Date('2026-12-01T15:00:00Z')
const end = new Date('2026-12-01T16:00:00Z')
const session = { status: 'confirmed', startTime: start, endTime: end, sessionEndedAt: null, ownMeetingLink: null }
const at = (iso: string) => new Date(iso)

describe('the room’s window: 15 minutes before the start until 30 minutes after the end', () => {
  test('opens and closes on the minute', () => {
    expect(roomWindow(session)).toEqual({ opensAt: at('2026-12-01T14:45:00Z'), closesAt: at('2026-12-01T16:30:00Z') })
  })

  test.each([
    ['2026-12-01T14:44:59.999Z', 'early'],
    ['2026-12-01T14:45:00Z', 'open'],
    ['2026-12-01T15:30:00Z', 'open'],
    ['2026-12-01T16:29:59.999Z', 'open'],
    ['2026-12-01T16:30:00Z', 'ended'],
  ])('at %s it is %s', (now, state) => {
    expect(roomState(session, at(now))).toBe(state)
    expect(isRoomOpen(session, at(now))).toBe(state === 'open')
  })

  test('a session completed as it ended stays open until the window closes', () => {
    expect(roomState({ ...session, status: 'completed' }, at('2026-12-01T16:10:00Z'))).toBe('open')
  })
})

describe('no room', () => {
  const during = at('2026-12-01T15:10:00Z')
  test('for a cancelled or an unpaid booking, whenever it is', () => {
    expect(roomState({ ...session, status: 'cancelled' }, during)).toBe('cancelled')
    expect(roomState({ ...session, status: 'pending' }, during)).toBe('unpaid')
  })
  test('once the practitioner ended it, even inside the window (and before it, too)', () => {
    const ended = { ...session, sessionEndedAt: at('2026-12-01T15:05:00Z') }
    expect(roomState(ended, during)).toBe('ended')
    expect(roomState(ended, at('2026-12-01T14:00:00Z'))).toBe('ended')
    expect(isRoomOpen(ended, during)).toBe(false)
  })
  test('for a service held at the practitioner’s own link: Join goes there', () => {
    const own = { ...session, ownMeetingLink: 'https://meet.example.com/x' }
    expect(roomState(own, during)).toBe('own-link')
    expect(joinUrl(7, own.ownMeetingLink)).toBe('https://meet.example.com/x')
    expect(joinUrl(7, null)).toBe('/sessions/7')
  })
})
