import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { bookings, packageHoldings, packages } from '~/db/schema'
import { payCheckoutSession } from '~/integrations/stripe-emulator/payments.server'
import { tFor } from '~/lib/i18n/i18n.server'
import { translateMessage } from '~/lib/i18n/message'
import { offerCardWords } from '~/models/packages/package-words'
import { getEarningsSummary } from '~/models/practice/earnings.server'
import * as dashboard from '~/routes/_client.client-dashboard'
import * as profile from '~/routes/_public.practitioners.$id'
import * as serviceDetails from '~/routes/_public.service-details.$id'
import * as bookingPage from '~/routes/_public.services.$id'
import * as buy from '~/routes/packages.$id.buy'
import * as earnings from '~/routes/practitioner.earnings'
import * as packagesPage from '~/routes/practitioner.services_.packages/route'
import {
  createListedPractitioner,
  createUser,
  deliverRaisedEvents,
  expectRedirect,
  formRequest,
  getRequest,
  insertService,
  insertSlot,
  raisedEvents,
  readToast,
  routeArgs,
  settle,
  signIn,
} from '../helpers'
import { inEnglish } from '../helpers/i18n'

/**
 * The packages' screens without JavaScript (issue 47): plain forms posted as a browser posts
 * them, loaders read as the pages read them.
 */

let practitioner: Awaited<ReturnType<typeof createListedPractitioner>>
let practitionerCookie: string
let serviceId: number

beforeAll(async () => {
  practitioner = await createListedPractitioner({ firstName: 'Mina', lastName: 'Park' })
  practitionerCookie = await signIn(practitioner.id)
  serviceId = insertService(practitioner.id, { name: 'Shiatsu', priceCents: 8000, durationMinutes: 60 }).id
  raisedEvents()
})

describe('the practitioner’s Packages screen', () => {
  test('a package is added by its form; bad input says why and keeps what was typed', async () => {
    const bad = await settle(() =>
      packagesPage.action(
        routeArgs(
          formRequest(
            '/practitioner/services/packages',
            {
              intent: 'create-package',
              serviceId: String(serviceId),
              sessions: '1',
              price: '300',
              expiresInMonths: '6',
            },
            { cookie: practitionerCookie },
          ),
        ),
      ),
    )
    expect(bad).toMatchObject({ data: { values: { sessions: '1', price: '300' } }, init: { status: 400 } })
    const { message } = (bad as { data: { message: string } }).data
    expect(inEnglish(message)).toBe('A package has at least 2 sessions')
    expect(translateMessage(tFor('fr') as Parameters<typeof translateMessage>[0], message)).toBe(
      'Un forfait compte au moins 2 séances',
    )
    const added = await settle(() =>
      packagesPage.action(
        routeArgs(
          formRequest(
            '/practitioner/services/packages',
            {
              intent: 'create-package',
              serviceId: String(serviceId),
              sessions: '5',
              price: '300',
              expiresInMonths: '6',
            },
            { cookie: practitionerCookie },
          ),
        ),
      ),
    )
    expectRedirect(added, '/practitioner/services/packages')
    const page = (await packagesPage.loader(
      routeArgs(getRequest('/practitioner/services/packages', { cookie: practitionerCookie })),
    )) as Awaited<ReturnType<typeof packagesPage.loader>>
    expect(page.services[0]).toMatchObject({
      name: 'Shiatsu',
      packages: [{ sessions: 5, priceLabel: '$300.00 CAD', perSession: '$60.00 CAD', saving: 2000 }],
    })
  })
})

