/**
 * The public marketplace and legal pages in French and in English (issue 48): the screens'
 * components rendered in each language, their loaders' dates, times and money in the reader's
 * language, the contact form's refusals from its action and its /api twin, the vocabulary of
 * categories and specialties, and a service's description in the reader's language.
 */
import { createRequire } from 'node:module'
import { createElement, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { beforeEach, describe, expect, test } from 'vitest'
import { MonthCalendar } from '~/components/marketplace/month-calendar'
import { PractitionerCard } from '~/components/marketplace/practitioner-card'
import { RichText } from '~/components/marketplace/rich-text'
import { ServiceCard } from '~/components/marketplace/service-card'
import { SERVICE_CATEGORIES } from '~/db/enums'
import { pageI18n } from '~/lib/i18n/i18n.server'
import type { Language } from '~/lib/i18n/languages'
import { CLIENT_IP_HEADER, resetAllLimits } from '~/lib/rate-limit.server'
import { getToast } from '~/lib/toast.server'
import { zonedTime } from '~/lib/zoned-time'
import enLegal from '~/locales/en/legal.json'
import enMarketplace from '~/locales/en/marketplace.json'
import enPractice from '~/locales/en/practice.json'
import frLegal from '~/locales/fr/legal.json'
import frMarketplace from '~/locales/fr/marketplace.json'
import { categoryKey } from '~/models/marketplace/categories'
import { descriptionFor } from '~/models/marketplace/description'
import type { ServiceCardData } from '~/models/marketplace/service'
import { getPopularServices } from '~/models/marketplace/service.server'
import { specialtyKey } from '~/models/marketplace/specialties'
import { SUGGESTED_SPECIALTIES } from '~/models/practice/profile'
import AboutPage from '~/routes/_public.about'
import * as contactScreen from '~/routes/_public.contact'
import * as profileScreen from '~/routes/_public.practitioners.$id'
import PrivacyPage from '~/routes/_public.privacy'
import * as bookingScreen from '~/routes/_public.services.$id'
import TermsPage from '~/routes/_public.terms'
import * as contactApi from '~/routes/api.contact'
import { requestContext } from '../../server/request-context.js'
import {
  createListedPractitioner,
  createUser,
  formReply,
  formRequest,
  getRequest,
  insertCompletedSession,
  insertReview,
  insertService,
  insertSlot,
  jsonRequest,
  routeArgs,
} from '../helpers'
import { inEnglish, inFrench } from '../helpers/i18n'
import type * as StaticRouterServer from 'react-router-dom/server'

// Required, not imported: the CommonJS build the server loads, whose context our Link reads.
const require = createRequire(import.meta.url)
const { StaticRouter } = require('react-router-dom/server') as typeof StaticRouterServer

const NBSP = '\u00a0'
const FRENCH = { 'Accept-Language': 'fr-CA,fr;q=0.9' }

/** A component as the server renders it for a page in `language`. */
function render(language: Language, element: ReactNode) {
  const { i18n } = pageI18n(language)
  return renderToString(
    createElement(StaticRouter, { location: '/' }, createElement(I18nextProvider, { i18n }, element)),
  )
}

/** Visible text only, with HTML's entities read back. */
function textOf(html: string) {
  return (
    html
      .replace(/<[^>]*>/g, ' ')
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
      // Runs of ordinary white space only: French keeps its no-break spaces.
      .replace(/[ \t\n]+/g, ' ')
  )
}

function keysOf(catalogue: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`) : [prefix + key],
  )
}

const service = (overrides: Partial<ServiceCardData> = {}): ServiceCardData => ({
  id: 7,
  name: 'Stress Resilience Coaching',
  description: 'Tools for hard days.',
  descriptionLanguage: 'en',
  descriptionTranslation: 'Des outils pour les jours difficiles.',
  category: 'Mental Wellness',
  price: 49.99,
  duration: 60,
  imageUrl: null,
  rating: 4.5,
  reviewCount: 2,
  isFreeIntro: false,
  taxKind: 'none',
  taxName: null,
  practitionerId: 3,
  practitioner: { id: 3, firstName: 'Maya', lastName: 'Chen', profileImageUrl: null },
  ...overrides,
})

beforeEach(resetAllLimits)

describe('the catalogues', () => {
  test('marketplace and legal have the same keys in both languages, none empty', () => {
    expect(keysOf(frMarketplace).sort()).toEqual(keysOf(enMarketplace).sort())
    expect(keysOf(frLegal).sort()).toEqual(keysOf(enLegal).sort())
    for (const text of [...JSON.stringify(frMarketplace).split('"'), ...JSON.stringify(frLegal).split('"')]) {
      expect(text).not.toMatch(/\.\.\.|'/)
    }
  })
})

describe('a service’s description in the reader’s language', () => {
  test('the translation for a reader of the other language, the description as written otherwise', () => {
    const english = service()
    expect(descriptionFor(english, 'en')).toBe('Tools for hard days.')
    expect(descriptionFor(english, 'fr')).toBe('Des outils pour les jours difficiles.')

    const french = service({
      description: 'Une heure de yoga doux.',
      descriptionLanguage: 'fr',
      descriptionTranslation: 'An hour of gentle yoga.',
    })
    expect(descriptionFor(french, 'fr')).toBe('Une heure de yoga doux.')
    expect(descriptionFor(french, 'en')).toBe('An hour of gentle yoga.')
  })

  test('without a translation (none, or blank) every reader gets the description as written', () => {
    expect(descriptionFor(service({ descriptionTranslation: null }), 'fr')).toBe('Tools for hard days.')
    expect(descriptionFor(service({ descriptionTranslation: '  \n' }), 'fr')).toBe('Tools for hard days.')
  })

  test('the catalogue carries both texts, and each card shows its reader’s', async () => {
    const practitioner = await createListedPractitioner({ firstName: 'Inès', lastName: 'Roy' })
    const { id } = insertService(practitioner.id, {
      name: 'Yoga doux',
      description: 'Une heure de yoga doux pour bien commencer la journée.',
      descriptionLanguage: 'fr',
      descriptionTranslation: 'A gentle hour of yoga to start the day.',
      category: 'Yoga',
      priceCents: 1500,
      rating: 5,
      reviewCount: 1,
    })
    const card = getPopularServices(50).find((one) => one.id === id)!
    expect(card).toMatchObject({ descriptionLanguage: 'fr', descriptionTranslation: expect.any(String) })
    expect(render('fr', createElement(ServiceCard, { service: card }))).toContain('Une heure de yoga doux')
    expect(render('en', createElement(ServiceCard, { service: card }))).toContain('A gentle hour of yoga')
  })
})

describe('cards', () => {
  test('a service card in French: category, price, duration, reviews and buttons', () => {
    const text = textOf(render('fr', createElement(ServiceCard, { service: service({ price: 1234.5 }) })))
    expect(text).toContain('Santé mentale')
    expect(text).toContain(`1${NBSP}234,50${NBSP}$`)
    expect(text).toContain(`· 60${NBSP}min`)
    expect(text).toContain(`4,5 (2${NBSP}avis)`)
    expect(text).toContain('Réserver')
    expect(text).toContain('Voir les détails du service')
    expect(text).toContain('Des outils pour les jours difficiles.')
    expect(text).not.toMatch(/Book Now|CAD|reviews/)
  })

  test('the same card in English is as before', () => {
    const text = textOf(render('en', createElement(ServiceCard, { service: service({ price: 0 }) })))
    expect(text).toContain('Mental Wellness')
    expect(text).toContain('Free')
    expect(text).toContain('· 60 min')
    expect(text).toContain('4.5 (2 reviews)')
    expect(text).toContain('Book Now')
    expect(text).toContain('See Service Details')
    expect(text).toContain('Tools for hard days.')
  })

  test('a practitioner card names known specialties in French, and custom ones as written', () => {
    const practitioner = {
      id: 3,
      firstName: 'Maya',
      lastName: 'Chen',
      profileImageUrl: null,
      title: 'Wellness Guide',
      bio: 'Calm and kind.',
      specialties: ['Stress Management', "women's health", 'Forest Bathing'],
      rating: 4,
      reviewCount: 1,
    }
    const french = textOf(render('fr', createElement(PractitionerCard, { practitioner })))
    expect(french).toContain('Gestion du stress')
    expect(french).toContain('Santé des femmes')
    expect(french).toContain('Forest Bathing')
    expect(french).toContain(`(1${NBSP}avis)`)
    expect(french).toContain('Voir le profil')
    const english = textOf(render('en', createElement(PractitionerCard, { practitioner })))
    expect(english).toContain("Stress Management women's health Forest Bathing")
    expect(english).toContain('(1 review)')
    // No specialty: the spec's fallback, in the reader's language.
    const none = render('fr', createElement(PractitionerCard, { practitioner: { ...practitioner, specialties: [] } }))
    expect(textOf(none)).toContain('Consultation générale')
  })

  test('every category and every suggested specialty has words in both languages', () => {
    for (const category of SERVICE_CATEGORIES) expect(categoryKey(category), category).not.toBeNull()
    // The suggestions are the practice catalogue's keys; what is saved is their English name.
    const suggested = SUGGESTED_SPECIALTIES.map((key) => enPractice.suggestedSpecialties[key])
    for (const specialty of [...suggested, 'General Consultation']) {
      const key = specialtyKey(specialty)
      expect(key, specialty).not.toBeNull()
      expect(enMarketplace.specialties[key!]).toBe(specialty)
    }
    expect(categoryKey('Astrology')).toBeNull()
    expect(specialtyKey('Forest Bathing')).toBeNull()
  })
})

describe('marked-up texts', () => {
  test('each tag becomes its element around its words; a person’s value stays text', () => {
    const html = render(
      'fr',
      createElement(RichText, {
        text: '{{firstName}} vous répondra dans votre <link>messagerie</link>.',
        values: { firstName: '<link>Ana</link> & co' },
        components: { link: createElement('a', { href: '/client-inbox' }) },
      }),
    )
    expect(html).toBe(
      '&lt;link&gt;Ana&lt;/link&gt; &amp; co vous répondra dans votre <a href="/client-inbox">messagerie</a>.',
    )
  })
})

describe('pages without a loader', () => {
  test('terms and privacy are whole in French, with their links, and as before in English', () => {
    const terms = render('fr', createElement(TermsPage))
    expect(terms).toContain('Conditions d’utilisation')
    expect(terms).toMatch(/notre <a [^>]*href="\/privacy"[^>]*>politique de confidentialité<\/a>/)
    expect(terms).toContain('<strong>Solace ne donne pas d’avis médicaux.</strong>')
    expect(terms).toMatch(/href="#medical-disclaimer"[^>]*>4<!-- -->\. <!-- -->Avertissement médical<\/a>/)
    expect(textOf(terms)).toContain(`95${NBSP}% des frais de séance`)

    const privacy = render('fr', createElement(PrivacyPage))
    expect(privacy).toContain('<a href="#contact" class="text-primary underline">Nous joindre</a>')
    expect(privacy).toContain('<strong>Renseignements du compte</strong>')
    expect(privacy).toContain('href="mailto:privacy@solace.test"')
    expect(textOf(privacy)).toContain(`du lundi au vendredi, de 9${NBSP}h à 18${NBSP}h (HNE)`)

    const english = textOf(render('en', createElement(TermsPage)))
    expect(english).toContain(
      'you agree to these Terms of Service and to our Privacy Policy . If you do not agree, please do not use Solace.',
    )
    expect(english).toContain('10 . Contact')
    const englishPrivacy = textOf(render('en', createElement(PrivacyPage)))
    expect(englishPrivacy).toContain('For anything you cannot do from your settings, write to us (see Contact us ).')
    for (const page of [terms, privacy]) {
      // No key shows instead of its text.
      expect(textOf(page)).not.toMatch(/\b(terms|privacy)\.[a-z]+\.[a-z]/)
    }
  })

  test('about is in French', () => {
    const text = textOf(render('fr', createElement(AboutPage)))
    expect(text).toContain('Le mieux-être à la portée de tous')
    expect(text).toContain('Je suis praticien')
    expect(text).not.toContain('Our mission')
  })
})

describe('loaders in the reader’s language', () => {
  // Tuesday, December 3, 2030 at 2 PM in Toronto (EST), well ahead of any test clock.
  const day = { year: 2030, month: 12, day: 3 }
  const startTime = zonedTime(day, 14 * 60, 'America/Toronto')

  async function bookingPage(headers: Record<string, string>) {
    const practitioner = await createListedPractitioner()
    const { id } = insertService(practitioner.id, { name: 'Deep Rest', priceCents: 4999 })
    insertSlot({ practitionerId: practitioner.id, serviceId: id, startTime })
    return bookingScreen.loader(
      routeArgs(getRequest(`/services/${id}?date=2030-12-03`, { headers }), { id: String(id) }),
    ) as Promise<{ bookLabel: string; dateLabel: string; zoneLabel: string; slots: { label: string }[] }>
  }

  test('the booking page in French: the button’s total, the day, its times and the zone', async () => {
    const page = await bookingPage(FRENCH)
    expect(page.bookLabel).toBe(`Réserver et payer 49,99${NBSP}$`)
    expect(page.dateLabel).toBe('3 décembre 2030')
    expect(page.zoneLabel).toBe('America/Toronto (HNE)')
    expect(page.slots.map((slot) => slot.label)).toEqual([`14${NBSP}h${NBSP}00`])
  })

  test('the booking page in English is as before', async () => {
    const page = await bookingPage({})
    expect(page.bookLabel).toBe('Book & Pay $49.99 CAD')
    expect(page.dateLabel).toBe('December 3, 2030')
    expect(page.zoneLabel).toBe('America/Toronto (EST)')
    expect(page.slots.map((slot) => slot.label)).toEqual(['2:00 PM'])
  })

  test('the month’s days are named as the times’ legend names them: the first of a month is “1er” in French', () => {
    const days = (language: Language) => {
      const html = render(
        language,
        createElement(MonthCalendar, {
          month: { year: 2026, month: 12 },
          today: '2026-11-28',
          selected: '2026-12-03',
          markedDays: ['2026-12-01'],
          hrefFor: ({ date }) => `/services/7?date=${date}`,
        }),
      )
      return [...html.matchAll(/aria-label="([^"]*)"/g)].map(([, label]) => label)
    }
    const french = days('fr')
    expect(french).toContain('mardi 1er décembre 2026, heures disponibles')
    expect(french).toContain('jeudi 3 décembre 2026')
    expect(french).toContain('vendredi 1er janvier 2027')
    expect(french).toContain('mardi 29 décembre 2026')
    const english = days('en')
    expect(english).toContain('Tuesday, December 1, 2026, open times available')
    expect(english).toContain('Friday, January 1, 2027')
  })

  test('a profile’s reviews are dated in the reader’s language', async () => {
    const practitioner = await createListedPractitioner()
    const client = await createUser()
    const { id: serviceId } = insertService(practitioner.id, { name: 'Deep Rest' })
    const session = insertCompletedSession({ clientId: client.id, practitionerId: practitioner.id, serviceId })
    insertReview({
      bookingId: session.id,
      clientId: client.id,
      practitionerId: practitioner.id,
      serviceId,
      rating: 5,
      content: 'Wonderful.',
      createdAt: new Date('2026-11-21T17:00:00Z'),
    })
    const profile = async (headers: Record<string, string>) =>
      (await profileScreen.loader(
        routeArgs(getRequest(`/practitioners/${practitioner.id}`, { headers }), { id: String(practitioner.id) }),
      )) as { reviews: { dateLabel: string }[] }
    expect((await profile(FRENCH)).reviews[0]!.dateLabel).toBe('21 nov. 2026')
    expect((await profile({})).reviews[0]!.dateLabel).toBe('Nov 21, 2026')
  })
})

describe('the contact form in French', () => {
  const empty = { name: '', email: 'maya', subject: ' ', message: '' }
  const contact = { name: 'Maya Chen', email: 'maya@example.com', subject: 'Question', message: 'Hello' }

  test('its action’s refusals read in French, and the same in English as the spec words them', async () => {
    const answer = formReply(
      await contactScreen.action(routeArgs(formRequest('/contact', empty, { ip: '203.0.113.40', headers: FRENCH }))),
    )
    expect(answer.status).toBe(400)
    const errors = answer.result.error as Record<string, string[]>
    expect(inFrench(errors.name![0]!)).toBe('Le nom est obligatoire')
    expect(inFrench(errors.subject![0]!)).toBe('L’objet est obligatoire')
    expect(inFrench(errors.message![0]!)).toBe('Le message est obligatoire')
    expect(inEnglish(errors.name![0]!)).toBe('Name is required')
    expect(inEnglish(errors.subject![0]!)).toBe('Subject is required')
  })

  test('its thanks read in French', async () => {
    const response = (await contactScreen.action(
      routeArgs(formRequest('/contact', contact, { ip: '203.0.113.41', headers: FRENCH })),
    )) as Response
    expect(response.status).toBe(302)
    const cookie = response.headers.get('Set-Cookie')!.split(';')[0]!
    const { toast } = await getToast(new Request('http://localhost/', { headers: { Cookie: cookie } }))
    expect(inFrench(toast!.title)).toBe('Message envoyé!')
    expect(inFrench(toast!.description!)).toBe('Merci de nous avoir écrit. Nous vous répondrons en moins de 24 heures.')
  })

  test('POST /api/contact answers in the request’s language', async () => {
    const inFrenchRequest = <T>(run: () => Promise<T>) =>
      requestContext.run(
        { id: 'test', method: 'POST', route: null, pathname: '/api/contact', userId: null, language: 'fr' },
        run,
      )
    const send = (body: unknown) =>
      inFrenchRequest(
        () =>
          contactApi.action(
            routeArgs(jsonRequest('/api/contact', 'POST', body, { headers: { [CLIENT_IP_HEADER]: '203.0.113.42' } })),
          ) as Promise<Response>,
      )
    const refused = await send({ ...contact, name: '' })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ message: 'Le nom est obligatoire' })
    const sent = await send(contact)
    expect(sent.status).toBe(201)
    expect(await sent.json()).toEqual({ message: 'Message envoyé', id: expect.any(Number) })
  })
})
