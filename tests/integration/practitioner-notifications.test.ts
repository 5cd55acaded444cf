import { beforeEach, describe, expect, test } from 'vitest'
import { resetAllLimits } from '~/lib/rate-limit.server'
import { getNotificationSettings, setNotificationSettings } from '~/models/accounts/notification-settings.server'
import type { NotificationSettings } from '~/models/accounts/user'
import { cancelBooking, createBooking } from '~/models/booking/booking.server'
import * as clientSettingsPage from '~/routes/_client.customer-settings'
import * as notificationsApi from '~/routes/api.auth.notifications'
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
import { allInEnglish } from '../helpers/shown-deep'

/**
 * A practitioner's emails about their own bookings (issue 30, "Reminders": the practitioner
 * also gets, or not, an email for each new booking and each cancellation), and everyone's
 * choice of reminders (the reminders themselves: reminders.test.ts).
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
          notifications: NotificationSettings
        }
      ).notifications
    const allOn = { emailReminderDay: true, emailReminderHour: true, emailNewBookings: true, emailCancellations: true }
    expect(await load()).toEqual(allOn)

    const saved = expectRedirect(
      await settingsPage.action(
        routeArgs(
          formRequest(
            '/practitioner/settings',
            { intent: 'notifications', emailCancellations: 'on', emailReminderHour: 'on' },
            { cookie },
          ),
        ),
      ),
      '/practitioner/settings',
    )
    expect(allInEnglish(await readToast(saved))).toMatchObject(allInEnglish({ title: 'Notifications saved' }))
    const chosen = {
      emailReminderDay: false,
      emailReminderHour: true,
      emailNewBookings: false,
      emailCancellations: true,
    }
    expect(getNotificationSettings(practitioner.id)).toEqual(chosen)
    expect(await load()).toEqual(chosen)
  })

  test('a client chooses their reminders; the booking emails are not theirs to set', async () => {
    const client = await createUser()
    const cookie = await signIn(client.id)
    const saved = expectRedirect(
      await clientSettingsPage.action(
        routeArgs(
          formRequest(
            '/customer-settings',
            { intent: 'notifications', emailReminderHour: 'on', emailNewBookings: '' },
            { cookie },
          ),
        ),
      ),
      '/customer-settings',
    )
    expect(allInEnglish(await readToast(saved))).toMatchObject(allInEnglish({ title: 'Notifications saved' }))
    const settings = {
      emailReminderDay: false,
      emailReminderHour: true,
      emailNewBookings: true,
      emailCancellations: true,
    }
    expect(getNotificationSettings(client.id)).toEqual(settings)
    const page = (await clientSettingsPage.loader(routeArgs(getRequest('/customer-settings', { cookie })))) as {
      notifications: NotificationSettings
    }
    expect(page.notifications).toEqual(settings)
  })
})

describe('GET and PATCH /api/auth/notifications', () => {
  test('the settings sent change and the others stay; a client cannot set a practitioner’s; bad values are refused', async () => {
    const practitioner = await createUser({ isPractitioner: true })
    const client = await createUser()
    const call = async (cookie: string | undefined, method: 'GET' | 'PATCH', body?: unknown) => {
      const request = new Request('http://localhost/api/auth/notifications', {
        method,
        headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const response = (await (method === 'GET'
        ? notificationsApi.loader(routeArgs(request))
        : notificationsApi.action(routeArgs(request)))) as Response
      return { status: response.status, body: await response.json() }
    }
    expect((await call(undefined, 'GET')).status).toBe(401)
    const asPractitioner = await signIn(practitioner.id)
    expect(await call(asPractitioner, 'PATCH', { emailReminderDay: false, emailNewBookings: false })).toEqual({
      status: 200,
      body: { emailReminderDay: false, emailReminderHour: true, emailNewBookings: false, emailCancellations: true },
    })
    expect((await call(asPractitioner, 'GET')).body).toMatchObject({ emailReminderDay: false, emailNewBookings: false })
    const bad = await call(asPractitioner, 'PATCH', { emailReminderHour: 'no' })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toContain('Each setting must be true or false')

    const asClient = await signIn(client.id)
    expect((await call(asClient, 'PATCH', { emailReminderHour: false, emailCancellations: false })).body).toEqual({
      emailReminderDay: true,
      emailReminderHour: false,
      emailNewBookings: true,
      emailCancellations: true,
    })
  })
})