describe('buying and booking with a package, without JavaScript', () => {
  test('offered on the profile and the service page with its saving; bought; booked; cancelled in time', async () => {
    const packageId = getDb().select({ id: packages.id }).from(packages).where(eq(packages.serviceId, serviceId)).get()!
      .id
    const details = (await serviceDetails.loader(
      routeArgs(getRequest(`/service-details/${serviceId}`), { id: String(serviceId) }),
    )) as Awaited<ReturnType<typeof serviceDetails.loader>>
    expect(details.offers).toEqual([
      expect.objectContaining({
        serviceName: 'Shiatsu',
        sessions: 5,
        expiresInMonths: 6,
        priceCents: 30000,
        perSessionCents: 6000,
        savingPerSessionCents: 2000,
      }),
    ])
    // The card words it in the page's language.
    expect(offerCardWords(tFor('en', 'packages'), 'en', details.offers[0]!)).toEqual({
      text: 'Shiatsu: 5 sessions · valid 6 months · $300.00 CAD ($60.00 CAD a session, saves $20.00 CAD a session)',
      buy: 'Buy package · $300.00 CAD',
    })
    const n = '\u00a0'
    expect(offerCardWords(tFor('fr', 'packages'), 'fr', details.offers[0]!)).toEqual({
      text: `Shiatsu${n}: 5 séances · valide 6 mois · 300,00${n}$ (60,00${n}$ la séance, économie de 20,00${n}$ par séance)`,
      buy: `Acheter le forfait · 300,00${n}$`,
    })
    const onProfile = (await profile.loader(
      routeArgs(getRequest(`/practitioners/${practitioner.id}`), { id: String(practitioner.id) }),
    )) as Awaited<ReturnType<typeof profile.loader>>
    expect(onProfile.offers.map((o) => o.id)).toEqual([packageId])

    const client = await createUser({ firstName: 'Jo', lastName: 'Client' })
    const cookie = await signIn(client.id)
    // A visitor logs in first, and comes back to the page.
    expectRedirect(
      await buy.action(
        routeArgs(formRequest(`/packages/${packageId}/buy`, { returnTo: `/service-details/${serviceId}` }), {
          id: String(packageId),
        }),
      ),
      `/login?${new URLSearchParams({ redirect: `/service-details/${serviceId}` })}`,
    )
    const toCheckout = (await buy.action(
      routeArgs(formRequest(`/packages/${packageId}/buy`, { returnTo: `/service-details/${serviceId}` }, { cookie }), {
        id: String(packageId),
      }),
    )) as Response
    const checkoutUrl = toCheckout.headers.get('Location')!
    expect(checkoutUrl).toMatch(/\/dev\/checkout\/cs_/)
    payCheckoutSession(checkoutUrl.split('/').pop()!, '4242424242424242')
    await deliverRaisedEvents()

    const mine = (await dashboard.loader(routeArgs(getRequest('/client-dashboard', { cookie })))) as Awaited<
      ReturnType<typeof dashboard.loader>
    >
    expect(mine.packages).toEqual([
      expect.objectContaining({ serviceName: 'Shiatsu', sessions: 5, remaining: 5, expired: false }),
    ])
    expect(mine.packages[0]!.validUntil).toMatch(/\d{4}$/)

    // The booking page offers the package's session; booking with it is confirmed at once.
    const slot = insertSlot({
      practitionerId: practitioner.id,
      serviceId,
      startTime: new Date(Date.now() + 5 * 24 * 3600_000),
    })
    const page = (await bookingPage.loader(
      routeArgs(getRequest(`/services/${serviceId}`, { cookie }), { id: String(serviceId) }),
    )) as Awaited<ReturnType<typeof bookingPage.loader>>
    expect(page.packageLabel).toBe('Use a package session (5 left)')
    const booked = (await bookingPage.action(
      routeArgs(
        formRequest(`/services/${serviceId}`, { timeSlotId: String(slot.id), usePackage: 'true' }, { cookie }),
        {
          id: String(serviceId),
        },
      ),
    )) as Response
    expect(booked.headers.get('Location')).toMatch(/^\/bookings\/\d+$/)
    const bookedToast = (await readToast(booked))!
    expect({ title: inEnglish(bookedToast.title), description: inEnglish(bookedToast.description!) }).toEqual({
      title: 'Booking confirmed!',
      description: 'One session of your package was used.',
    })
    const bookingId = Number(booked.headers.get('Location')!.split('/').pop())
    expect(getDb().select().from(bookings).where(eq(bookings.id, bookingId)).get()).toMatchObject({
      status: 'confirmed',
      isPaid: false,
    })

    // Cancelled from the dashboard five days ahead: the session is back.
    const cancelled = await dashboard.action(
      routeArgs(formRequest('/client-dashboard', { intent: 'cancel', bookingId: String(bookingId) }, { cookie })),
    )
    expectRedirect(cancelled, '/client-dashboard')
    expect(getDb().select().from(packageHoldings).where(eq(packageHoldings.clientId, client.id)).get()).toMatchObject({
      sessionsUsed: 0,
    })

    // Earnings count the package when paid: 95 % of $300.00.
    expect(getEarningsSummary(practitioner.id).totalEarningsCents).toBe(28500)
    const shown = (await earnings.loader(
      routeArgs(getRequest('/practitioner/earnings', { cookie: practitionerCookie })),
    )) as Awaited<ReturnType<typeof earnings.loader>>
    expect(shown.packages).toEqual([
      expect.objectContaining({ clientName: 'Jo Client', delivered: 0, sessions: 5, remaining: 5 }),
    ])
  })
})
