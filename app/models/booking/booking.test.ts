import { describe, expect, test } from 'vitest'
import { tFor } from '~/lib/i18n/i18n.server'
import { inEnglish, inFrench } from '../../../tests/helpers/i18n'
import {
  canJoinSession,
  clientMayReschedule,
  FREE_SESSION_CANCELLATION,
  PACKAGE_SESSION_LATE,
  FULL_REFUND_NOTICE_MS,
  googleCalendarUrl,
  MOVED_FULL_REFUND,
  noRefundNotice,
  refundDueCents,
  refundPolicyFor,
} from './booking'

const now = new Date('2026-12-01T12:00:00Z')
const paid = { isPaid: true, totalAmountCents: 8500, refundedAmountCents: 0 }
const startingIn = (ms: number) => new Date(now.getTime() + ms)

test('a paid session cancelled 24 hours or more ahead is refunded in full, to the cent', () => {
  expect(refundDueCents({ ...paid, startTime: startingIn(FULL_REFUND_NOTICE_MS) }, now)).toBe(8500)
  expect(refundDueCents({ ...paid, startTime: startingIn(10 * FULL_REFUND_NOTICE_MS) }, now)).toBe(8500)
})

test('later than that, nothing is refunded', () => {
  expect(refundDueCents({ ...paid, startTime: startingIn(FULL_REFUND_NOTICE_MS - 1) }, now)).toBe(0)
  expect(refundDueCents({ ...paid, startTime: startingIn(60_000) }, now)).toBe(0)
})

test('unpaid bookings owe nothing, and what was already refunded is not refunded twice', () => {
  expect(refundDueCents({ ...paid, isPaid: false, startTime: startingIn(3 * FULL_REFUND_NOTICE_MS) }, now)).toBe(0)
  expect(
    refundDueCents({ ...paid, refundedAmountCents: 3000, startTime: startingIn(3 * FULL_REFUND_NOTICE_MS) }, now),
  ).toBe(5500)
  expect(
    refundDueCents({ ...paid, refundedAmountCents: 8500, startTime: startingIn(3 * FULL_REFUND_NOTICE_MS) }, now),
  ).toBe(0)
})

test('a session the practitioner moved is refunded in full until its client accepts the new time, however near', () => {
  const moved = { ...paid, movedByPractitionerAt: now }
  expect(refundDueCents({ ...moved, startTime: startingIn(60_000) }, now)).toBe(8500)
  expect(refundDueCents({ ...moved, refundedAmountCents: 500, startTime: startingIn(60_000) }, now)).toBe(8000)
  expect(refundDueCents({ ...moved, isPaid: false, startTime: startingIn(60_000) }, now)).toBe(0)
  expect(
    refundPolicyFor(
      { status: 'confirmed', totalAmountCents: 8500, startTime: startingIn(60_000), movedByPractitionerAt: now },
      'America/Toronto',
      now,
    ),
  ).toBe(MOVED_FULL_REFUND)
})

describe('clientMayReschedule: while free cancellation applies', () => {
  test('a paid session until 24 hours before its start', () => {
    const at = (ms: number) => ({ status: 'confirmed', free: false, startTime: startingIn(ms) })
    expect(clientMayReschedule(at(FULL_REFUND_NOTICE_MS), now)).toBe(true)
    expect(clientMayReschedule(at(FULL_REFUND_NOTICE_MS - 1), now)).toBe(false)
    expect(clientMayReschedule({ ...at(3 * FULL_REFUND_NOTICE_MS), status: 'pending' }, now)).toBe(true)
  })
  test('a free session until it starts; never a cancelled or completed one', () => {
    const at = (ms: number, status = 'confirmed') => ({ status, free: true, startTime: startingIn(ms) })
    expect(clientMayReschedule(at(60_000), now)).toBe(true)
    expect(clientMayReschedule(at(0), now)).toBe(false)
    expect(clientMayReschedule(at(3 * FULL_REFUND_NOTICE_MS, 'cancelled'), now)).toBe(false)
    expect(clientMayReschedule(at(3 * FULL_REFUND_NOTICE_MS, 'completed'), now)).toBe(false)
  })
})

describe('canJoinSession: while the room is open, from 15 minutes before the start until 30 minutes after the end', () => {
  const session = {
    status: 'confirmed',
    startTime: new Date('2026-11-22T15:00:00.000Z'),
    endTime: new Date('2026-11-22T16:00:00.000Z'),
  }
  test.each([
    ['2026-11-21T15:00:00Z', false],
    ['2026-11-22T14:44:59Z', false],
    ['2026-11-22T14:45:00Z', true],
    ['2026-11-22T15:30:00Z', true],
    ['2026-11-22T15:59:59Z', true],
    ['2026-11-22T16:29:59Z', true],
    ['2026-11-22T16:30:00Z', false],
  ])('at %s: %s', (at, joinable) => {
    expect(canJoinSession(session, new Date(at))).toBe(joinable)
  })

  test('only a confirmed session (or one completed as it ended), not one its practitioner ended', () => {
    const during = new Date('2026-11-22T15:10:00Z')
    expect(canJoinSession({ ...session, status: 'pending' }, during)).toBe(false)
    expect(canJoinSession({ ...session, status: 'cancelled' }, during)).toBe(false)
    expect(canJoinSession({ ...session, status: 'completed' }, new Date('2026-11-22T16:10:00Z'))).toBe(true)
    expect(canJoinSession({ ...session, sessionEndedAt: new Date('2026-11-22T15:05:00Z') }, during)).toBe(false)
  })
})

