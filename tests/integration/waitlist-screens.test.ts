import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { timeSlots, users, waitlistEntries } from '~/db/schema'
import { resetAllLimits } from '~/lib/rate-limit.server'
import { createSlots } from '~/models/practice/slots.server'
import * as clientDashboard from '~/routes/_client.client-dashboard'
import * as offerPage from '~/routes/_client.waitlist.offers.$token'
import * as waitlists from '~/routes/_client.waitlists._index'
import * as joinPage from '~/routes/_client.waitlists.join.$serviceId'
import * as bookingPage from '~/routes/_public.services.$id'
import * as waitlistEntryApi from '~/routes/api.waitlist.$id'
import * as waitlistApi from '~/routes/api.waitlist._index'
import * as practitionerDashboard from '~/routes/practitioner.dashboard'
import * as serviceWaitlist from '~/routes/practitioner.waitlists.$serviceId'
import * as practitionerWaitlists from '~/routes/practitioner.waitlists._index'
import { requestContext } from '../../server/request-context.js'
import {
  callApi,
  createListedPractitioner,
  createUser,
  expectRedirect,
  formRequest,
  getRequest,
  insertService,
  jsonRequest,
  outbox,
  routeArgs,
  settle,
  readToast,
  signIn,
} from '../helpers'
import { inFrench } from '../helpers/i18n'

/**
 * The waitlist's screens and `/api/waitlist` (issue 46): joining from the booking page without
 * JavaScript, the client's list and its offers, the offer's page, the practitioner's lists and
 * switch, and the dashboards' notices. The rules themselves are in waitlist.test.ts.
 */

const HOUR = 60 * 60_000
const TORONTO = 'America/Toronto'

let practitioner: Awaited<ReturnType<typeof createListedPractitioner>> & { cookie: string }
let client: Awaited<ReturnType<typeof createUser>> & { cookie: string }

beforeAll(async () => {
  const made = await createListedPractitioner({ timeZone: TORONTO })
  practitioner = { ...made, cookie: await signIn(made.id) }
  const person = await createUser({ timeZone: TORONTO, firstName: 'Wren' })
  client = { ...person, cookie: await signIn(person.id) }
})

beforeEach(() => {
  resetAllLimits()
  getDb().delete(waitlistEntries).run()
})

const service = (name = 'Quiet Hour') => insertService(practitioner.id, { name, priceCents: 0, isFreeIntro: true }).id

const publish = (serviceId: number, hours: number) =>
  createSlots(
    practitioner.id,
    serviceId,
    [{ start: Date.now() + hours * HOUR, end: Date.now() + (hours + 1) * HOUR }],
    TORONTO,
  )[0]!.id

describe('/api/waitlist', () => {
  test('POST joins (201), GET lists a page with its headers, DELETE leaves; refusals are plain', async () => {
    const serviceId = service()
    const auth = { cookie: client.cookie }
    const joined = await callApi(
      waitlistApi.action,
      jsonRequest(
        '/api/waitlist',
        'POST',
        { serviceId, windows: [{ days: [1, 3], from: '09:00', to: '12:00' }] },
        auth,
      ),
    )
    expect(joined.status).toBe(201)
    expect(joined.body).toMatchObject({ serviceId, serviceName: 'Quiet Hour', timeZone: TORONTO })
    expect(joined.body.windows).toEqual([{ days: [1, 3], from: '09:00', to: '12:00' }])

    const again = await callApi(waitlistApi.action, jsonRequest('/api/waitlist', 'POST', { serviceId }, auth))
    expect(again).toMatchObject({ status: 409, body: { message: 'You are already on the waitlist for this service.' } })
    const badWindow = await callApi(
      waitlistApi.action,
      jsonRequest('/api/waitlist', 'POST', { serviceId, windows: [{ days: [1], from: '12:00', to: '09:00' }] }, auth),
    )
    expect(badWindow.status).toBe(400)
    expect((await callApi(waitlistApi.action, jsonRequest('/api/waitlist', 'POST', { serviceId }))).status).toBe(401)

    const listed = await callApi(waitlistApi.loader, getRequest('/api/waitlist', auth))
    expect(listed.body.map((entry: { id: number }) => entry.id)).toEqual([joined.body.id])
    expect(listed.headers.get('X-Total-Count')).toBe('1')

    const other = await createUser()
    const foreign = await callApi(
      waitlistEntryApi.action,
      jsonRequest(`/api/waitlist/${joined.body.id}`, 'DELETE', undefined, { cookie: await signIn(other.id) }),
      { id: String(joined.body.id) },
    )
    expect(foreign.status).toBe(404)
    const left = await callApi(
      waitlistEntryApi.action,
      jsonRequest(`/api/waitlist/${joined.body.id}`, 'DELETE', undefined, auth),
      {
        id: String(joined.body.id),
      },
    )
    expect(left).toMatchObject({ status: 200, body: { message: 'You have left the waitlist.' } })
    expect((await callApi(waitlistApi.loader, getRequest('/api/waitlist', auth))).body).toEqual([])
  })
})

