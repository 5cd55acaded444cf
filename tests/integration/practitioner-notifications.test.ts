import { beforeEach, describe, expect, test } from 'vitest'
import { resetAllLimits } from '~/lib/rate-limit.server'
import { getNotificationSettings, setNotificationSettings } from '~/models/accounts/notification-settings.server'
import { cancelBooking, createBooking } from '~/models/booking/booking.server'
import * as settingsPage from '~/routes/practitioner.settings'
import {
  createListedPractitioner,
  createUser,
  expectRedirect,
  formRequest,
  getRequest,
  insertService,
  insertSlot,
  outbox,
  readToast,
  routeArgs,
  signIn,
} from '../helpers'

/**
 * A practitioner's emails about their own bookings (issue 30, "Reminders": the practitioner
 * also gets, or not, an email for each new booking and each cancellation).
 */

beforeEach(resetAllLimits)

async function freeBooking() {
  const practitioner = await createListedPractitioner({ firstName: 'Noa', lastName: 'Notice', timeZone: 'Asia/Tokyo' })
  const serviceId = insertService(practitioner.id, { name: 'Quiet Hour', priceCents: 0, isFreeIntro: true }).id
  const client = await createUser({ firstName: 'Rae', lastName: 'Booker', timeZone: 'America/Toronto' })
  const startTime = new Date(Date.UTC(2031, 4, 6, 1, 0)) // 10:00 in Tokyo
  const slot = insertSlot({ practitionerId: practitioner.id, serviceId, startTime, minutes: 60 })
  const book = () =>
    createBooking({ ...client, isPractitioner: false, isAdmin: false } as never, { serviceId, timeSlotId: slot.id })
  return { practitioner, client, book }
}

describe('emails to the practitioner', () => {
  test('a new booking and its cancellation, in the practitioner’s zone, with the client’s name only', async () => {
    const { practitioner, client, book } = await freeBooking()
    const { id } = await book()
    const [booked] = outbox(practitioner.email)
    expect(booked).toMatchObject({ subject: 'New booking: Quiet Hour' })
    expect(booked!.text).toContain('Rae Booker booked "Quiet Hour" on May 6, 2031, 10:00 AM – 11:00 AM GMT+9')
    expect(booked!.text).not.toContain(client.email)

    await cancelBooking(client, id)
    const cancelled = outbox(practitioner.email)[1]
    expect(cancelled).toMatchObject({ subject: 'Booking cancelled: Quiet Hour' })
    expect(cancelled!.text).toContain('Rae Booker cancelled "Quiet Hour" on May 6, 2031, 10:00 AM')
    expect(cancelled!.text).toContain('The time is open for booking again.')
  })

  test('each kind can be turned off on its own', async () => {
    const { practitioner, client, book } = await freeBooking()
    setNotificationSettings(practitioner.id, { emailNewBookings: false, emailCancellations: true })
    const { id } = await book()
    expect(outbox(practitioner.email)).toEqual([])
    setNotificationSettings(practitioner.id, { emailNewBookings: true, emailCancellations: false })
    await cancelBooking(client, id)
    expect(outbox(practitioner.email)).toEqual([])
    // The client is told either way.
    expect(outbox(client.email).map((email) => email.subject)).toEqual([
      'Booking confirmed: Quiet Hour',
      'Booking cancelled: Quiet Hour',
    ])
  })
})

describe('the Email Notifications card', () => {
  test('both on by default; the boxes ticked are what is saved', async () => {
    const practitioner = await createUser({ isPractitioner: true })
    const cookie = await signIn(practitioner.id)
    const load = async () =>
      (
        (await settingsPage.loader(routeArgs(getRequest('/practitioner/settings', { cookie })))) as {
          notifications: { emailNewBookings: boolean; emailCancellations: boolean }
        }
      ).notifications
    expect(await load()).toEqual({ emailNewBookings: true, emailCancellations: true })

    const saved = expectRedirect(
      await settingsPage.action(
        routeArgs(
          formRequest('/practitioner/settings', { intent: 'notifications', emailCancellations: 'on' }, { cookie }),
        ),
      ),
      '/practitioner/settings',
    )
    expect(await readToast(saved)).toMatchObject({ title: 'Notifications saved' })
    expect(getNotificationSettings(practitioner.id)).toEqual({ emailNewBookings: false, emailCancellations: true })
    expect(await load()).toEqual({ emailNewBookings: false, emailCancellations: true })
  })
})
