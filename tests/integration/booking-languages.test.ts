import { eq } from 'drizzle-orm'
import nodeIcal, { type VEvent } from 'node-ical'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { bookings, users } from '~/db/schema'
import type { Language } from '~/lib/i18n/languages'
import { resetAllLimits } from '~/lib/rate-limit.server'
import { cancelBooking, createBooking } from '~/models/booking/booking.server'
import {
  sendBookingCancelled,
  sendBookingConfirmed,
  sendCancelledByPractitioner,
  sendIntakeReminder,
  sendMarkedMissed,
  sendPaymentRefunded,
} from '~/models/booking/emails.server'
import { practitionerNotice } from '~/models/booking/practitioner-emails.server'
import { queueDueReminders } from '~/models/booking/reminders.server'
import { composeRemovalNotices } from '~/models/booking/removal-emails.server'
import { rescheduleBooking } from '~/models/booking/reschedule.server'
import * as bookingPage from '~/routes/_client.bookings.$id'
import * as reschedulePage from '~/routes/_client.bookings.$id_.reschedule'
import * as dashboard from '~/routes/_client.client-dashboard'
import * as cancelApi from '~/routes/api.bookings.$id.cancel'
import * as rescheduleApi from '~/routes/api.bookings.$id.reschedule'
import * as bookingsApi from '~/routes/api.bookings._index'
import * as calendarFile from '~/routes/bookings.$id.calendar[.ics]'
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
  outbox,
  readToast,
  routeArgs,
  signIn,
} from '../helpers'
import { inFrench } from '../helpers/i18n'

/**
 * The booking area in French and English (issue 48): every email a booking sends is in its
 * recipient's language (their choice; English without one), its dates, times, zones and money
 * too, with its calendar invitation; the calendar file follows its reader; the API and the
 * screens refuse in the person's language. English stays the spec's, word for word (the other
 * booking tests hold it).
 */

/** Thursday December 4, 2031, 2:00 PM in Toronto: 'jeudi 4 décembre 2031, 14 h 00 HNE'. */
const START = new Date('2031-12-04T19:00:00Z')
const HOUR = 60 * 60_000
const NB = '\u00a0'
/** The session's time as a French email says it. */
const FR_SPAN = `jeudi 4 décembre 2031, 14${NB}h${NB}00 – 15${NB}h${NB}00 HNE`
const EN_SPAN = 'December 4, 2031, 2:00 PM – 3:00 PM EST'

type Person = Awaited<ReturnType<typeof createUser>> & { cookie: string }

let practitioner: Person
let praticienne: Person
let freeServiceId: number
let paidServiceId: number
let serviceFr: number

function speaks(userId: number, language: Language) {
  getDb().update(users).set({ language }).where(eq(users.id, userId)).run()
}

async function person(first: string, last: string, language: Language | null, isPractitioner = false) {
  const user = isPractitioner
    ? await createListedPractitioner({ firstName: first, lastName: last, timeZone: 'America/Toronto' })
    : await createUser({ firstName: first, lastName: last, timeZone: 'America/Toronto' })
  if (language) speaks(user.id, language)
  return { ...user, cookie: await signIn(user.id) }
}

/** As the server answers a request from a browser asking English: a person's own choice wins. */
function asRequest<T>(run: () => T) {
  return requestContext.run(
    { id: 'test', method: 'GET', route: null, pathname: '/', userId: null, language: 'en' },
    run,
  )
}

/** A slot of `serviceId` at START, or `later` hours after it. */
function slot(serviceId: number, owner = practitioner.id, later = 0) {
  return insertSlot({ practitionerId: owner, serviceId, startTime: new Date(START.getTime() + later * HOUR) })
}

/** A session booked at START (a slot of its own: times may repeat) the way the app books it. */
async function booked(client: Person, serviceId = freeServiceId, owner = practitioner.id) {
  const { id } = await createBooking(client, { serviceId, timeSlotId: slot(serviceId, owner).id })
  return id
}

/** A paid, confirmed session at START: 49.99 $ paid. */
async function paid(client: Person) {
  const id = await booked(client, paidServiceId)
  getDb()
    .update(bookings)
    .set({ status: 'confirmed', isPaid: true, totalAmountCents: 4999, holdExpiresAt: null })
    .where(eq(bookings.id, id))
    .run()
  return id
}

