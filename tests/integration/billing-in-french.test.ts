import { createRequire } from 'node:module'
import { eq } from 'drizzle-orm'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { beforeAll, describe, expect, test } from 'vitest'
import { ReceiptList } from '~/components/billing/receipt-list'
import { SEND_RECEIPT_INTENT } from '~/components/practice/earnings-receipts'
import { getDb } from '~/db/client.server'
import { receipts, users } from '~/db/schema'
import { payCheckoutSession } from '~/integrations/stripe-emulator/payments.server'
import { pageI18n } from '~/lib/i18n/i18n.server'
import type { Language } from '~/lib/i18n/languages'
import { createBooking } from '~/models/booking/booking.server'
import { startCheckout } from '~/models/booking/payments.server'
import * as receiptsScreen from '~/routes/_client.receipts'
import * as devCheckout from '~/routes/dev.checkout.$id'
import * as devConfirm from '~/routes/dev.payment-intents.confirm'
import * as earnings from '~/routes/practitioner.earnings'
import * as statementCsv from '~/routes/practitioner.earnings.statement[.csv]'
import * as receiptFile from '~/routes/receipts.$id[.pdf]'
import * as yearFile from '~/routes/receipts.year.$year[.pdf]'
import { requestContext } from '../../server/request-context.js'
import {
  createListedPractitioner,
  createUser,
  deliverRaisedEvents,
  formRequest,
  getRequest,
  insertService,
  insertSlot,
  ORIGIN,
  outbox,
  readToast,
  routeArgs,
  settle,
  signIn,
} from '../helpers'
import { inFrench } from '../helpers/i18n'
import { pdfPages } from '../helpers/pdf'
import type * as StaticRouterServer from 'react-router-dom/server'

// Required, not imported: the CommonJS build the server renders with, whose contexts our Link reads.
const { StaticRouter } = createRequire(import.meta.url)('react-router-dom/server') as typeof StaticRouterServer

/**
 * Receipts, their emails and the statement for a French reader (issue 48): Quebec's law asks
 * for receipts in French. A person's chosen language decides, whatever their browser says.
 */

const HOUR = 60 * 60 * 1000
let slotHours = 48
const NBSP = '\u00a0'
/** A French date as Solace writes it: '3 déc. 2026', '21 nov. 2026', '1 mai 2027'. */
const FRENCH_DATE = /\b\d{1,2} (janv\.|févr\.|mars|avr\.|mai|juin|juill\.|août|sept\.|oct\.|nov\.|déc\.) \d{4}\b/

type Person = Awaited<ReturnType<typeof createUser>>
let practitioner: Person
let serviceId: number

/** Answered as the server answers a request: its language the visitor's until the session says whose it is. */
function asRequest<T>(run: () => Promise<T> | T, visitorLanguage: Language = 'en') {
  return requestContext.run(
    { id: 'test', method: 'GET', route: null, pathname: '/', userId: null, language: visitorLanguage },
    run,
  )
}

async function frenchClient(firstName = 'Camille') {
  const client = await createUser({ firstName, lastName: 'Tremblay', timeZone: 'America/Toronto' })
  getDb().update(users).set({ language: 'fr' }).where(eq(users.id, client.id)).run()
  return client
}

async function paidSession(client: Person) {
  const slot = insertSlot({
    practitionerId: practitioner.id,
    serviceId,
    startTime: new Date(Date.now() + ++slotHours * HOUR),
  })
  const actor = { ...client, timeZone: 'America/Toronto' }
  const { id } = await createBooking(actor as never, { serviceId, timeSlotId: slot.id })
  const { url } = await startCheckout(actor as never, id, ORIGIN)
  payCheckoutSession(url.split('/').pop()!, '5555 5555 5555 4444')
  await deliverRaisedEvents()
  return getDb().select().from(receipts).where(eq(receipts.bookingId, id)).get()!
}

const load = (route: typeof receiptFile | typeof yearFile, params: Record<string, string>, cookie: string) =>
  asRequest(() => settle(() => route.loader(routeArgs(getRequest('/', { cookie }), params)))) as Promise<Response>

beforeAll(async () => {
  practitioner = await createListedPractitioner({ firstName: 'Priya', lastName: 'Sharma' })
  getDb()
    .update(users)
    .set({
      profession: 'massage_therapist',
      regulatoryBody: 'Ordre des massothérapeutes',
      registrationNumber: 'RMT-12345',
      gstHstNumber: '123456789RT0001',
    })
    .where(eq(users.id, practitioner.id))
    .run()
  serviceId = insertService(practitioner.id, { name: 'Deep Tissue', priceCents: 10000, taxKind: 'hst13' }).id
}, 60_000)

