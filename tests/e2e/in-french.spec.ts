import { expect, test, type Page } from '@playwright/test'
import Database from 'better-sqlite3'
import { signInAs } from './sessions'
import { expectToast, pickDayAhead, signUpClient, testDatabase } from './support'

/**
 * Solace in French (issue 48), with JavaScript and without: a visitor who chose French with the
 * header's switch browses, books, pays, answers the intake form and finds the session on the
 * dashboard; a practitioner whose account is in French adds a time slot on the calendar. The
 * French is written here as a person reads it (not read from the catalogues), and so are the
 * formats: '14 h 00', '150,00 $', '3 déc. 2026', <html lang="fr-CA"> on every page.
 *
 * Seeded practitioners no other flow uses: Amara Nwosu, whose Holistic Wellness Plan is booked and
 * paid (the demo practitioner's earnings are checked to the cent by flows beside this one), and
 * Julien Tremblay, whose account turns French.
 */

const ZONE = 'America/Toronto'
const AMARA = 'amara.nwosu@solace.test'
const JULIEN = 'julien.tremblay@solace.test'
/** Amara's 90-minute, $150 service (app/seed/data/services.ts), in the category Holistic Health. */
const SERVICE = 'Holistic Wellness Plan'

/**
 * What the browser reports as broken on these pages, each with the page it was on, to be none at
 * the end: a script's uncaught error, or an error React logs (such as finding the server's French
 * page other than its own render). A resource the browser could not load (a request cut short by
 * the next navigation on a busy machine) is the network's, not the page's, and is left out.
 */
function browserErrors(page: Page) {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`${error.message} (${page.url()})`))
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(`${message.text()} (${page.url()})`)
    }
  })
  return errors
}

const expectFrench = (page: Page) => expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA')

/** French short months, as the Office québécois de la langue française abbreviates them. */
const MONTHS = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juill.', 'août', 'sept.', 'oct.', 'nov.', 'déc.']
const LONG_MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
]

/** '1er décembre 2026', '4 décembre 2026': a day as French writes it in full, the first of a month '1er'. */
function longDate(year: number, month: number, day: number) {
  return `${day === 1 ? '1er' : day} ${LONG_MONTHS[month - 1]} ${year}`
}

/**
 * A session of `minutes` from `hour`:`minute` on `date` (YYYY-MM-DD), as a French page writes it:
 * '4 déc. 2026', '4 décembre 2026', '9 h 00 – 10 h 30 HNE' (HAE in summer), and the day before
 * (the last day to cancel for a full refund).
 */
function inFrench(date: string, hour: number, minute: number, minutes: number) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const time = (total: number) => `${Math.floor(total / 60)} h ${String(total % 60).padStart(2, '0')}`
  const summer = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, timeZoneName: 'short' })
    .format(Date.UTC(year, month - 1, day, 17))
    .endsWith('EDT')
  const from = hour * 60 + minute
  const before = new Date(Date.UTC(year, month - 1, day - 1))
  return {
    date: `${day} ${MONTHS[month - 1]} ${year}`,
    longDate: longDate(year, month, day),
    dayBefore: longDate(before.getUTCFullYear(), before.getUTCMonth() + 1, before.getUTCDate()),
    start: time(from),
    zone: summer ? 'HAE' : 'HNE',
    span: `${time(from)} – ${time(from + minutes)} ${summer ? 'HAE' : 'HNE'}`,
  }
}

/** The day `offset` days from today in the accounts' zone, as YYYY-MM-DD. */
function dayFromToday(offset: number) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number, number]
  return new Date(Date.UTC(today[0], today[1] - 1, today[2] + offset)).toISOString().slice(0, 10)
}

/** '10 janvier 2027' from 2027-01-10. */
function longDay(date: string) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return longDate(year, month, day)
}

/** The service's id in the project's database. */
function serviceId(name: string) {
  const db = new Database(testDatabase(), { readonly: true, fileMustExist: true })
  try {
    return (db.prepare('SELECT id FROM services WHERE name = ?').get(name) as { id: number }).id
  } finally {
    db.close()
  }
}