describe('the screens, without JavaScript', () => {
  test('the booking page offers the waitlist (prominently with no time); the join form keeps what a refusal sent back', async () => {
    const serviceId = service('Slow Flow')
    const page = (await bookingPage.loader(
      routeArgs(getRequest(`/services/${serviceId}`, { cookie: client.cookie }), { id: String(serviceId) }),
    )) as Awaited<ReturnType<typeof bookingPage.loader>>
    expect(page.waitlist).toMatchObject({ href: `/waitlists/join/${serviceId}` })
    expect(page.waitlist!.label).toContain('get the first one that opens')

    const params = { serviceId: String(serviceId) }
    const refused = (await joinPage.action(
      routeArgs(
        formRequest(
          `/waitlists/join/${serviceId}`,
          { days: '1', from: '15:00', to: '09:00' },
          { cookie: client.cookie },
        ),
        params,
      ),
    )) as {
      init: { status: number }
      data: { result: { initialValue: Record<string, unknown>; error: Record<string, string[]> } }
    }
    expect(refused.init.status).toBe(400)
    expect(refused.data.result.initialValue).toMatchObject({ days: '1', from: '15:00', to: '09:00' })

    const body = new URLSearchParams([
      ['days', '1'],
      ['days', '3'],
      ['from', '09:00'],
      ['to', '12:00'],
    ])
    const request = new Request(`http://localhost/waitlists/join/${serviceId}`, {
      method: 'POST',
      body,
      headers: { Cookie: client.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    expectRedirect(await joinPage.action(routeArgs(request, params)), '/waitlists')
    const entry = getDb().select().from(waitlistEntries).where(eq(waitlistEntries.clientId, client.id)).get()!
    expect(entry.windows).toEqual([{ days: [1, 3], from: '09:00', to: '12:00' }])

    const joined = await joinPage.loader(
      routeArgs(getRequest(`/waitlists/join/${serviceId}`, { cookie: client.cookie }), params),
    )
    expect(joined.refusal).toBe('You are already on the waitlist for this service.')
    const again = (await bookingPage.loader(
      routeArgs(getRequest(`/services/${serviceId}`, { cookie: client.cookie }), { id: String(serviceId) }),
    )) as Awaited<ReturnType<typeof bookingPage.loader>>
    expect(again.waitlist).toMatchObject({ href: '/waitlists' })
  })

  test('an offer shows on the dashboard and the Waitlists screen, and its one button books it; the practitioner hears of it', async () => {
    const serviceId = service('Deep Rest')
    const form = (fields: Record<string, string>) => formRequest('/waitlists', fields, { cookie: client.cookie })
    await joinPage.action(
      routeArgs(formRequest(`/waitlists/join/${serviceId}`, {}, { cookie: client.cookie }), {
        serviceId: String(serviceId),
      }),
    )
    const slotId = publish(serviceId, 30)

    const dashboard = await clientDashboard.loader(
      routeArgs(getRequest('/client-dashboard', { cookie: client.cookie })),
    )
    expect(dashboard.offers).toHaveLength(1)
    expect(dashboard.offers[0]!.text).toContain('Deep Rest with Avery Stone')
    const list = await waitlists.loader(routeArgs(getRequest('/waitlists', { cookie: client.cookie })))
    expect(list.offers[0]).toMatchObject({ serviceName: 'Deep Rest', button: 'Book This Time' })

    // The emailed link's page says what and until when, and writes nothing.
    const token = /\/waitlist\/offers\/([\w-]+)/.exec(outbox(client.email).at(-1)!.text)![1]!
    const shown = await offerPage.loader(
      routeArgs(getRequest(`/waitlist/offers/${token}`, { cookie: client.cookie }), { token }),
    )
    expect(shown).toMatchObject({ serviceName: 'Deep Rest', ended: null })
    const stranger = await createUser()
    const notYours = await settle(() =>
      offerPage.loader(routeArgs(getRequest(`/waitlist/offers/${token}`, { cookie: '' }), { token })),
    )
    expect(notYours).toBeInstanceOf(Response)
    const strangerCookie = await signIn(stranger.id)
    const other: unknown = await Promise.resolve()
      .then(() =>
        offerPage.loader(routeArgs(getRequest(`/waitlist/offers/${token}`, { cookie: strangerCookie }), { token })),
      )
      .catch((thrown: unknown) => thrown)
    expect(other).toMatchObject({ init: { status: 404 } })

    const booked = (await waitlists.action(
      routeArgs(form({ intent: 'claim', offerId: String(list.offers[0]!.id) })),
    )) as Response
    expect(booked.headers.get('Location')).toMatch(/^\/bookings\/\d+$/)
    expect(getDb().select().from(timeSlots).where(eq(timeSlots.id, slotId)).get()!.isBooked).toBe(true)
    const over = await offerPage.loader(
      routeArgs(getRequest(`/waitlist/offers/${token}`, { cookie: client.cookie }), { token }),
    )
    expect(over).toMatchObject({
      ended: 'You have already taken this offer.',
      bookingHref: booked.headers.get('Location'),
    })

    const practice = await practitionerDashboard.loader(
      routeArgs(getRequest('/practitioner/dashboard', { cookie: practitioner.cookie })),
    )
    expect(practice.waitlistFills[0]!.text).toContain('Wren Person took Deep Rest')
  })

  test("the practitioner's waitlists: who waits and since when, removing someone, turning a service's off", async () => {
    const serviceId = service('Sound Bath')
    await joinPage.action(
      routeArgs(formRequest(`/waitlists/join/${serviceId}`, {}, { cookie: client.cookie }), {
        serviceId: String(serviceId),
      }),
    )
    const cookie = { cookie: practitioner.cookie }
    const overview = await practitionerWaitlists.loader(routeArgs(getRequest('/practitioner/waitlists', cookie)))
    expect(overview.services.find((s) => s.id === serviceId)).toMatchObject({ waiting: 1, waitlistOn: true })

    const params = { serviceId: String(serviceId) }
    const line = await serviceWaitlist.loader(
      routeArgs(getRequest(`/practitioner/waitlists/${serviceId}`, cookie), params),
    )
    expect(line.entries[0]).toMatchObject({ place: 1, name: 'Wren Person', windows: 'Any time' })
    expectRedirect(
      await serviceWaitlist.action(
        routeArgs(
          formRequest(
            `/practitioner/waitlists/${serviceId}`,
            { intent: 'remove', entryId: String(line.entries[0]!.id) },
            cookie,
          ),
          params,
        ),
      ),
      `/practitioner/waitlists/${serviceId}`,
    )
    expect(
      (await serviceWaitlist.loader(routeArgs(getRequest(`/practitioner/waitlists/${serviceId}`, cookie), params)))
        .total,
    ).toBe(0)

    expectRedirect(
      await practitionerWaitlists.action(
        routeArgs(
          formRequest(
            '/practitioner/waitlists',
            { intent: 'waitlist-switch', serviceId: String(serviceId), on: 'false' },
            cookie,
          ),
        ),
      ),
      '/practitioner/waitlists',
    )
    const closed = await joinPage.loader(
      routeArgs(getRequest(`/waitlists/join/${serviceId}`, { cookie: client.cookie }), params),
    )
    expect(closed.refusal).toBe('This practitioner is not taking a waitlist for this service.')
  })
})

describe('in French', () => {
  /** As the server answers a request: in the visitor's language until the session says whose it is. */
  const asRequest = <T>(run: () => Promise<T>) =>
    requestContext.run({ id: 'test', method: 'GET', route: null, pathname: '/', userId: null, language: 'en' }, run)

  test('the join form, its errors, the offer email and page, the toast and the practitioner’s email speak French', async () => {
    const french = async (person: { id: number }) => {
      getDb().update(users).set({ language: 'fr' }).where(eq(users.id, person.id)).run()
      return signIn(person.id)
    }
    const made = await createListedPractitioner({ timeZone: TORONTO, firstName: 'Léa', lastName: 'Roy' })
    await french(made)
    const person = await createUser({ timeZone: TORONTO, firstName: 'Zoé' })
    const cookie = await french(person)
    const serviceId = insertService(made.id, { name: 'Yoga doux', priceCents: 0, isFreeIntro: true }).id
    const params = { serviceId: String(serviceId) }

    const form = (await asRequest(() =>
      joinPage.loader(routeArgs(getRequest(`/waitlists/join/${serviceId}`, { cookie }), params)),
    )) as Awaited<ReturnType<typeof joinPage.loader>>
    expect(form.days.map((day) => day.name)).toEqual([
      'dimanche',
      'lundi',
      'mardi',
      'mercredi',
      'jeudi',
      'vendredi',
      'samedi',
    ])
    expect(form.zone).toMatch(/^America\/Toronto \(H[NA]E\)$/)

    const refused = (await asRequest(() =>
      joinPage.action(
        routeArgs(
          formRequest(`/waitlists/join/${serviceId}`, { days: '1', from: '15:00', to: '09:00' }, { cookie }),
          params,
        ),
      ),
    )) as { data: { result: { error: Record<string, string[]> } } }
    expect(inFrench(refused.data.result.error.to![0]!)).toBe('La fin d’une plage doit être après son début')

    await asRequest(() =>
      joinPage.action(routeArgs(formRequest(`/waitlists/join/${serviceId}`, {}, { cookie }), params)),
    )
    createSlots(made.id, serviceId, [{ start: Date.now() + 30 * HOUR, end: Date.now() + 31 * HOUR }], TORONTO)
    const email = outbox(person.email).at(-1)!
    expect(email.subject).toBe('Une plage horaire s’est libérée pour Yoga doux')
    expect(email.text).toContain('Bonjour Zoé,')
    expect(email.text).toMatch(
      /Une plage horaire que vous attendez s’est libérée\s: Yoga doux, \d{1,2} \S+ \d{4}, \d{1,2}\sh\s\d{2} H[NA]E \(60 minutes\)\./,
    )
    expect(email.text).toContain('Si vous la laissez passer, vous restez sur la liste d’attente.')

    const token = /\/waitlist\/offers\/([\w-]+)/.exec(email.text)![1]!
    const page = (await asRequest(() =>
      offerPage.loader(routeArgs(getRequest(`/waitlist/offers/${token}`, { cookie }), { token })),
    )) as Awaited<ReturnType<typeof offerPage.loader>>
    expect(page).toMatchObject({ button: 'Réserver cette plage horaire', length: '60 minutes', ended: null })
    expect(page.until).toMatch(/^\d{1,2}\sh\s\d{2} H[NA]E$/)

    const list = (await asRequest(() => waitlists.loader(routeArgs(getRequest('/waitlists', { cookie }))))) as Awaited<
      ReturnType<typeof waitlists.loader>
    >
    expect(list.entries[0]!.windows).toBe('N’importe quand')
    const booked = (await asRequest(() =>
      waitlists.action(
        routeArgs(formRequest('/waitlists', { intent: 'claim', offerId: String(list.offers[0]!.id) }, { cookie })),
      ),
    )) as Response
    const toast = await readToast(booked)
    expect(inFrench(toast!.title)).toBe('Réservation confirmée!')
    expect(inFrench(toast!.description!)).toBe('La plage horaire de votre liste d’attente est à vous.')
    const over = (await asRequest(() =>
      offerPage.loader(routeArgs(getRequest(`/waitlist/offers/${token}`, { cookie }), { token })),
    )) as Awaited<ReturnType<typeof offerPage.loader>>
    expect(over.ended).toBe('Vous avez déjà accepté cette offre.')

    const filled = outbox(made.email).find((sent) => sent.subject.startsWith('Votre liste d’attente'))!
    expect(filled.subject).toBe('Votre liste d’attente a comblé une plage horaire\u00a0: Yoga doux')
    expect(filled.text).toMatch(/^Zoé a pris la plage horaire de Yoga doux du \d{1,2} \S+ \d{4}, /)
  })
})