describe('a French client’s receipt', () => {
  test('its PDF (downloaded and attached) is French throughout; its practitioner, who reads English, gets English', async () => {
    const client = await frenchClient()
    const receipt = await paidSession(client)
    const cookie = await signIn(client.id)

    const answer = await load(receiptFile, { id: String(receipt.id) }, cookie)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('Content-Disposition')).toBe('attachment; filename="recu-0001.pdf"')
    const [page] = await pdfPages(new Uint8Array(await answer.arrayBuffer()))
    for (const text of [
      'REÇU',
      'Numéro de reçu : #0001',
      'Praticien : Priya Sharma',
      'Profession : Massothérapeute agréé(e)',
      'Numéro d’inscription à la TPS/TVH : 123456789RT0001',
      'Client : Camille Tremblay',
      'TVH 13 % 13,00 $',
      'Total 113,00 $',
      'Montant payé : 113,00 $ par Mastercard se terminant par 4444',
      'Payé',
    ])
      expect(page).toContain(text)
    expect(page).toMatch(new RegExp(`Émis le ${FRENCH_DATE.source}`))
    expect(page).toMatch(new RegExp(`${FRENCH_DATE.source}, \\d{1,2} h \\d{2} H[NA]E · 60 minutes`))
    for (const english of ['RECEIPT', 'Issued', 'HST', 'CAD', 'ending in', 'Registered'])
      expect(page).not.toContain(english)

    // The payment's confirmation email carried the same French file.
    const confirmation = outbox(client.email).find((email) =>
      email.attachments.some((a) => a.contentType === 'application/pdf'),
    )!
    const attached = confirmation.attachments.find((a) => a.contentType === 'application/pdf')!
    expect(attached.filename).toBe('recu-0001.pdf')
    expect((await pdfPages(Buffer.from(attached.content, 'base64')))[0]).toContain('Montant payé : 113,00 $')

    // The practitioner reads English: the stored English file, under its English name.
    const theirs = await load(receiptFile, { id: String(receipt.id) }, await signIn(practitioner.id))
    expect(theirs.headers.get('Content-Disposition')).toBe('attachment; filename="receipt-0001.pdf"')
    const [english] = await pdfPages(new Uint8Array(await theirs.arrayBuffer()))
    expect(english).toContain('Amount paid: $113.00 CAD by Mastercard ending in 4444')

    // Their year of receipts in one French file; a year without any is refused in French.
    const year = /\d{4}/.exec(receipt.snapshot.issuedOn as string)![0]
    const yearly = await load(yearFile, { year }, cookie)
    expect(yearly.headers.get('Content-Disposition')).toBe(`attachment; filename="recus-${year}.pdf"`)
    expect((await pdfPages(new Uint8Array(await yearly.arrayBuffer())))[0]).toContain('REÇU')
    const none = await load(yearFile, { year: '2001' }, cookie)
    expect(none.status).toBe(404)
    expect(await none.text()).toBe('Aucun reçu pour cette année')
    const missing = await load(receiptFile, { id: '99999999' }, cookie)
    expect(await missing.text()).toBe('Reçu introuvable')
  })

  test('the Receipts screen lists it in French, whatever the browser asks for', async () => {
    const client = await frenchClient('Élodie')
    await paidSession(client)
    const cookie = await signIn(client.id)
    const data = (await asRequest(() =>
      receiptsScreen.loader(routeArgs(getRequest('/receipts', { cookie }))),
    )) as Awaited<ReturnType<typeof receiptsScreen.loader>>
    expect(data.receipts[0]!.issuedOn).toMatch(FRENCH_DATE)
    expect(data.receipts[0]!.service.time).toMatch(/^\d{1,2}\sh\s\d{2} H[NA]E$/)
    const html = renderToStaticMarkup(
      createElement(
        I18nextProvider,
        { i18n: pageI18n('fr').i18n },
        createElement(StaticRouter, { location: '/receipts' }, createElement(ReceiptList, { ...data })),
      ),
    )
    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
    expect(text).toContain('Reçu #0002')
    expect(text).toContain('Deep Tissue avec Priya Sharma, le')
    expect(text).toContain(`Émis le ${data.receipts[0]!.issuedOn}`)
    expect(text).toContain(`113,00 $`) // (no-break spaces read as spaces here)
    expect(text).toContain('Télécharger')
    expect(text).toContain('Pour une demande de remboursement, tous les reçus d’une année')
    expect(text).not.toMatch(/Receipt|Download|Issued|CAD/)
  })
})