const lastTo = (email: string) => outbox(email).at(-1)!

/** The invitation an email carries, as a calendar reads it. */
function invitationOf(email: { attachments?: { content: string }[] | null }) {
  const text = Buffer.from(email.attachments![0]!.content, 'base64').toString('utf8')
  return { text, event: Object.values(nodeIcal.sync.parseICS(text)).find((c) => c?.type === 'VEVENT') as VEvent }
}

beforeAll(async () => {
  practitioner = await person('Priya', 'Sharma', null, true)
  praticienne = await person('Marie', 'Gagnon', 'fr', true)
  freeServiceId = insertService(practitioner.id, { name: 'Free Intro', priceCents: 0, isFreeIntro: true }).id
  paidServiceId = insertService(practitioner.id, { name: 'Deep Session', priceCents: 4999 }).id
  serviceFr = insertService(praticienne.id, { name: 'Séance découverte', priceCents: 0, isFreeIntro: true }).id
})

beforeEach(resetAllLimits)

describe('every booking email in its recipient’s language', () => {
  test('confirmed: the client’s in French with its French invitation, the practitioner’s in English', async () => {
    const client = await person('Élodie', 'Tremblay', 'fr')
    await booked(client)
    const email = lastTo(client.email)
    expect(email.subject).toBe('Réservation confirmée : Free Intro'.replace(' :', `${NB}:`))
    expect(email.text).toContain('Bonjour Élodie,')
    expect(email.text).toContain(
      'Votre séance « Free Intro » avec Priya Sharma est confirmée.'.replace(/« | »/g, (m) => m.replace(' ', NB)),
    )
    expect(email.text).toContain(`Quand${NB}: ${FR_SPAN} (60 minutes)`)
    expect(email.text).toContain(`Prix${NB}: Gratuit`)
    expect(email.text).toContain(`Cette séance est gratuite${NB}: vous pouvez l’annuler en tout temps avant son début.`)
    const { text, event } = invitationOf(email)
    expect(text).toContain('PRODID:-//Solace//Bookings//FR')
    expect(event.summary).toBe('Free Intro avec Priya Sharma')
    expect(event.description).toMatch(
      /^Séance Solace avec Priya Sharma\.\nRejoindre\u00a0: http.*\nDétails\u00a0: http/,
    )

    const told = lastTo(practitioner.email)
    expect(told.subject).toBe('New booking: Free Intro')
    expect(told.text).toContain(`Élodie Tremblay booked "Free Intro" on ${EN_SPAN}. It is on your dashboard.`)
    expect(invitationOf(told).event.summary).toBe('Free Intro with Élodie Tremblay')

    const english = await person('Casey', 'Client', null)
    await booked(english)
    const confirmed = lastTo(english.email)
    expect(confirmed.subject).toBe('Booking confirmed: Free Intro')
    expect(confirmed.text).toContain(`When: ${EN_SPAN} (60 minutes)`)
    expect(invitationOf(confirmed).text).toContain('PRODID:-//Solace//Bookings//EN')
  })

  test.each([
    ['fr', 'Élodie'],
    ['en', 'Casey'],
  ] as const)(
    'a paid session’s emails, in %s: paid, cancelled, refunded, called off, intake, missed',
    async (language, first) => {
      const client = await person(first, 'Payer', language === 'fr' ? 'fr' : null)
      const id = await paid(client)
      const fr = language === 'fr'
      const said = async (send: () => Promise<unknown>, subject: string, ...lines: string[]) => {
        await send()
        const email = lastTo(client.email)
        expect(email.subject).toBe(subject)
        for (const line of lines) expect(email.text).toContain(line)
      }
      const s = (text: string) => text.replace(/ ([:;?!»])/g, `${NB}$1`).replace(/« /g, `«${NB}`)
      await said(
        () => sendBookingConfirmed(id),
        fr ? s('Réservation confirmée : Deep Session') : 'Booking confirmed: Deep Session',
        fr ? s('Payé : 49,99 $').replace('99 $', `99${NB}$`) : 'Paid: $49.99 CAD',
        fr ? s('Annulez 24 heures ou plus avant votre séance') : 'Cancel 24 hours or more before your session',
      )
      await said(
        () => sendBookingCancelled(id, 4999),
        fr ? s('Réservation annulée : Deep Session') : 'Booking cancelled: Deep Session',
        fr ? s(`Votre séance « Deep Session » du ${FR_SPAN} a été annulée.`) : `on ${EN_SPAN} has been cancelled.`,
        fr ? `Un remboursement de 49,99${NB}$ est en route vers votre carte.` : 'A refund of $49.99 CAD is on its way',
      )
      await said(
        () => sendCancelledByPractitioner(id, 'Je suis malade.', 4999),
        fr ? s('Séance annulée : Deep Session') : 'Session cancelled: Deep Session',
        fr ? s('Sa raison : Je suis malade.') : 'Their reason: Je suis malade.',
        fr ? `la totalité des 49,99${NB}$ sur votre carte` : 'We have refunded the full $49.99 CAD to your card.',
      )
      await said(
        () => sendPaymentRefunded(id, 2500, 'refund'),
        fr ? s('Paiement remboursé : Deep Session') : 'Payment refunded: Deep Session',
        fr
          ? s(`Nous vous avons remboursé 25,00${NB}$ pour « Deep Session » du ${FR_SPAN}.`)
          : 'We have refunded $25.00 CAD',
      )
      await said(
        () => sendPaymentRefunded(id, 4999, 'late_payment'),
        fr ? s('Paiement remboursé : Deep Session') : 'Payment refunded: Deep Session',
        fr
          ? 'après les 30 minutes pendant lesquelles nous réservons une plage horaire'
          : 'after the 30 minutes we hold',
      )
      await said(
        () => sendIntakeReminder(id),
        fr ? s('Formulaire d’accueil : Deep Session') : 'Intake form: Deep Session',
        fr ? 'Priya Sharma vous demande de remplir son formulaire d’accueil' : 'Priya Sharma asks you to complete',
      )
      await said(
        () => sendMarkedMissed(id),
        fr ? s('Séance manquée : Deep Session') : 'Missed session: Deep Session',
        fr ? s('J’étais présent : si vous êtes venu') : 'I was there: if you came',
        `/bookings/${id}#i-was-there`,
      )
    },
  )

  test('the practitioner’s notices in French: booked, cancelled, moved', async () => {
    const client = await person('Casey', 'Client', null)
    const id = await booked(client, serviceFr, praticienne.id)
    const previous = {
      startTime: new Date(START.getTime() - 24 * HOUR),
      endTime: new Date(START.getTime() - 23 * HOUR),
    }
    const booked_ = practitionerNotice(getDb(), id, 'booked')!
    expect(booked_.subject).toBe(`Nouvelle réservation${NB}: Séance découverte`)
    expect(booked_.text).toContain(`Bonjour Marie,`)
    expect(booked_.text).toContain(`Casey Client a réservé «${NB}Séance découverte${NB}» le ${FR_SPAN}.`)
    expect(invitationOf(booked_).event.summary).toBe('Séance découverte avec Casey Client')
    const cancelled = practitionerNotice(getDb(), id, 'cancelled')!
    expect(cancelled.subject).toBe(`Réservation annulée${NB}: Séance découverte`)
    expect(cancelled.text).toContain('La mise à jour jointe retire la séance de votre calendrier.')
    const moved = practitionerNotice(getDb(), id, 'moved', previous)!
    expect(moved.subject).toBe(`Réservation déplacée${NB}: Séance découverte`)
    expect(moved.text).toContain(`du mercredi 3 décembre 2031, 14${NB}h${NB}00 – 15${NB}h${NB}00 HNE au ${FR_SPAN}.`)
    // The client's own confirmation stays in English: each email is its recipient's.
    expect(lastTo(client.email).subject).toBe('Booking confirmed: Séance découverte')
  })

  test('an admin’s removal tells each other party in their own language', async () => {
    const client = await person('Élodie', 'Retrait', 'fr')
    const id = await booked(client)
    const toClient = composeRemovalNotices([id], practitioner.id).get(id)!
    expect(toClient.subject).toBe(`Séance annulée${NB}: Free Intro`)
    expect(toClient.text).toContain(`le compte Solace de Priya Sharma a été fermé.`)
    expect(toClient.text).toContain('Rien n’a été facturé pour cette séance.')
    expect(invitationOf(toClient).text).toContain('METHOD:CANCEL')
    const toPractitioner = composeRemovalNotices([id], client.id).get(id)!
    expect(toPractitioner.subject).toBe('Session cancelled: Free Intro')
    expect(toPractitioner.text).toContain(`with Élodie Retrait on ${EN_SPAN} has been cancelled`)
  })

  test('a move: the client’s email and the practitioner’s, each in their language', async () => {
    const client = await person('Élodie', 'Bouge', 'fr')
    const id = await booked(client, serviceFr, praticienne.id)
    const target = slot(serviceFr, praticienne.id, 24 * 90)
    await rescheduleBooking(client, id, target.id)
    const moved = outbox(client.email).find((e) => e.subject === `Séance déplacée${NB}: Séance découverte`)!
    expect(moved.text).toContain(`Avant${NB}: ${FR_SPAN}`)
    expect(moved.text).toMatch(/\nMaintenant\u00a0: \w+ \d+ \w+ 2032, /)
    expect(moved.text).toContain('L’invitation jointe déplace la séance dans votre calendrier.')
    const told = outbox(praticienne.email).find((e) => e.subject === `Réservation déplacée${NB}: Séance découverte`)!
    expect(told.text).toContain(`Élodie Bouge a déplacé «${NB}Séance découverte${NB}» du ${FR_SPAN} au `)

    await rescheduleBooking(praticienne, id, slot(serviceFr, praticienne.id, 24 * 91).id, { message: 'Désolée!' })
    const newTime = outbox(client.email).find((e) => e.subject.startsWith('Nouvelle heure pour votre séance'))!
    expect(newTime.text).toContain(`Marie Gagnon a écrit${NB}:\n> Désolée!`)
    expect(newTime.text).toContain('Sinon, vous pouvez l’y annuler pour obtenir un remboursement complet')
  })

  test('reminders: a day and an hour before, each person in their language', async () => {
    const client = await person('Élodie', 'Rappel', 'fr')
    const id = await booked(client)
    getDb()
      .update(bookings)
      .set({ createdAt: new Date(START.getTime() - 72 * HOUR) })
      .where(eq(bookings.id, id))
      .run()
    queueDueReminders(new Date(START.getTime() - 23 * HOUR))
    const day = lastTo(client.email)
    expect(day.subject).toBe(`Demain${NB}: Free Intro avec Priya Sharma`)
    expect(day.text).toContain(`Un rappel de votre séance «${NB}Free Intro${NB}» avec Priya Sharma.`)
    expect(day.text).toContain(`Quand${NB}: ${FR_SPAN} (60 minutes)`)
    expect(invitationOf(day).event.summary).toBe('Free Intro avec Priya Sharma')
    expect(lastTo(practitioner.email).subject).toBe('Tomorrow: Free Intro with Élodie Rappel')
    queueDueReminders(new Date(START.getTime() - 30 * 60_000))
    expect(lastTo(client.email).subject).toBe(`Dans une heure${NB}: Free Intro avec Priya Sharma`)
  })
})