test('a visitor who chose French browses, books, pays, answers the intake form and finds the session on the dashboard', async ({
  page,
}, testInfo) => {
  test.slow()
  const js = testInfo.project.name === 'js'
  const errors = browserErrors(page)
  // Amara asks an intake form before this service, written in French (her words, shown as written).
  const title = `Avant notre première rencontre (${testInfo.project.name})`
  const consent = 'Je comprends que ces séances ne remplacent pas des soins médicaux.'
  await signInAs(page, AMARA)
  const made = await page.request.post('/api/intake-forms', {
    data: {
      title,
      serviceIds: [serviceId(SERVICE)],
      questions: [
        { kind: 'short', label: 'Qu’aimeriez-vous changer en premier?', required: true },
        { kind: 'consent', label: consent, required: true },
      ],
    },
  })
  expect(made.status()).toBe(201)
  await page.context().clearCookies()

  // A visitor, in English until they choose French with the header's switch.
  await page.goto('/services')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA')
  await page.getByRole('banner').getByRole('button', { name: 'Français', exact: true }).click()
  await expect(page).toHaveURL(/\/services$/)
  await expectFrench(page)
  await expect(page.getByRole('heading', { name: 'Parcourir les services de mieux-être', level: 1 })).toBeVisible()

  await page.getByLabel('Catégorie').selectOption({ label: 'Santé holistique' })
  await page.getByRole('button', { name: 'Rechercher', exact: true }).click()
  await expect(page).toHaveURL(/category=Holistic/)
  await expect(page.getByRole('heading', { name: '3 services' })).toBeVisible()
  await page.getByRole('link', { name: SERVICE }).first().click()
  await expect(page).toHaveURL(/\/service-details\/\d+$/)
  await expect(page.getByRole('heading', { name: SERVICE, level: 1 })).toBeVisible()
  await expectFrench(page)

  // Signed up (an account keeps the language chosen before it), then the booking page, in French.
  await signUpClient(page, testInfo)
  await page.getByRole('link', { name: 'Réserver ce service' }).first().click()
  await expect(page).toHaveURL(/\/services\/\d+$/)
  await expect(page.getByRole('heading', { name: SERVICE, level: 1 })).toBeVisible()
  await expectFrench(page)

  const date = await pickDayAhead(page, 'Mois suivant')
  const time = page.getByRole('radio').first()
  const label = await time.evaluate((radio) => radio.closest('label')!.textContent!)
  // '9 h 00', with no-break spaces (a time is never cut across two lines).
  const [, hour, minute] = /^(\d{1,2})\u00a0h\u00a0(\d{2})$/.exec(label) ?? []
  expect(hour, `a time written in French, not "${label}"`).toBeTruthy()
  const session = inFrench(date, Number(hour), Number(minute), 90)
  await time.check()
  await page.getByRole('button', { name: 'Réserver et payer 150,00 $' }).click()
  if (js) await expectToast(page, 'Réservation créée!', 'Redirection vers le paiement sécurisé…')

  // The emulated Checkout, in French too.
  await expect(page).toHaveURL(/\/dev\/checkout\/cs_test_/)
  await expectFrench(page)
  await page.getByLabel('Numéro de carte').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Payer 150,00 $' }).click()

  await expect(page).toHaveURL(/\/bookings\/\d+$/)
  await expectFrench(page)
  await expectToast(page, 'Paiement réussi!')
  await expect(page.getByRole('heading', { name: 'Votre séance est réservée', level: 1 })).toBeVisible()
  const details = page.getByRole('definition')
  await expect(details.filter({ hasText: session.longDate })).toContainText(session.span)
  await expect(details.filter({ hasText: /^150,00\s\$$/ })).toBeVisible()
  await expect(details.filter({ hasText: /^Confirmée$/ })).toBeVisible()
  // « de » before a vowel is « d’ », in the server's page and the browser's alike.
  await expect(page.getByRole('link', { name: 'Profil d’Amara Nwosu' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Politique d’annulation' })).toContainText(
    `Annulation gratuite jusqu’au ${session.dayBefore}, ${session.start} ${session.zone} : annulez d’ici là pour obtenir un remboursement complet.`,
  )

  // The intake form, asked by this booking.
  await page.getByRole('link', { name: `Remplir le formulaire d’accueil : ${SERVICE}`, exact: true }).click()
  await expect(page).toHaveURL(/\/bookings\/\d+\/intake$/)
  await expectFrench(page)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(
    page.getByText(`Avant « ${SERVICE} », ${session.longDate}, ${session.start} ${session.zone}`),
  ).toBeVisible()
  await page.getByLabel('1. Qu’aimeriez-vous changer en premier? (obligatoire)', { exact: true }).fill('Mieux dormir')
  await page
    .getByLabel('Pour donner votre accord, tapez votre nom complet (Morgan Member)', { exact: true })
    .fill('Morgan Member')
  await page.getByRole('button', { name: 'Vérifier les réponses' }).click()
  await expect(page.getByRole('heading', { name: 'Vérifiez vos réponses' })).toBeVisible()
  await page.getByRole('button', { name: 'Envoyer les réponses' }).click()
  await expectToast(page, 'Formulaire d’accueil envoyé', 'Merci. Vos réponses ont été transmises à votre praticien.')
  await expect(page.getByText('Accepté, signé « Morgan Member » le ')).toBeVisible()
  await page.getByRole('link', { name: 'Retour à votre réservation' }).click()
  await expect(
    page.getByRole('link', { name: `Formulaire d’accueil envoyé : voir ce que vous avez envoyé pour ${SERVICE}` }),
  ).toBeVisible()

  // The client's dashboard.
  await page.getByRole('link', { name: 'Aller à Mes séances' }).click()
  await expect(page).toHaveURL(/\/client-dashboard$/)
  await expectFrench(page)
  await expect(page.getByRole('heading', { name: 'Bienvenue, Morgan', level: 1 })).toBeVisible()
  const card = page.getByRole('listitem').filter({ hasText: SERVICE })
  await expect(card).toContainText('confirmée')
  await expect(card).toContainText(`${session.date} · ${session.span} · 90 minutes · 150,00 $`)
  expect(errors).toEqual([])
})

test('a practitioner whose account is in French adds a time slot and sees it on the calendar', async ({ page }) => {
  const errors = browserErrors(page)
  await signInAs(page, JULIEN, { to: '/practitioner/settings' })
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA')
  await page.getByRole('radio', { name: 'Français' }).check()
  await page.getByRole('button', { name: 'Save language' }).click()
  await expect(page).toHaveURL(/\/practitioner\/settings$/)
  await expectFrench(page)
  await expect(page.getByRole('heading', { name: 'Paramètres', level: 1 })).toBeVisible()
  // The account keeps it, not only this browser: without the switch's cookie, still French.
  await page.context().clearCookies({ name: 'lng' })

  const day = dayFromToday(44)
  await page.goto(`/practitioner/calendar?date=${day}&month=${day.slice(0, 7)}`)
  await expectFrench(page)
  await expect(page.getByRole('heading', { name: 'Calendrier', level: 1 })).toBeVisible()
  await page.getByRole('link', { name: 'Ajouter une plage horaire' }).click()
  const dialog = page.getByRole('dialog', { name: 'Ajouter une plage horaire' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Service').selectOption({ label: 'Yoga Therapy for Back Pain (60 minutes)' })
  await dialog.locator(`input[type=checkbox][value="${day}"]`).check()
  await dialog.getByLabel('Heure de début').fill('14:00')
  await dialog.getByRole('button', { name: 'Ajouter une plage horaire' }).click()

  await expectToast(page, 'Plages horaires créées', '1 plage horaire créée')
  await expect(page).toHaveURL(new RegExp(`date=${day}`))
  await expectFrench(page)
  await expect(page.getByText('1 plage horaire', { exact: true })).toBeVisible()
  const slot = page.getByRole('list', { name: longDay(day) }).getByRole('listitem')
  await expect(slot).toHaveCount(1)
  await expect(slot).toContainText('14 h 00 – 15 h 00')
  await expect(slot).toContainText('Yoga Therapy for Back Pain · 105,00 $ · 60 minutes')
  await expect(slot).toContainText('Disponible')
  await expect(slot.getByRole('link', { name: 'Supprimer la plage horaire 14 h 00 – 15 h 00' })).toBeVisible()
  expect(errors).toEqual([])
})