describe('a French practitioner’s statement and emails', () => {
  async function frenchPractitioner() {
    getDb().update(users).set({ language: 'fr' }).where(eq(users.id, practitioner.id)).run()
    return signIn(practitioner.id)
  }

  test('the statement CSV’s header and lines in French; a bad year refused in French', async () => {
    const cookie = await frenchPractitioner()
    const download = (query: string) =>
      asRequest(() =>
        settle(() =>
          statementCsv.loader(routeArgs(getRequest(`/practitioner/earnings/statement.csv${query}`, { cookie }))),
        ),
      ) as Promise<Response>
    const answer = await download('')
    expect(answer.headers.get('Content-Disposition')).toMatch(/^attachment; filename="solace-releve-\d{4}\.csv"$/)
    const rows = (await answer.text()).replace(/^\ufeff/, '').split('\r\n')
    expect(rows[0]).toBe('Date,Reçu,Type,Service,Honoraires,Taxe,Frais de plateforme,Remboursement,Net')
    expect(rows[1]).toMatch(/^\d{4}-\d{2}-\d{2},#0001,Paiement,Deep Tissue,100\.00,13\.00,5\.00,0\.00,108\.00$/)
    const refused = await download('?year=20x6')
    expect(refused.status).toBe(400)
    expect(await refused.text()).toBe('Indiquez l’année du relevé en quatre chiffres, par exemple 2026.')
  })

  test('"Send again": the email in the client’s language (French or English), the toast in the practitioner’s', async () => {
    const cookie = await frenchPractitioner()
    const french = await frenchClient('Noémie')
    const english = await createUser({ firstName: 'Casey', lastName: 'Client', timeZone: 'America/Toronto' })
    for (const [client, subject, body, file] of [
      [french, /^Reçu #\d{4} de Priya Sharma$/, 'Bonjour Noémie Tremblay,', /^recu-\d{4}\.pdf$/],
      [english, /^Receipt #\d{4} from Priya Sharma$/, 'Hi Casey Client,', /^receipt-\d{4}\.pdf$/],
    ] as const) {
      const receipt = await paidSession(client)
      const before = outbox(client.email).length
      const answer = await asRequest(() =>
        settle(() =>
          earnings.action(
            routeArgs(
              formRequest(
                '/practitioner/earnings',
                { intent: SEND_RECEIPT_INTENT, receiptId: String(receipt.id) },
                { cookie },
              ),
            ),
          ),
        ),
      )
      const toast = await readToast(answer as Response)
      expect(inFrench(toast!.title)).toMatch(/^Reçu #\d{4} a été envoyé à votre client\.$/)
      const [sent] = outbox(client.email).slice(before)
      expect(sent!.subject).toMatch(subject)
      expect(sent!.text).toContain(body)
      expect(sent!.attachments[0]!.filename).toMatch(file)
      if (client === french) {
        expect(sent!.text).toMatch(
          new RegExp(`Priya Sharma vous a envoyé le reçu #\\d{4} pour Deep Tissue du ${FRENCH_DATE.source}\\.`),
        )
        expect(sent!.text).toContain(`Tous vos reçus${NBSP}: `)
      } else {
        expect(sent!.text).toMatch(/Priya Sharma sent you receipt #\d{4} for Deep Tissue on \w{3} \d{1,2}, \d{4}\./)
      }
    }
  })
})

describe('the emulated payment pages', () => {
  test('a declined card, a session already paid and an unknown payment are told in the payer’s language', async () => {
    const client = await frenchClient('Gabrielle')
    const slot = insertSlot({
      practitionerId: practitioner.id,
      serviceId,
      startTime: new Date(Date.now() + ++slotHours * HOUR),
    })
    const actor = { ...client, timeZone: 'America/Toronto' }
    const { id } = await createBooking(actor as never, { serviceId, timeSlotId: slot.id })
    const { url } = await startCheckout(actor as never, id, ORIGIN)
    const sessionId = url.split('/').pop()!
    const pay = (language: Language, cardNumber: string) =>
      asRequest(
        () =>
          settle(() =>
            devCheckout.action(routeArgs(formRequest(`/dev/checkout/${sessionId}`, { cardNumber }), { id: sessionId })),
          ),
        language,
      )
    const declined = async (language: Language) => {
      const answer = (await pay(language, '4000 0000 0000 0002')) as { data: { error: string }; init: ResponseInit }
      return { status: answer.init?.status, error: answer.data.error }
    }
    expect(await declined('fr')).toEqual({ status: 402, error: 'Votre carte a été refusée.' })
    expect(await declined('en')).toEqual({ status: 402, error: 'Your card was declined.' })
    expect(((await pay('fr', '4242 4242 4242 4242')) as Response).status).toBe(302)
    const again = (await pay('fr', '4242 4242 4242 4242')) as { data: { error: string } }
    expect(again.data.error).toBe('Cette session de paiement n’est plus ouverte.')
    await deliverRaisedEvents()

    const confirm = (language: Language) =>
      asRequest(
        async () =>
          (await devConfirm.action(
            routeArgs(
              formRequest('/dev/payment-intents/confirm', { clientSecret: 'pi_none_secret_x', cardNumber: '4242' }),
            ),
          )) as Response,
        language,
      )
    expect(await (await confirm('fr')).json()).toEqual({
      error: 'Paiement introuvable\u00a0: «\u00a0pi_none\u00a0»',
    })
    expect(await (await confirm('en')).json()).toEqual({ error: "No such payment intent: 'pi_none'" })
  })
})
