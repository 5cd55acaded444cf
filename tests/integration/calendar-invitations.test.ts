import { eq } from 'drizzle-orm'
import ICAL from 'ical.js'
import nodeIcal, { type VEvent } from 'node-ical'
import { beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { bookings } from '~/db/schema'
import { payCheckoutSession } from '~/integrations/stripe-emulator/payments.server'
import { resetAllLimits } from '~/lib/rate-limit.server'
import { configuredOrigin } from '~/lib/url.server'
import { removeUser } from '~/models/admin/removal.server'
import { cancelBooking, createBooking } from '~/models/booking/booking.server'
import { recordRefund, startCheckout } from '~/models/booking/payments.server'
import { cancelAsPractitioner } from '~/models/booking/practitioner-cancel.server'
import { rescheduleBooking } from '~/models/booking/reschedule.server'
import {
  createListedPractitioner,
  createUser,
  deliverRaisedEvents,
  insertService,
  insertSlot,
  ORIGIN,
  outbox,
} from '../helpers'

/** Emails link to the configured origin. */
const SITE = configuredOrigin()

/**
 * Emailed calendar invitations are one event through its life (issue 42, RFC 5546): the
 * confirmation and each move are METHOD:REQUEST, a cancellation (by the client, the
 * practitioner, an admin's removal, a refund in full) METHOD:CANCEL with STATUS:CANCELLED, all
 * with the same UID and a higher SEQUENCE each time, from ORGANIZER our sending address to
 * ATTENDEE the one person emailed; so mail calendars move or remove the event instead of adding
 * another. Read with two real parsers: ical.js (Mozilla's) and node-ical.
 */

beforeEach(resetAllLimits)

type Invite = {
  method: string
  uid: string
  sequence: number
  status: string
  start: number
  organizer: string
  attendee: string
  url: string
}

/**
 * The email's invitation as ical.js reads it, checked to read the same with node-ical. It is
 * the email's first attachment and its only one, but for the receipt a paid booking's emails
 * carry after it (a PDF).
 */
function inviteOf(email: { attachments: { content: string; contentType: string }[] }): Invite {
  expect(email.attachments.slice(1).map((a) => a.contentType)).toEqual(
    email.attachments.length > 1 ? ['application/pdf'] : [],
  )
  const text = Buffer.from(email.attachments[0]!.content, 'base64').toString('utf8')
  const calendar = new ICAL.Component(ICAL.parse(text))
  const vevent = calendar.getFirstSubcomponent('vevent')!
  const invite: Invite = {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: String(vevent.getFirstPropertyValue('uid')),
    sequence: Number(vevent.getFirstPropertyValue('sequence')),
    status: String(vevent.getFirstPropertyValue('status')),
    start: new ICAL.Event(vevent).startDate.toJSDate().getTime(),
    organizer: String(vevent.getFirstPropertyValue('organizer')),
    attendee: String(vevent.getFirstPropertyValue('attendee')),
    url: String(vevent.getFirstPropertyValue('url')),
  }
  const parsed = nodeIcal.sync.parseICS(text)
  const event = Object.values(parsed).find((c) => c?.type === 'VEVENT') as VEvent
  const address = (value: unknown) => (typeof value === 'string' ? value : (value as { val: string }).val)
  expect({
    method: (parsed.vcalendar as unknown as { method: string }).method,
    uid: event.uid,
    sequence: Number(event.sequence),
    status: event.status,
    start: new Date(event.start).getTime(),
    organizer: address(event.organizer),
    attendee: address(event.attendee),
    url: event.url,
  }).toEqual(invite)
  expect(email.attachments[0]!.contentType).toBe(`text/calendar; method=${invite.method}`)
  return invite
}

const row = (id: number) => getDb().select().from(bookings).where(eq(bookings.id, id)).get()!
const HOUR = 60 * 60_000
const onTheMinute = (hoursAhead: number) => new Date(Math.floor((Date.now() + hoursAhead * HOUR) / 60_000) * 60_000)

async function people() {
  const practitioner = await createListedPractitioner({ firstName: 'Ines', lastName: 'Invite' })
  const client = await createUser({ firstName: 'Cal', lastName: 'Endar' })
  const serviceId = insertService(practitioner.id, { name: 'Calm Hour', priceCents: 0, isFreeIntro: true }).id
  const paidServiceId = insertService(practitioner.id, { name: 'Paid Hour', priceCents: 5000 }).id
  const slot = (hoursAhead: number, service = serviceId) =>
    insertSlot({ practitionerId: practitioner.id, serviceId: service, startTime: onTheMinute(hoursAhead) })
  return { practitioner, client, serviceId, paidServiceId, slot }
}

describe('one event from booking to cancellation', () => {
  test('confirmed, moved, cancelled: the same UID, SEQUENCE rising, REQUEST then CANCEL, both people', async () => {
    const { practitioner, client, serviceId, slot } = await people()
    const { id } = await createBooking(client, { serviceId, timeSlotId: slot(72).id })
    const uid = `booking-${id}@solace`
    const organizer = 'mailto:hello@solace.test'

    const confirmed = inviteOf(outbox(client.email).find((e) => e.subject === 'Booking confirmed: Calm Hour')!)
    expect(confirmed).toMatchObject({
      method: 'REQUEST',
      uid,
      status: 'CONFIRMED',
      organizer,
      attendee: `mailto:${client.email}`,
      url: `${SITE}/bookings/${id}`,
    })
    // The practitioner's "New booking": the booking's row on their dashboard, and their own invitation.
    const booked = outbox(practitioner.email).find((e) => e.subject === 'New booking: Calm Hour')!
    const practitionerPage = `${SITE}/practitioner/dashboard?all=1#booking-${id}`
    expect(booked.text).toContain(`The booking: ${practitionerPage}`)
    expect(inviteOf(booked)).toMatchObject({
      method: 'REQUEST',
      uid,
      sequence: confirmed.sequence,
      attendee: `mailto:${practitioner.email}`,
      url: practitionerPage,
    })
    // Each person's invitation names them alone: no one's address reaches the other.
    const textOf = (email: { attachments: { content: string }[] }) =>
      Buffer.from(email.attachments[0]!.content, 'base64').toString('utf8')
    expect(textOf(outbox(client.email)[0]!)).not.toContain(practitioner.email)
    expect(textOf(booked)).not.toContain(client.email)

    const target = slot(96)
    await rescheduleBooking(client, id, target.id)
    const moved = inviteOf(outbox(client.email).find((e) => e.subject === 'Session moved: Calm Hour')!)
    expect(moved).toMatchObject({ method: 'REQUEST', uid, status: 'CONFIRMED', start: target.startTime.getTime() })
    expect(moved.sequence).toBeGreaterThan(confirmed.sequence)
    const movedNotice = inviteOf(outbox(practitioner.email).find((e) => e.subject === 'Booking moved: Calm Hour')!)
    expect(movedNotice).toMatchObject({ method: 'REQUEST', uid, sequence: moved.sequence })

    await cancelBooking(client, id)
    const cancelled = inviteOf(outbox(client.email).find((e) => e.subject === 'Booking cancelled: Calm Hour')!)
    expect(cancelled).toMatchObject({
      method: 'CANCEL',
      uid,
      status: 'CANCELLED',
      organizer,
      attendee: `mailto:${client.email}`,
    })
    expect(cancelled.sequence).toBeGreaterThan(moved.sequence)
    expect(cancelled.sequence).toBe(row(id).sequence)
    const notice = inviteOf(outbox(practitioner.email).find((e) => e.subject === 'Booking cancelled: Calm Hour')!)
    expect(notice).toMatchObject({ method: 'CANCEL', uid, status: 'CANCELLED', sequence: cancelled.sequence })
  })

  test('the practitioner calls it off: the client’s calendar gets the CANCEL', async () => {
    const { practitioner, client, serviceId, slot } = await people()
    const { id } = await createBooking(client, { serviceId, timeSlotId: slot(50).id })
    const confirmed = inviteOf(outbox(client.email).at(-1)!)
    await cancelAsPractitioner(practitioner, id, { reason: 'Unwell', keepSlotClosed: false })
    const cancelled = inviteOf(outbox(client.email).find((e) => e.subject === 'Session cancelled: Calm Hour')!)
    expect(cancelled).toMatchObject({ method: 'CANCEL', uid: confirmed.uid, status: 'CANCELLED' })
    expect(cancelled.sequence).toBe(row(id).sequence)
    expect(cancelled.sequence).toBeGreaterThan(confirmed.sequence)
  })

  test('an admin removes the practitioner: the client’s notice carries the CANCEL at the sequence it ends at', async () => {
    const { practitioner, client, serviceId, slot } = await people()
    const admin = await createUser({ isAdmin: true })
    const { id } = await createBooking(client, { serviceId, timeSlotId: slot(60).id })
    const confirmed = inviteOf(outbox(client.email).at(-1)!)
    await removeUser(admin, practitioner.id)
    const notice = outbox(client.email).find((e) => e.subject === 'Session cancelled: Calm Hour')!
    expect(notice.text).toContain('account on Solace has been closed')
    const cancelled = inviteOf(notice)
    expect(cancelled).toMatchObject({ method: 'CANCEL', uid: confirmed.uid, status: 'CANCELLED' })
    expect(cancelled.sequence).toBe(row(id).sequence)
    expect(cancelled.sequence).toBeGreaterThan(confirmed.sequence)
  })

  test('a refund in full from the payment dashboard cancels it: the refund email carries the CANCEL', async () => {
    const { client, paidServiceId, slot } = await people()
    const { id } = await createBooking(client, { serviceId: paidServiceId, timeSlotId: slot(80, paidServiceId).id })
    const { url } = await startCheckout(client, id, ORIGIN)
    payCheckoutSession(url.split('/').pop()!, '4242424242424242')
    await deliverRaisedEvents()
    const confirmedEmail = outbox(client.email).find((e) => e.subject === 'Booking confirmed: Paid Hour')!
    const confirmed = inviteOf(confirmedEmail)
    // A paid booking's emails carry its receipts beside the invitation.
    expect(confirmedEmail.attachments.map((a) => a.filename)).toEqual([
      'session.ics',
      expect.stringMatching(/^receipt-\d{4}\.pdf$/),
    ])
    await recordRefund({ paymentIntentId: row(id).stripePaymentIntentId!, bookingId: id, amountRefundedCents: 5000 })
    expect(row(id).status).toBe('cancelled')
    const refunded = outbox(client.email).find((e) => e.subject === 'Payment refunded: Paid Hour')!
    expect(refunded.attachments.map((a) => a.filename)).toEqual([
      'session.ics',
      expect.stringMatching(/^refund-receipt-\d{4}\.pdf$/),
    ])
    expect(inviteOf(refunded)).toMatchObject({
      method: 'CANCEL',
      uid: confirmed.uid,
      status: 'CANCELLED',
      sequence: row(id).sequence,
    })
  })
})