describe('noRefundNotice: said before paying for a time less than 24 hours away', () => {
  const at = new Date('2026-11-22T08:00:00Z')
  const inHours = (h: number) => new Date(at.getTime() + h * 60 * 60 * 1000)
  test.each([
    [24, null],
    [30, null],
    [23.99, 'This session starts in 23 hours: it cannot be refunded if you cancel'],
    [20, 'This session starts in 20 hours: it cannot be refunded if you cancel'],
    [1.5, 'This session starts in 1 hour: it cannot be refunded if you cancel'],
    [0.5, 'This session starts in less than an hour: it cannot be refunded if you cancel'],
  ])('%d hours ahead', (hours, notice) => {
    const said = noRefundNotice(inHours(hours), at)
    expect(said && inEnglish(said)).toBe(notice)
  })
})

describe('refundPolicyFor: the policy as it stands for one booking now', () => {
  const booking = (ms: number, more: Partial<{ status: string; totalAmountCents: number }> = {}) => ({
    status: 'confirmed',
    totalAmountCents: 8500,
    startTime: startingIn(ms),
    ...more,
  })

  test('exactly 24 hours ahead is still a full refund, until that very moment', () => {
    expect(inEnglish(refundPolicyFor(booking(FULL_REFUND_NOTICE_MS), 'UTC', now)!)).toBe(
      'Free cancellation until December 1, 2026, 12:00 PM UTC: cancel by then for a full refund. Later cancellations are not refunded.',
    )
    expect(inEnglish(refundPolicyFor(booking(FULL_REFUND_NOTICE_MS - 1), 'UTC', now)!)).toBe(
      'This session starts in 23 hours: it cannot be refunded if you cancel.',
    )
  })

  test('a booking awaiting payment is told the same rule; a free one only that it can be cancelled', () => {
    expect(inEnglish(refundPolicyFor(booking(2 * FULL_REFUND_NOTICE_MS, { status: 'pending' }), 'UTC', now)!)).toMatch(
      /^Free cancellation until December 2, 2026/,
    )
    expect(refundPolicyFor(booking(60_000, { totalAmountCents: 0 }), 'UTC', now)).toBe(FREE_SESSION_CANCELLATION)
  })

  test('nothing once it has started, ended or been cancelled', () => {
    expect(refundPolicyFor(booking(-60_000), 'UTC', now)).toBeNull()
    expect(refundPolicyFor(booking(FULL_REFUND_NOTICE_MS, { status: 'cancelled' }), 'UTC', now)).toBeNull()
    expect(refundPolicyFor(booking(FULL_REFUND_NOTICE_MS, { status: 'completed' }), 'UTC', now)).toBeNull()
  })
})

test('googleCalendarUrl fills in Google’s event form in UTC, with the video link when there is one', () => {
  const session = {
    serviceName: 'Deep Rest & Reset',
    startTime: new Date('2026-12-03T15:30:00.000Z'),
    endTime: new Date('2026-12-03T16:15:00.000Z'),
    about: tFor('en', 'files')('calendar.googleDetails', { name: 'Priya Sharma' }),
    joinUrl: null,
  }
  const url = new URL(googleCalendarUrl(session))
  expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render')
  expect(Object.fromEntries(url.searchParams)).toEqual({
    action: 'TEMPLATE',
    text: 'Deep Rest & Reset',
    dates: '20261203T153000Z/20261203T161500Z',
    details: 'Video session with Priya Sharma, booked on Solace.',
  })
  const linked = new URL(googleCalendarUrl({ ...session, joinUrl: 'https://meet.example.com/x' }))
  expect(linked.searchParams.get('location')).toBe('https://meet.example.com/x')
  expect(linked.searchParams.get('details')).toBe(
    'Video session with Priya Sharma, booked on Solace.\nhttps://meet.example.com/x',
  )
})

test('a package session’s policy: the session back until 24 hours ahead, used later (decision 051)', () => {
  const now = new Date('2026-11-20T12:00:00Z')
  const at = (ms: number) => ({
    status: 'confirmed',
    totalAmountCents: 0,
    startTime: new Date(now.getTime() + ms),
    packageHoldingId: 7,
  })
  expect(inEnglish(refundPolicyFor(at(2 * FULL_REFUND_NOTICE_MS), 'UTC', now)!)).toBe(
    'Free cancellation until November 21, 2026, 12:00 PM UTC: cancel by then and the session goes back to your package. Later cancellations use it.',
  )
  expect(refundPolicyFor(at(FULL_REFUND_NOTICE_MS - 1), 'UTC', now)).toBe(PACKAGE_SESSION_LATE)
  expect(refundPolicyFor({ ...at(60_000), packageHoldingId: null }, 'UTC', now)).toBe(FREE_SESSION_CANCELLATION)
})

test('the policy in French: the deadline in French, the same rule', () => {
  const now = new Date('2026-12-01T12:00:00Z')
  const at = (ms: number) => ({ status: 'confirmed', totalAmountCents: 8500, startTime: new Date(now.getTime() + ms) })
  expect(inFrench(refundPolicyFor(at(3 * FULL_REFUND_NOTICE_MS), 'America/Toronto', now, 'fr')!)).toBe(
    'Annulation gratuite jusqu’au 3 décembre 2026, 7\u00a0h\u00a000 HNE\u00a0: annulez d’ici là pour obtenir un remboursement complet. Les annulations plus tardives ne sont pas remboursées.',
  )
  expect(inFrench(refundPolicyFor(at(5 * 60 * 60 * 1000), 'UTC', now, 'fr')!)).toBe(
    'Cette séance commence dans 5 heures\u00a0: elle ne pourra pas être remboursée si vous l’annulez.',
  )
  expect(inFrench(noRefundNotice(new Date(now.getTime() + 90 * 60_000), now)!)).toBe(
    'Cette séance commence dans 1 heure\u00a0: elle ne pourra pas être remboursée si vous l’annulez',
  )
})
