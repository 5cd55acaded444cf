import fs from 'node:fs'
import path from 'node:path'
import { generateTOTP } from '@epic-web/totp'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ACTORS, crawler, readIds, writeFixtures, type Actor, type CrawlIds } from '../replica/crawl'
import { seedDatabase, startApp, tempDir, type App } from '../replica/replica-cluster'
import { foreignTextFinder, unchangedTextFinder } from './foreign-text'
import { pageText } from './page-text'
import { checkPage, coverage, readScreens, report, screenTargets, unchangedReadings, type Reading } from './screens'
import { userContentOf, type UserContent } from './user-content'
import type { Language } from './catalogue-entries'

/**
 * Solace in French and in English (docs/decisions/052-languages.md), on the production build:
 * which language a page is in (a person's choice, else the switch's cookie, else the browser's
 * Accept-Language, else English), the switch without JavaScript, the catalogues a page carries;
 * and every screen of the route table read in each language as a visitor, a client, a
 * practitioner and an admin, with no catalogue key shown raw and no text of the other language
 * outside what people wrote.
 */

const BUILD_DIR = process.env.BUILD_DIR ?? 'build'
const SETTINGS = {
  NODE_ENV: 'production',
  BUILD_DIR,
  HOST: '127.0.0.1',
  // Local test values only.
  SESSION_SECRET: 'languages-session-secret-for-local-tests-only-0123',
  DOCUMENTS_ENCRYPTION_KEY: 'f7e5'.repeat(16),
  ALLOW_EMULATED_PAYMENTS: 'true',
  RATE_LIMIT_FACTOR: '1000',
}

let app: App
let ids: CrawlIds
let written: UserContent
const crawl = crawler()
/** Every screen as each pass read it, for comparing the two. */
const read: Record<Language, Reading[]> = { en: [], fr: [] }

/** The demo admin's authenticator app, so the admin area opens (test value only), and its codes' kind. */
const ADMIN_AUTHENTICATOR = 'LANGUAGESTESTSECRETAAAAA'
const TOTP = { algorithm: 'SHA-1', digits: 6, period: 30 } as const

beforeAll(async () => {
  const dir = tempDir('languages')
  seedDatabase(path.join(dir, 'solace.db'), ['--admin-authenticator', ADMIN_AUTHENTICATOR])
  app = await startApp(dir, SETTINGS)
  for (const actor of ['client', 'practitioner'] as const) await crawl.signIn(app, actor)
  await crawl.signIn(app, 'admin', async () => (await generateTOTP({ secret: ADMIN_AUTHENTICATOR, ...TOTP })).otp)
  await writeFixtures(app, crawl)
  ids = readIds(app.database)
  written = userContentOf(app.database)
})

afterAll(async () => {
  await app?.stop()
  if (app) fs.rmSync(app.dir, { recursive: true, force: true })
})

/** A page as `actor` asks for it with these headers: its answer and what it shows. */
async function page(actor: Actor, target: string, headers: Record<string, string> = {}) {
  const answer = await crawl.call(app, actor, target, { headers })
  const html = await answer.text()
  return { answer, html, ...pageText(html) }
}

function languageOf(email: string) {
  const db = new Database(app.database, { readonly: true })
  try {
    return (db.prepare('SELECT language FROM users WHERE email = ?').get(email) as { language: string | null }).language
  } finally {
    db.close()
  }
}

/** The header's switch, as a browser without JavaScript posts it. */
function choose(actor: Actor, language: string, redirectTo: string) {
  return crawl.call(app, actor, '/language', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: app.url },
    body: new URLSearchParams({ language, redirectTo }).toString(),
  })
}