describe('the calendar file and the screens in the person’s language', () => {
  const download = (id: number, cookie: string) =>
    asRequest(() =>
      calendarFile.loader(routeArgs(getRequest(`/bookings/${id}/calendar.ics`, { cookie }), { id: String(id) })),
    )

  test('the .ics download follows its reader: French for a French client, English otherwise', async () => {
    const client = await person('Élodie', 'Agenda', 'fr')
    const id = await booked(client)
    const file = await (await download(id, client.cookie)).text()
    expect(file).toContain('PRODID:-//Solace//Bookings//FR')
    const event = Object.values(nodeIcal.sync.parseICS(file)).find((c) => c?.type === 'VEVENT') as VEvent
    expect(event.summary).toBe('Free Intro avec Priya Sharma')
    expect(event.description).toContain(`Détails${NB}: `)

    const english = await person('Casey', 'Agenda', null)
    const theirs = await booked(english)
    const englishFile = await (await download(theirs, english.cookie)).text()
    expect(englishFile).toContain('SUMMARY:Free Intro with Priya Sharma')
    expect(englishFile).toContain('PRODID:-//Solace//Bookings//EN')

    // Someone else's session: refused in the reader's words.
    const refused = await download(theirs, client.cookie).catch((error: unknown) => error as Response)
    expect(refused.status).toBe(404)
    expect(await refused.text()).toBe('Réservation introuvable')
  })

  test('the booking page and the Reschedule page in French; their refusals too', async () => {
    const client = await person('Élodie', 'Page', 'fr')
    const id = await booked(client)
    const page = await asRequest(() =>
      bookingPage.loader(routeArgs(getRequest(`/bookings/${id}`, { cookie: client.cookie }), { id: String(id) })),
    )
    expect(page.when).toEqual({ date: '4 décembre 2031', time: `14${NB}h${NB}00 – 15${NB}h${NB}00 HNE` })
    expect(inFrench(page.refundPolicy!)).toBe(
      `Cette séance est gratuite${NB}: vous pouvez l’annuler en tout temps avant son début.`,
    )
    expect(new URL(page.calendar!.google).searchParams.get('details')).toMatch(
      /^Séance vidéo avec Priya Sharma, réservée sur Solace\./,
    )

    const moving = await asRequest(() =>
      reschedulePage.loader(
        routeArgs(getRequest(`/bookings/${id}/reschedule`, { cookie: client.cookie }), { id: String(id) }),
      ),
    )
    expect(moving.data.booking.when).toBe(`4 décembre 2031, 14${NB}h${NB}00 – 15${NB}h${NB}00 HNE`)
    const empty = await asRequest(() =>
      reschedulePage.action(
        routeArgs(formRequest(`/bookings/${id}/reschedule`, {}, { cookie: client.cookie }), { id: String(id) }),
      ),
    )
    expect(formReply(empty).result.error?.timeSlotId?.map((m) => inFrench(m))).toEqual([
      'Veuillez choisir une plage horaire',
    ])
  })

  test('cancelling from the dashboard: the toasts in French', async () => {
    const client = await person('Élodie', 'Annule', 'fr')
    const id = await booked(client)
    const cancel = () =>
      asRequest(() =>
        dashboard.action(
          routeArgs(
            formRequest('/client-dashboard', { intent: 'cancel', bookingId: String(id) }, { cookie: client.cookie }),
          ),
        ),
      )
    const done = await readToast(expectRedirect(await cancel(), '/client-dashboard'))
    expect(inFrench(done!.title)).toBe('Réservation annulée')
    expect(inFrench(done!.description!)).toBe('Votre réservation a bien été annulée.')
    expect(lastTo(client.email).subject).toBe(`Réservation annulée${NB}: Free Intro`)
    const again = await readToast(expectRedirect(await cancel(), '/client-dashboard'))
    expect(inFrench(again!.title)).toBe('Échec de l’annulation')
    expect(inFrench(again!.description!)).toBe('Cette réservation a déjà été annulée.')
  })

  test('the booking API answers in the person’s language', async () => {
    const client = await person('Élodie', 'Api', 'fr')
    const english = await person('Casey', 'Api', null)
    const post = (cookie: string, body: unknown) =>
      asRequest(() => callApi(bookingsApi.action, jsonRequest('/api/bookings', 'POST', body, { cookie })))
    expect(await post(client.cookie, { serviceId: freeServiceId })).toMatchObject({
      status: 400,
      body: { message: 'Veuillez choisir une plage horaire' },
    })
    expect(await post(english.cookie, { serviceId: freeServiceId })).toMatchObject({
      status: 400,
      body: { message: 'Please select a time slot' },
    })

    const id = await booked(client)
    const patch = (path: string, api: typeof cancelApi, body?: unknown) =>
      asRequest(() =>
        callApi(api.action, jsonRequest(path, 'PATCH', body, { cookie: client.cookie }), { id: String(id) }),
      )
    const sameTime = await patch(`/api/bookings/${id}/reschedule`, rescheduleApi, {
      timeSlotId: getDb().select().from(bookings).where(eq(bookings.id, id)).get()!.timeSlotId,
    })
    expect(sameTime).toMatchObject({
      status: 409,
      body: { message: 'La séance est déjà à cette heure. Veuillez en choisir une autre.' },
    })
    expect(await patch(`/api/bookings/${id}/cancel`, cancelApi)).toMatchObject({
      status: 200,
      body: { status: 'cancelled', message: 'Votre réservation a bien été annulée.' },
    })
    expect(await patch(`/api/bookings/${id}/cancel`, cancelApi)).toMatchObject({
      status: 409,
      body: { message: 'Cette réservation a déjà été annulée.' },
    })
    await cancelBooking(english, await booked(english)).catch(() => undefined)
  })
})
