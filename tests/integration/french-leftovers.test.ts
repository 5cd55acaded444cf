import { createRequire } from 'node:module'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider, Trans } from 'react-i18next'
import { describe, expect, test } from 'vitest'
import { RichText } from '~/components/marketplace/rich-text'
import { OwnServiceCard } from '~/components/practice/own-service-card'
import { bodyTooLarge } from '~/lib/api.server'
import { formatBytes } from '~/lib/body.server'
import { unknownForm } from '~/lib/forms.server'
import { CATALOGUES } from '~/lib/i18n/catalogues.server'
import { withDe } from '~/lib/i18n/elision'
import { pageI18n, tFor } from '~/lib/i18n/i18n.server'
import { LANGUAGES, NAMESPACES, type Language } from '~/lib/i18n/languages'
import { msg } from '~/lib/i18n/message'
import type { OwnService } from '~/models/practice/service-form'
import * as clientDashboard from '~/routes/_client.client-dashboard'
import { TOO_LARGE } from '../../server/body-limit.js'
import { requestContext } from '../../server/request-context.js'
import { createUser, formRequest, routeArgs, settle, signIn } from '../helpers'
import { inEnglish, inFrench, shown } from '../helpers/i18n'
import { entriesOf, readCatalogue, tagsOf } from '../languages/catalogue-entries'
import type * as StaticRouterServer from 'react-router-dom/server'

/**
 * Texts the first French work left in English (issue 48): each in the reader's language, its
 * English unchanged.
 */

// Required, not imported: the CommonJS build the server renders with, whose contexts our Link reads.
const { StaticRouter } = createRequire(import.meta.url)('react-router-dom/server') as typeof StaticRouterServer

/** HTML's empty elements: react-i18next's parser (void-elements) closes them at once. */
const VOID_ELEMENTS = new Set('area base br col embed hr img input link meta param source track wbr'.split(' '))

/** Run as the server answers a request in this language. */
function inRequest<T>(language: Language, run: () => T) {
  return requestContext.run({ id: 'test', method: 'POST', route: null, pathname: '/', userId: null, language }, run)
}

describe('the shared refusals', () => {
  test('an unknown form is a 400 saying so in the request’s language', async () => {
    const english = inRequest('en', unknownForm)
    expect(english.status).toBe(400)
    expect(await english.text()).toBe('Unknown form')
    const french = inRequest('fr', unknownForm)
    expect(french.status).toBe(400)
    expect(await french.text()).toBe('Formulaire inconnu')
  })

  test('a screen’s action answers an unknown form in its reader’s language, whatever their browser says', async () => {
    const french = await createUser({ firstName: 'Camille', language: 'fr' })
    const english = await createUser({ firstName: 'Casey' })
    const post = async (cookie: string) => {
      const answer = (await inRequest('en', () =>
        settle(() =>
          clientDashboard.action(routeArgs(formRequest('/client-dashboard', { intent: 'something-else' }, { cookie }))),
        ),
      )) as Response
      return { status: answer.status, text: await answer.text() }
    }
    expect(await post(await signIn(french.id))).toEqual({ status: 400, text: 'Formulaire inconnu' })
    expect(await post(await signIn(english.id))).toEqual({ status: 400, text: 'Unknown form' })
  })

  test('a body too large names its cap in KB in English, in Ko in French', async () => {
    expect(inEnglish(formatBytes(256 * 1024))).toBe('256 KB')
    expect(inFrench(formatBytes(256 * 1024))).toBe('256 Ko')
    expect(inFrench(formatBytes(7.4 * 1024 * 1024))).toBe('7,4 Mo')
    expect(await inRequest('en', () => bodyTooLarge(48 * 1024)).json()).toEqual({
      message: 'The request body is too large (at most 48 KB).',
    })
    const french = (await inRequest('fr', () => bodyTooLarge(48 * 1024)).json()) as { message: string }
    expect(french.message).toContain('48 Ko')
    expect(french.message).not.toContain('KB')
  })

  test('the server’s own cap, before the app, says the same words as the catalogues', () => {
    const capMessage = (language: Language) =>
      shown(msg('common:api.bodyTooLarge', { size: formatBytes(11 * 1024 * 1024) }), language)
    expect(TOO_LARGE.en(11)).toBe(capMessage('en'))
    expect(TOO_LARGE.en(11)).toBe('The request body is too large (at most 11 MB).')
    expect(TOO_LARGE.fr(11)).toBe(capMessage('fr'))
    expect(TOO_LARGE.fr(11)).toContain('11 Mo')
  })
})

