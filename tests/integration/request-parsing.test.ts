import { beforeAll, describe, expect, test } from 'vitest'
import { readForm, UNREADABLE_FORM } from '~/lib/form-data.server'
import { createBooking } from '~/models/booking/booking.server'
import { startCheckout } from '~/models/booking/payments.server'
import * as clientDashboard from '~/routes/_client.client-dashboard'
import * as customerSettings from '~/routes/_client.customer-settings'
import * as checkout from '~/routes/_public.checkout'
import * as contact from '~/routes/_public.contact'
import * as forgotPassword from '~/routes/_public.forgot-password'
import * as launchingSoon from '~/routes/_public.launching-soon'
import * as login from '~/routes/_public.login'
import * as practitionerProfile from '~/routes/_public.practitioners.$id'
import * as resetPassword from '~/routes/_public.reset-password'
import * as serviceDetail from '~/routes/_public.services.$id'
import * as signup from '~/routes/_public.signup'
import * as devCheckout from '~/routes/dev.checkout.$id'
import * as devConfirm from '~/routes/dev.payment-intents.confirm'
import * as calendar from '~/routes/practitioner.calendar'
import * as profile from '~/routes/practitioner.profile'
import * as servicesScreen from '~/routes/practitioner.services'
import * as settings from '~/routes/practitioner.settings'
import {
  createListedPractitioner,
  createUser,
  insertService,
  insertSlot,
  routeArgs,
  settle,
  signIn,
  type RouteFunction,
} from '../helpers'

/**
 * Screen actions read their form through readForm (issue 10, item 5): a body that is not a
 * form answers 415, one that cannot be parsed 400, each as a page with a message a person
 * can read, never a 500.
 */

type Actor = 'visitor' | 'client' | 'practitioner'
type ScreenAction = { name: string; action: RouteFunction; path: string; params?: Record<string, string>; as: Actor }

const cookies: Record<Actor, string> = { visitor: '', client: '', practitioner: '' }
let actions: ScreenAction[] = []

beforeAll(async () => {
  const practitioner = await createListedPractitioner()
  const client = await createUser()
  cookies.practitioner = await signIn(practitioner.id)
  cookies.client = await signIn(client.id)
  const service = insertService(practitioner.id, { priceCents: 5000 })
  const slot = insertSlot({
    practitionerId: practitioner.id,
    serviceId: service.id,
    startTime: new Date(Date.now() + 3 * 24 * 60 * 60_000),
  })
  const booking = await createBooking(client, { serviceId: service.id, timeSlotId: slot.id })
  const session = await startCheckout(client, booking.id, 'http://localhost')
  const sessionId = session.url.split('/').pop()!

  actions = [
    {
      name: 'service booking',
      action: serviceDetail.action,
      path: `/services/${service.id}`,
      params: { id: String(service.id) },
      as: 'visitor',
    },
    { name: 'reset password', action: resetPassword.action, path: '/reset-password', as: 'visitor' },
    { name: 'forgot password', action: forgotPassword.action, path: '/forgot-password', as: 'visitor' },
    { name: 'login', action: login.action, path: '/login', as: 'visitor' },
    { name: 'signup', action: signup.action, path: '/signup', as: 'visitor' },
    { name: 'contact', action: contact.action, path: '/contact', as: 'visitor' },
    { name: 'launching soon', action: launchingSoon.action, path: '/launching-soon', as: 'visitor' },
    {
      name: 'practitioner profile',
      action: practitionerProfile.action,
      path: `/practitioners/${practitioner.id}`,
      params: { id: String(practitioner.id) },
      as: 'client',
    },
    { name: 'client dashboard', action: clientDashboard.action, path: '/client-dashboard', as: 'client' },
    { name: 'customer settings', action: customerSettings.action, path: '/customer-settings', as: 'client' },
    { name: 'checkout', action: checkout.action, path: `/checkout?bookingId=${booking.id}`, as: 'client' },
    { name: 'calendar', action: calendar.action, path: '/practitioner/calendar', as: 'practitioner' },
    { name: 'practitioner settings', action: settings.action, path: '/practitioner/settings', as: 'practitioner' },
    { name: 'my profile', action: profile.action, path: '/practitioner/profile', as: 'practitioner' },
    { name: 'my services', action: servicesScreen.action, path: '/practitioner/services?new=1', as: 'practitioner' },
    {
      name: 'emulated checkout',
      action: devCheckout.action,
      path: `/dev/checkout/${sessionId}`,
      params: { id: sessionId },
      as: 'client',
    },
    {
      name: 'emulated card confirmation',
      action: devConfirm.action,
      path: '/dev/payment-intents/confirm',
      as: 'client',
    },
  ]
})

const BOUNDARY = 'solace-boundary'
const multipart = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\ncreate-service\r\n--${BOUNDARY}--\r\n`

/** Bodies a client might send a screen that are not a form it can read, with the answer each gets. */
const BODIES: { kind: string; type?: string; body: string; status: number }[] = [
  { kind: 'JSON', type: 'application/json', body: '{"intent":"create-service"}', status: 415 },
  { kind: 'text', type: 'text/plain', body: 'intent=create-service', status: 415 },
  { kind: 'XML', type: 'application/xml', body: '<form><intent>x</intent></form>', status: 415 },
  { kind: 'no content type', body: 'intent=create-service', status: 415 },
  {
    kind: 'truncated multipart',
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: multipart.slice(0, 60),
    status: 400,
  },
  { kind: 'multipart without a boundary', type: 'multipart/form-data', body: multipart, status: 400 },
  {
    kind: 'multipart with the wrong boundary',
    type: 'multipart/form-data; boundary=other',
    body: multipart,
    status: 400,
  },
]

function post(path: string, cookie: string, type: string | undefined, body: string) {
  const headers = new Headers()
  if (cookie) headers.set('Cookie', cookie)
  if (type) headers.set('Content-Type', type)
  // Bytes, not a string: a string body would be given a text/plain type of its own.
  return new Request(`http://localhost${path}`, { method: 'POST', headers, body: new TextEncoder().encode(body) })
}

describe('screen actions answer a body they cannot read as a page, never a 500', () => {
  test('every screen action that reads a form is listed here', () => {
    expect(actions).toHaveLength(17)
  })

  for (const { kind, type, body, status } of BODIES) {
    test(`${kind} → ${status}`, async () => {
      for (const screen of actions) {
        const request = post(screen.path, cookies[screen.as], type, body)
        const answer = await settle(() => screen.action(routeArgs(request, screen.params)))
        expect(answer, screen.name).toBeInstanceOf(Response)
        const response = answer as Response
        expect(response.status, screen.name).toBe(status)
        expect(await response.json(), screen.name).toEqual({ message: UNREADABLE_FORM })
      }
    })
  }
})

describe('readForm', () => {
  test('reads url-encoded and multipart forms, whatever the case of their type and parameters', async () => {
    const urlencoded = post('/x', '', 'Application/X-WWW-Form-Urlencoded; charset=UTF-8', 'a=1&b=%C3%A9t%C3%A9&a=2')
    const form = await readForm(urlencoded)
    expect(form.getAll('a')).toEqual(['1', '2'])
    expect(form.get('b')).toBe('été')

    const parts = await readForm(post('/x', '', `Multipart/Form-Data; boundary=${BOUNDARY}`, multipart))
    expect(parts.get('intent')).toBe('create-service')
  })

  test('an empty form is a form', async () => {
    const form = await readForm(post('/x', '', 'application/x-www-form-urlencoded', ''))
    expect([...form.keys()]).toEqual([])
  })
})
