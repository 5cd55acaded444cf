import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server'
import { describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { payouts } from '~/db/schema'
import { pageI18n, tFor } from '~/lib/i18n/i18n.server'
import type { Language } from '~/lib/i18n/languages'
import { professionName } from '~/models/practice/professions'
import { rangesOverlap, WeeklyHoursSchema } from '~/models/practice/weekly-hours'
import * as slotsApi from '~/routes/api.time-slots._index'
import * as calendarPage from '~/routes/practitioner.calendar'
import * as hoursPage from '~/routes/practitioner.calendar_.hours'
import * as earnings from '~/routes/practitioner.earnings'
import * as servicesPage from '~/routes/practitioner.services'
import { requestContext } from '../../server/request-context.js'
import {
  callApi,
  createListedPractitioner,
  createUser,
  expectRedirect,
  formReply,
  formRequest,
  getRequest,
  insertService,
  insertSlot,
  jsonRequest,
  readToast,
  routeArgs,
  settle,
  signIn,
  updateUserRow,
  type FormFields,
} from '../helpers'
import { inEnglish, inFrench } from '../helpers/i18n'
import { shownErrors, shownToast } from '../helpers/practice-i18n'

/**
 * The practitioner's practice for a reader of French (issue 48): the forms' refusals, the toasts,
 * the calendar's times and the earnings' money as Quebec writes them. English is checked by the
 * area's other tests, unchanged.
 */

const NBSP = '\u00a0'

/** A practitioner who chose French, signed in. */
async function frenchPractitioner() {
  const user = await createListedPractitioner({ timeZone: 'America/Toronto' })
  updateUserRow(user.id, { language: 'fr' })
  return { id: user.id, cookie: await signIn(user.id) }
}

/** Runs `work` as the server runs a request: the signed-in person's language is the request's. */
function inRequest<T>(work: () => Promise<T>) {
  return requestContext.run(
    { id: 'test', method: 'POST', route: null, pathname: '/', userId: null, language: 'en' },
    work,
  )
}

describe('My Services in French', () => {
  /** Without a payment account: a paid service is refused. */
  async function newFrenchPractitioner() {
    const user = await createUser({ isPractitioner: true, language: 'fr' })
    return { cookie: await signIn(user.id) }
  }

  const post = (cookie: string, fields: FormFields) =>
    settle(() => servicesPage.action(routeArgs(formRequest('/practitioner/services?new=1', fields, { cookie }))))
  const fields = (overrides: FormFields = {}): FormFields => ({
    intent: 'create-service',
    name: 'Bain sonore',
    description: 'Détente au son des bols chantants.',
    category: 'Meditation',
    price: '25',
    duration: '45',
    ...overrides,
  })

  test('the form’s refusals and its toast read in French', async () => {
    const { cookie } = await newFrenchPractitioner()
    const invalid = formReply(await post(cookie, fields({ name: '', price: '1.234', duration: '7' })))
    expect(invalid.status).toBe(400)
    expect(shownErrors(invalid.result.error, 'fr')).toMatchObject({
      name: ['Le nom du service est obligatoire'],
      price: ['Le prix peut avoir au plus 2 décimales'],
      duration: expect.arrayContaining(['La durée doit être d’au moins 15 minutes']),
    })
    // No payment account: the spec's refusal, on the price and in the toast.
    const paid = formReply(await post(cookie, fields()))
    expect(shownErrors(paid.result.error, 'fr').price).toEqual([
      `Compte du fournisseur de paiement requis${NBSP}: vous devez configurer votre compte du fournisseur de paiement dans les paramètres avant de créer des services payants.`,
    ])
    expect(shownToast(paid.toast, 'fr')).toMatchObject({ type: 'error', title: 'Échec de la création du service' })
    const done = expectRedirect(await post(cookie, fields({ price: '0' })), '/practitioner/services')
    expect(shownToast(await readToast(done), 'fr')).toEqual({ type: 'success', title: 'Service créé' })
  })
})

describe('My Services rendered', () => {
  async function render(language: Language, cookie: string) {
    const url = 'http://localhost/practitioner/services?new=1'
    const data = await servicesPage.loader(routeArgs(getRequest('/practitioner/services?new=1', { cookie })))
    const handler = createStaticHandler([
      { id: 'services', path: '/practitioner/services', loader: () => data, Component: servicesPage.default },
    ])
    const context = await handler.query(new Request(url))
    if (context instanceof Response) throw context
    const router = createStaticRouter(handler.dataRoutes, context)
    return renderToStaticMarkup(
      createElement(
        I18nextProvider,
        { i18n: pageI18n(language).i18n },
        createElement(StaticRouterProvider, { router, context, hydrate: false }),
      ),
    )
  }

  test('the Add New Service dialog in French, its links around their words, the description’s two languages', async () => {
    const user = await createUser({ isPractitioner: true, language: 'fr' })
    const cookie = await signIn(user.id)
    const french = await render('fr', cookie)
    expect(french).toContain('Ajouter un service')
    expect(french).toMatch(/href="\/practitioner\/settings"[^>]*>paramètres<\/a>/)
    expect(french).toMatch(/href="\/practitioner\/profile"[^>]*>votre profil<\/a>/)
    expect(french).toContain('Langue de la description')
    expect(french).toContain('Description dans l’autre langue')
    expect(french).toContain('<option value="fr">Français</option>')
    expect(french).toContain('>Méditation</option>')
    expect(french).toContain(`>TPS + TVQ 14,975${NBSP}%</option>`)
    const english = await render('en', cookie)
    expect(english).toMatch(/href="\/practitioner\/settings"[^>]*>Settings<\/a> first\./)
    expect(english).toContain('Language of the description')
    expect(english).toContain('>GST + QST 14.975%</option>')
  })
})

describe('the calendar in French', () => {
  test('the day’s times, prices and dialogs are worded as Quebec writes them', async () => {
    const { id, cookie } = await frenchPractitioner()
    const serviceId = insertService(id, { name: 'Massage', priceCents: 8550, durationMinutes: 60 }).id
    insertSlot({ practitionerId: id, serviceId, startTime: new Date('2031-11-25T14:00:00Z') })
    const data = (await calendarPage.loader(
      routeArgs(getRequest('/practitioner/calendar?date=2031-11-25&month=2031-11&add=single', { cookie })),
    )) as Awaited<ReturnType<typeof calendarPage.loader>>
    expect(data.zoneLabel).toBe('America/Toronto (HNE)')
    expect(data.dateLabel).toBe('25 novembre 2031')
    expect(data.slots[0]).toMatchObject({
      timeLabel: `9${NBSP}h${NBSP}00 – 10${NBSP}h${NBSP}00`,
      serviceName: 'Massage',
      priceLabel: `85,50${NBSP}$`,
    })
    expect(data.dateChoices[0]).toEqual({ value: '2031-11-25', label: 'mar. 25 nov.' })
  })

  test('the slot forms refuse in French, a clash named with French dates, on the screen and through the API', async () => {
    const { id, cookie } = await frenchPractitioner()
    const serviceId = insertService(id, { durationMinutes: 60 }).id
    insertSlot({ practitionerId: id, serviceId, startTime: new Date('2031-11-26T14:00:00Z') })
    const page = (fields: FormFields) =>
      settle(() => calendarPage.action(routeArgs(formRequest('/practitioner/calendar?add=single', fields, { cookie }))))

    const missing = formReply(await page({ intent: 'create-single', serviceId: '', startClock: '09:00' }))
    expect(shownErrors(missing.result.error, 'fr')).toMatchObject({
      serviceId: ['Choisissez un service pour cette plage horaire'],
      dates: ['Choisissez au moins une date pour cette plage horaire'],
    })

    const clash = formReply(
      await inRequest(() =>
        page({ intent: 'create-single', serviceId: String(serviceId), dates: '2031-11-26', startClock: '09:30' }),
      ),
    )
    expect(clash.status).toBe(409)
    expect(shownToast(clash.toast, 'fr')).toEqual({
      type: 'error',
      title: 'Échec de la création de la plage horaire',
      description: `Cette heure chevauche votre plage du 26 nov. 2031, 9${NBSP}h${NBSP}00 – 10${NBSP}h${NBSP}00`,
    })

    const api = await inRequest(() =>
      callApi(
        slotsApi.action,
        jsonRequest(
          '/api/time-slots',
          'POST',
          { serviceId, startTime: '2031-11-26T14:30:00.000Z', endTime: '2031-11-26T15:30:00.000Z' },
          { cookie },
        ),
      ),
    )
    expect(api).toMatchObject({
      status: 409,
      body: { message: `Cette heure chevauche votre plage du 26 nov. 2031, 9${NBSP}h${NBSP}00 – 10${NBSP}h${NBSP}00` },
    })

    const created = expectRedirect(
      await page({ intent: 'create-single', serviceId: String(serviceId), dates: '2031-11-27', startClock: '09:00' }),
      '/practitioner/calendar?date=2031-11-27&month=2031-11',
    )
    expect(shownToast(await readToast(created), 'fr')).toEqual({
      type: 'success',
      title: 'Plages horaires créées',
      description: '1 plage horaire créée',
    })
  })
})

describe('weekly hours in French', () => {
  test('a day’s overlapping ranges are named by the day, and the toasts count in French', async () => {
    const parsed = WeeklyHoursSchema.safeParse({
      ranges: [
        { weekday: 1, start: '09:00', end: '12:00', serviceId: 1 },
        { weekday: 1, start: '11:00', end: '13:00', serviceId: 1 },
      ],
    })
    expect(parsed.error?.issues[0]?.message).toBe(rangesOverlap(1))
    expect(inFrench(rangesOverlap(1))).toBe(
      `Les plages du lundi se chevauchent${NBSP}: chaque heure de la journée ne peut faire partie que d’une seule plage`,
    )
    expect(inEnglish(rangesOverlap(1))).toBe('Ranges on Monday overlap: each time of day can be in one range only')

    const { cookie } = await frenchPractitioner()
    const block = expectRedirect(
      await settle(() =>
        hoursPage.action(
          routeArgs(
            formRequest('/practitioner/calendar/hours', { intent: 'block-dates', firstDate: '2099-12-24' }, { cookie }),
          ),
        ),
      ),
      '/practitioner/calendar/hours',
    )
    expect(shownToast(await readToast(block), 'fr')).toEqual({
      type: 'success',
      title: 'Dates bloquées',
      description: `Retrait${NBSP}: 0 plage horaire`,
    })
    expect(shownToast(await readToast(block), 'en')).toMatchObject({ description: '0 time slots removed' })
  })
})

describe('earnings in French', () => {
  async function render(language: Language, cookie: string) {
    const data = await earnings.loader(routeArgs(getRequest('/practitioner/earnings', { cookie })))
    const handler = createStaticHandler([
      { id: 'earnings', path: '/practitioner/earnings', loader: () => data, Component: earnings.default },
    ])
    const context = await handler.query(new Request('http://localhost/practitioner/earnings'))
    if (context instanceof Response) throw context
    const router = createStaticRouter(handler.dataRoutes, context)
    const html = renderToStaticMarkup(
      createElement(
        I18nextProvider,
        { i18n: pageI18n(language).i18n },
        createElement(StaticRouterProvider, { router, context, hydrate: false }),
      ),
    )
    // Spaces collapsed, the no-break ones kept (French writes them in amounts).
    return html.replace(/<[^>]+>/g, ' ').replace(/[ \t\r\n]+/g, ' ')
  }

  test('amounts as “1 234,50 $”, dates as “2 nov. 2026”, the words in French; English unchanged', async () => {
    const user = await createUser({ isPractitioner: true, firstName: 'Élise', lastName: 'Tremblay' })
    const cookie = await signIn(user.id)
    getDb()
      .insert(payouts)
      .values({
        practitionerId: user.id,
        amountCents: 123_450,
        status: 'partially_reversed',
        createdAt: new Date('2026-11-02T15:00:00Z'),
      })
      .run()

    const french = await render('fr', cookie)
    expect(french).toContain('Revenus totaux')
    expect(french).toContain(`0,00${NBSP}$`)
    expect(french).toContain('Versements automatiques')
    expect(french).toContain(`1${NBSP}234,50${NBSP}$`)
    expect(french).toContain('2 nov. 2026')
    expect(french).toContain('repris en partie')
    expect(french).not.toContain('Total Earnings')

    const english = await render('en', cookie)
    expect(english).toContain('Total Earnings')
    expect(english).toContain('$1234.50 CAD')
    expect(english).toContain('Nov 2, 2026')
    expect(english).toContain('partially reversed')
  })
})

describe('professions', () => {
  test('named in the reader’s language; an “Other” profession in the practitioner’s own words', () => {
    expect(professionName('massage_therapist', null, tFor('en', 'practice'))).toBe('Registered Massage Therapist')
    expect(professionName('massage_therapist', null, tFor('fr', 'practice'))).toBe('Massothérapeute autorisé')
    expect(professionName('other', ' Doula ', tFor('fr', 'practice'))).toBe('Doula')
    expect(professionName(null, null, tFor('en', 'practice'))).toBeNull()
  })
})