describe('which language a page is in', () => {
  test('the browser’s Accept-Language: French for fr-CA and fr, English for en, de or none', async () => {
    for (const [acceptLanguage, lang] of [
      ['fr-CA,fr;q=0.9,en;q=0.8', 'fr-CA'],
      ['fr', 'fr-CA'],
      ['de-DE,de;q=0.9,fr;q=0.5', 'fr-CA'],
      ['en-CA,en;q=0.9', 'en-CA'],
      ['de', 'en-CA'],
      ['', 'en-CA'],
    ] as const) {
      const home = await page('visitor', '/', acceptLanguage ? { 'Accept-Language': acceptLanguage } : {})
      expect(home.lang, acceptLanguage).toBe(lang)
      expect(home.catalogues?.language, acceptLanguage).toBe(lang.slice(0, 2))
      expect(home.texts).toContain(lang === 'fr-CA' ? 'Aller au contenu' : 'Skip to content')
    }
  })

  test('the switch’s cookie beats Accept-Language', async () => {
    expect((await page('visitor', '/', { 'Accept-Language': 'en-CA', Cookie: 'lng=fr' })).lang).toBe('fr-CA')
    expect((await page('visitor', '/services', { 'Accept-Language': 'fr-CA', Cookie: 'lng=en' })).lang).toBe('en-CA')
    // A cookie that names no language of ours leaves it to the browser.
    expect((await page('visitor', '/', { 'Accept-Language': 'fr-CA', Cookie: 'lng=de' })).lang).toBe('fr-CA')
  })

  test('a signed-in person’s language beats the cookie and the browser, and is set with PATCH /api/auth/update-account', async () => {
    const saved = await crawl.call(app, 'client', '/api/auth/update-account', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Origin: app.url, 'Accept-Language': 'en-CA' },
      body: JSON.stringify({ language: 'fr' }),
    })
    expect(saved.status).toBe(200)
    expect(await saved.json()).toMatchObject({ user: { language: 'fr' } })
    const french = await page('client', '/client-dashboard', { 'Accept-Language': 'en-CA', Cookie: 'lng=en' })
    expect(french.answer.status).toBe(200)
    expect(french.lang).toBe('fr-CA')
    await crawl.call(app, 'client', '/api/auth/update-account', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Origin: app.url },
      body: JSON.stringify({ language: 'en' }),
    })
    expect((await page('client', '/client-dashboard', { 'Accept-Language': 'fr-CA', Cookie: 'lng=fr' })).lang).toBe(
      'en-CA',
    )
  })

  test('the switch without JavaScript: a plain form post keeps the choice in a cookie and goes back to the page', async () => {
    const answer = await choose('visitor', 'fr', '/services?search=yoga')
    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe('/services?search=yoga')
    const cookie = answer.headers.getSetCookie().find((one) => one.startsWith('lng='))
    expect(cookie).toMatch(/^lng=fr; Path=\/; Max-Age=\d+; SameSite=Lax$/)
    expect((await page('visitor', '/services?search=yoga', { Cookie: cookie!.split(';')[0]! })).lang).toBe('fr-CA')
    // Only back to a page of ours; a language we do not speak changes nothing.
    for (const elsewhere of ['https://evil.test/', '//evil.test', '/\\evil.test']) {
      expect((await choose('visitor', 'fr', elsewhere)).headers.get('location'), elsewhere).toBe('/')
    }
    const refused = await choose('visitor', 'de', '/about')
    expect(refused.headers.get('location')).toBe('/about')
    expect(refused.headers.getSetCookie()).toEqual([])
  })

  test('signed in, the switch saves the account’s language (its emails follow it)', async () => {
    const answer = await choose('practitioner', 'fr', '/practitioner/dashboard')
    expect(answer.status).toBe(302)
    expect(languageOf('practitioner@solace.test')).toBe('fr')
    const dashboard = await page('practitioner', '/practitioner/dashboard', { 'Accept-Language': 'en-CA' })
    expect(dashboard.lang).toBe('fr-CA')
    await choose('practitioner', 'en', '/')
    expect(languageOf('practitioner@solace.test')).toBe('en')
  })

  test('the choice a visitor made survives signing in', async () => {
    const db = new Database(app.database, { readonly: true })
    const { email } = db
      .prepare(
        "SELECT email FROM users WHERE language IS NULL AND is_admin = 0 AND is_practitioner = 0 AND email <> 'client@solace.test' ORDER BY id LIMIT 1",
      )
      .get() as { email: string }
    db.close()
    const signedIn = await crawl.call(app, 'visitor', '/api/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: 'lng=fr' },
      body: JSON.stringify({ email, password: 'Solace-demo-2026' }),
    })
    expect(signedIn.status).toBe(200)
    expect(languageOf(email)).toBe('fr')
  })

  test('a page carries the catalogues of the namespaces it reads, in its language, never emails or files', async () => {
    const home = await page('visitor', '/', { 'Accept-Language': 'fr-CA' })
    expect(home.catalogues?.language).toBe('fr')
    expect(home.catalogues?.namespaces).toContain('common')
    for (const ns of ['records', 'admin', 'emails', 'files']) {
      expect(home.catalogues?.namespaces, ns).not.toContain(ns)
    }
  })
})