describe('texts with markup', () => {
  test('no catalogue text wraps words in a tag HTML calls empty (react-i18next drops what <link> holds)', () => {
    const problems: string[] = []
    for (const language of LANGUAGES) {
      for (const ns of NAMESPACES) {
        for (const { key, value } of entriesOf(ns, readCatalogue(language, ns) ?? {})) {
          if (typeof value !== 'string') continue
          for (const tag of tagsOf(value)) {
            if (VOID_ELEMENTS.has(tag) && new RegExp(`<${tag}>`).test(value))
              problems.push(`${language} ${key}: <${tag}>`)
          }
        }
      }
    }
    expect(problems).toEqual([])
  })

  test('the linked sentences render every word, the link’s inside it, in both languages', () => {
    const cases = [
      ['marketplace:lead.earlyAccess.questions', 'Contact our team', 'Communiquez avec notre équipe'],
      ['marketplace:lead.privacyNote', 'Privacy Policy', 'politique de confidentialité'],
      ['marketplace:ask.willReply', 'inbox', 'messagerie'],
    ] as const
    for (const [key, englishLink, frenchLink] of cases) {
      for (const [language, linkWords] of [
        ['en', englishLink],
        ['fr', frenchLink],
      ] as const) {
        const text = tFor(language)(key as never, { firstName: '{{firstName}}' }) as string
        const html = renderToStaticMarkup(
          createElement(RichText, {
            text,
            components: { a: createElement('a', { href: '/x' }) },
            values: { firstName: 'Maya' },
          }),
        )
        expect(html, `${language} ${key}`).toContain(`<a href="/x">${linkWords}</a>`)
        expect(html.replace(/<[^>]+>/g, ''), `${language} ${key}`).toBe(
          text.replace(/<\/?a>/g, '').replace('{{firstName}}', 'Maya'),
        )
        // Trans, used on signed-in pages, renders the same words with an <a>.
        const trans = renderToStaticMarkup(
          createElement(Trans, {
            i18n: pageI18n(language).i18n,
            i18nKey: key as never,
            values: { firstName: 'Maya' },
            components: { a: createElement('a', { href: '/x' }) },
          }),
        )
        expect(trans, `${language} ${key} through Trans`).toContain(`<a href="/x">${linkWords}</a>`)
      }
    }
  })
})

describe('one copy of each shared word', () => {
  test('the catalogues hold categories, taxes, countries and the error title once', () => {
    for (const language of LANGUAGES) {
      const catalogue = CATALOGUES[language] as Record<string, Record<string, unknown>>
      expect(catalogue.practice).not.toHaveProperty('categories')
      expect(catalogue.practice).not.toHaveProperty('taxes')
      expect(catalogue.admin).not.toHaveProperty('countries')
      expect(catalogue.records!.toasts).not.toHaveProperty('error')
      expect(catalogue.marketplace).toHaveProperty('categories.mentalWellness')
      expect(catalogue.billing).toHaveProperty('taxes.gst_qst')
      expect(catalogue.auth).toHaveProperty('countries.CA')
      expect(catalogue.common).toHaveProperty('toast.error')
    }
  })

  test('a practitioner’s own service card names its category from the marketplace’s words', () => {
    const service = {
      id: 1,
      name: 'Calm mind',
      category: 'Mental Wellness',
      price: 40,
      duration: 60,
      imageUrl: null,
      isActive: true,
      isFreeIntro: false,
    } as unknown as OwnService
    const card = (language: Language) =>
      renderToStaticMarkup(
        createElement(
          I18nextProvider,
          { i18n: pageI18n(language).i18n },
          createElement(
            StaticRouter,
            { location: '/practitioner/services' },
            createElement(OwnServiceCard, { service }),
          ),
        ),
      )
    expect(card('fr')).toContain('Santé mentale')
    expect(card('en')).toContain('Mental Wellness')
  })
})

describe("« de » before a name (a person's, a service's, a place's)", () => {
  test('is « d’ » before a vowel in French, in pages and emails alike', () => {
    expect(withDe('Amara')).toBe('d’Amara')
    expect(withDe('Élise')).toBe('d’Élise')
    expect(withDe('Julien')).toBe('de Julien')
    expect(withDe('Hugo')).toBe('de Hugo')
    expect(tFor('fr', 'booking')('confirmation.profileOf', { name: 'Amara Nwosu' })).toBe('Profil d’Amara Nwosu')
    expect(tFor('fr', 'booking')('confirmation.profileOf', { name: 'Julien Tremblay' })).toBe(
      'Profil de Julien Tremblay',
    )
    expect(tFor('fr', 'records')('aiDemo.whoNamed', { firstName: 'Omar' })).toBe('Le dossier d’Omar')
    expect(tFor('fr', 'emails')('billing.sentAgain.subject', { number: 'R-1', practitioner: 'Amara Nwosu' })).toBe(
      'Reçu R-1 d’Amara Nwosu',
    )
    expect(tFor('en', 'booking')('confirmation.profileOf', { name: 'Amara Nwosu' })).toBe("Amara Nwosu's profile")
    // A service's name and a place's are names too.
    expect(tFor('fr', 'waitlist')('mine.leave', { service: 'Acupuncture Intake' })).toBe(
      'Quitter la liste d’attente d’Acupuncture Intake',
    )
    expect(
      tFor('fr', 'account')('sessions.seenNear', { place: 'Ottawa', firstSeen: '1er mai', lastSeen: '2 mai' }),
    ).toBe('Près d’Ottawa · Connexion le 1er mai · Dernière activité le 2 mai')
  })

  test('every French text that puts a name after « de » says so with the format', () => {
    const names = /\bde \{\{(name|firstName|practitioner|client|service|place)\}\}/
    const problems = NAMESPACES.flatMap((ns) =>
      entriesOf(ns, readCatalogue('fr', ns) ?? {})
        // A file's name, not a person's, follows « de » while it uploads.
        .filter(
          ({ key, value }) => key !== 'records:upload.uploadingLabel' && typeof value === 'string' && names.test(value),
        )
        .map(({ key }) => key),
    )
    expect(problems).toEqual([])
  })
})