describe('every screen in each language, as each person', () => {
  test('the check finds what it must and nothing else, on a page known to be in French', async () => {
    const home = await page('visitor', '/', { 'Accept-Language': 'fr-CA' })
    const french = foreignTextFinder('fr', written)
    expect(home.texts).toContain('Aller au contenu')
    expect(checkPage(home.html, 'fr', french).findings.filter((one) => one.run === 'Aller au contenu')).toEqual([])
    // The same page with its skip link left in English, a raw key, and a sentence of English.
    const broken = home.html
      .replace('Aller au contenu', 'Skip to content')
      .replace('</main>', '<p>marketplace:cards.bookNow</p><p>Thanks for your visit</p></main>')
    const findings = checkPage(broken, 'fr', french).findings.map(({ text, why }) => `${why}: ${text}`)
    expect(findings).toEqual(
      expect.arrayContaining([
        'English text of common:layout.skipToContent: skip to content',
        'a catalogue key shown raw: marketplace:cards.bookNow',
        'English word: for',
        'English word: your',
      ]),
    )
    // What people wrote is theirs, in any language: a seeded practitioner's English bio is no finding.
    const bio = (await page('visitor', `/practitioners/${ids.practitioner}`, { 'Accept-Language': 'fr-CA' })).texts
    expect(bio.some((run) => / the | and /.test(run) && written.strip(run) === '')).toBe(true)
    // And in English, French is found.
    const english = foreignTextFinder('en', written)
    expect(english({ lang: 'en-CA', texts: ['Aller au contenu', 'Réservez votre séance'], catalogues: null })).toEqual(
      expect.arrayContaining([expect.objectContaining({ why: 'French text of common:layout.skipToContent' })]),
    )
    // A text the same in both renders was not translated, unless both catalogues use its words
    // or it is what people wrote, a number or a place.
    const texts = ['Notifications', 'Book Now', 'Ada Replica', '49,99 $', 'Toronto (UTC−05:00)', 'Solace']
    const same = unchangedTextFinder(written)(
      { lang: 'en-CA', texts, catalogues: null },
      { lang: 'fr-CA', texts, catalogues: null },
    )
    expect(same.map((finding) => finding.run)).toEqual(['Book Now'])
  })

  test.each(['fr', 'en'] as const)(
    'in %s: every screen, as a visitor, a client, a practitioner and an admin',
    async (language: Language) => {
      // The signed-in actors chose this language with the switch; their browsers ask for the other.
      for (const actor of ['client', 'practitioner', 'admin'] as const) {
        expect((await choose(actor, language, '/')).status).toBe(302)
      }
      const { targets, unfilled } = await screenTargets(app.database, ids)
      expect(unfilled).toEqual([])
      expect(targets.size).toBeGreaterThan(40)
      const readings = await readScreens(app, crawl, { targets, actors: ACTORS, language, written })
      read[language] = readings
      expect(readings.length).toBeGreaterThan(targets.size)
      // LANGUAGES_REPORT=<file> keeps the whole report, and which screens each actor was shown.
      if (process.env.LANGUAGES_REPORT) {
        const file = process.env.LANGUAGES_REPORT.replace(/(\.\w+)?$/, `.${language}$1`)
        fs.writeFileSync(file, [...report(readings), '', ...coverage(readings)].join('\n'))
      }
      expect(
        report(readings),
        `what is not in ${language} (route [actors] (status) why: text in "the run of text")`,
      ).toEqual([])
    },
  )

  test('no screen shows a text the same in English and in French, but words both catalogues use', () => {
    expect(read.en.length * read.fr.length, 'both languages read').toBeGreaterThan(0)
    const readings = unchangedReadings(read.en, read.fr, written)
    if (process.env.LANGUAGES_REPORT)
      fs.writeFileSync(process.env.LANGUAGES_REPORT.replace(/(\.\w+)?$/, '.same$1'), report(readings).join('\n'))
    expect(report(readings), 'what was not translated (route [actors] (status) "the run of text")').toEqual([])
  })
})
