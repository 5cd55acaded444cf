import { beforeEach, describe, expect, test } from 'vitest'
import { settleAfterResponse } from '~/lib/after-response.server'
import { resetAllLimits } from '~/lib/rate-limit.server'
import { calendarFeedOf, readCalendarFeed, resetCalendarFeed } from '~/models/accounts/calendar-feed.server'
import { confirmEmailChange } from '~/models/accounts/email-change.server'
import { sendAccountCreatedEmail } from '~/models/accounts/password-reset.server'
import { updateAccount } from '~/models/accounts/user.server'
import { recoveryCodesText } from '~/models/security/recovery-codes.server'
import { securityEmail, type SecurityNotice } from '~/models/security/security-emails.server'
import * as settingsScreen from '~/routes/_client.customer-settings'
import * as forgotScreen from '~/routes/_public.forgot-password'
import * as loginScreen from '~/routes/_public.login'
import * as signupScreen from '~/routes/_public.signup'
import {
  createUser,
  formReply,
  formRequest,
  getRequest,
  outbox,
  routeArgs,
  signIn,
  uniqueEmail,
  userRow,
  userRowByEmail,
  ORIGIN,
} from '../helpers'
import { allInFrench } from '../helpers/shown-deep'

/**
 * Sign-in, sign-up, accounts and security in French (issue 48): every email of the area in the
 * recipient's language, the files in the reader's, and the screens' refusals shown in French.
 * The English of the same emails and screens is what the area's other tests check.
 */

beforeEach(() => resetAllLimits())

/** Thursday, December 3, 2026, 2:00 PM in Toronto (EST). */
const AT = new Date('2026-12-03T19:00:00Z')

describe('the password reset and account emails', () => {
  async function resetEmailOf(language: 'en' | 'fr') {
    const user = await createUser({ language })
    await forgotScreen.action(routeArgs(formRequest('/forgot-password', { email: user.email }, { ip: '203.0.113.81' })))
    await settleAfterResponse()
    return outbox(user.email).at(-1)!
  }

  test('a reset link in the account’s language: French for a French account, English otherwise', async () => {
    const french = await resetEmailOf('fr')
    expect(french.subject).toBe('Réinitialisez votre mot de passe Solace')
    expect(french.text).toContain('Nous avons reçu une demande de réinitialisation du mot de passe')
    expect(french.text).toMatch(/pendant une heure\)\u00a0: http:\/\/localhost\/reset-password\?token=/)
    expect(french.html).toContain('">Choisissez un nouveau mot de passe</a>')
    const english = await resetEmailOf('en')
    expect(english.subject).toBe('Reset your Solace password')
    expect(english.text).toContain('Choose a new password here (the link works once, for one hour): http://')
  })

  test('the account an admin made: its link to choose a password, in the account’s language', async () => {
    for (const [language, subject, line] of [
      ['fr', 'Votre compte Solace est prêt\u00a0: choisissez votre mot de passe', 'Bonjour Léa,'],
      ['en', 'Your Solace account is ready: choose your password', 'Hi Léa,'],
    ] as const) {
      const user = await createUser({ firstName: 'Léa', language })
      await sendAccountCreatedEmail(user, ORIGIN)
      const mail = outbox(user.email).at(-1)!
      expect(mail.subject).toBe(subject)
      expect(mail.text.split('\n')[0]).toBe(line)
      expect(mail.text).toContain(language === 'fr' ? 'pendant 7 jours' : 'for 7 days')
    }
  })
})

describe('the email change emails', () => {
  const linkOf = (text: string) => /\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!

  test('the link to the new address, the notice to the current one and the change made: French for a French account', async () => {
    const user = await createUser({ firstName: 'Léa', language: 'fr' })
    const newEmail = uniqueEmail('nouveau')
    await updateAccount(user.id, { firstName: 'Léa', lastName: 'Tremblay', email: newEmail }, { kind: 'keep' }, ORIGIN)
    const [link] = outbox(newEmail)
    expect(link!.subject).toBe('Confirmez votre nouvelle adresse courriel Solace')
    expect(link!.text).toContain('pendant 24 heures)\u00a0: http://localhost/confirm-email?token=')
    expect(link!.html).toContain('<a href="http://localhost/confirm-email?token=')
    const [asked] = outbox(user.email)
    expect(asked!.subject).toBe('Un changement de votre adresse courriel Solace a été demandé')
    expect(asked!.text).toContain(`a demandé de remplacer son adresse courriel par ${newEmail}.`)

    await confirmEmailChange(user.id, linkOf(link!.text), ORIGIN)
    const changed = outbox(user.email).at(-1)!
    expect(changed.subject).toBe('Votre adresse courriel Solace a été changée')
    expect(changed.text).toContain(`est maintenant ${newEmail}.`)
    expect(changed.html).toContain('">communiquez avec nous sans tarder</a>')
  })

  test('a taken address: its owner reads why no link came in their own language', async () => {
    const owner = await createUser({ language: 'fr' })
    const asking = await createUser({ language: 'en' })
    await updateAccount(
      asking.id,
      { firstName: 'Ada', lastName: 'Byron', email: owner.email },
      { kind: 'keep' },
      ORIGIN,
    )
    const [note] = outbox(owner.email)
    expect(note!.subject).toBe('Quelqu’un a tenté d’utiliser votre adresse courriel sur Solace')
    expect(note!.text).toContain('Cette adresse appartient déjà à un compte Solace')
    // The one who asked reads their own notice in English.
    expect(outbox(asking.email).at(-1)!.subject).toBe('A change of your Solace email was asked')
  })
})

describe('the security emails', () => {
  const circumstances = {
    at: AT,
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
    region: 'yul',
    origin: ORIGIN,
  }
  const owner = (language: 'en' | 'fr') => ({
    email: 'lea@example.com',
    firstName: 'Léa',
    timeZone: 'America/Toronto',
    language,
    appOn: true,
    recoveryCodesLeft: 2,
    passkeys: 1,
  })
  const NOTICES: SecurityNotice[] = [
    { kind: 'new-browser', secondFactor: true },
    { kind: 'new-browser', secondFactor: false },
    { kind: 'wrong-codes' },
    { kind: 'two-factor-on' },
    { kind: 'two-factor-off' },
    { kind: 'recovery-code-used' },
    { kind: 'passkey-added' },
    { kind: 'passkey-removed' },
  ]

  test('every kind, in French: when in French (date, 24-hour time, zone), where and what to do', () => {
    for (const notice of NOTICES) {
      const email = securityEmail(owner('fr'), notice, circumstances)
      expect(email.text.split('\n')[0]).toBe('Bonjour Léa,')
      expect(email.text).toContain('Safari sur macOS, près de Montréal, le 3 décembre 2026 à 14\u00a0h\u00a000 HNE')
      expect(email.text).not.toMatch(/\b(If|your|the|was)\b/)
    }
    const subjects = NOTICES.map((notice) => securityEmail(owner('fr'), notice, circumstances).subject)
    expect(subjects).toEqual([
      'Nouvelle connexion à votre compte Solace',
      'Nouvelle connexion à votre compte Solace',
      'Quelqu’un connaît peut-être votre mot de passe Solace',
      'L’authentification à deux facteurs est activée pour votre compte Solace',
      'L’authentification à deux facteurs est désactivée pour votre compte Solace',
      'Un code de récupération a été utilisé sur votre compte Solace',
      'Une clé d’accès a été ajoutée à votre compte Solace',
      'Une clé d’accès a été supprimée de votre compte Solace',
    ])
    const used = securityEmail(owner('fr'), { kind: 'recovery-code-used' }, circumstances).text
    expect(used).toContain('il reste 2 codes inutilisés.')
    expect(used).toContain('«\u00a0Créer de nouveaux codes de récupération\u00a0»')
    expect(securityEmail(owner('fr'), { kind: 'passkey-added' }, circumstances).text).toContain(
      'Votre compte a maintenant 1 clé d’accès.',
    )
  })

  test('every kind, in English, as before', () => {
    for (const notice of NOTICES) {
      const email = securityEmail(owner('en'), notice, circumstances)
      expect(email.text.split('\n')[0]).toBe('Hi Léa,')
      expect(email.text).toContain('Safari on macOS, near Montréal, on December 3, 2026 at 2:00 PM EST')
    }
    expect(securityEmail(owner('en'), { kind: 'recovery-code-used' }, circumstances).text).toContain(
      'Each code works once; 2 unused codes are left.',
    )
  })
})

describe('the files', () => {
  test('the recovery codes file in the reader’s language', () => {
    const sheet = { codes: ['abcde-fghjk'], email: 'lea@example.com', date: '3 décembre 2026', language: 'fr' as const }
    expect(recoveryCodesText(sheet).split('\n').slice(0, 2)).toEqual([
      'Codes de récupération Solace pour lea@example.com',
      'Enregistrés le 3 décembre 2026.',
    ])
    expect(recoveryCodesText({ ...sheet, date: 'December 3, 2026', language: 'en' }).split('\n')[0]).toBe(
      'Solace recovery codes for lea@example.com',
    )
  })

  test('the calendar subscription is named in its owner’s language', async () => {
    for (const [language, name] of [
      ['fr', 'Séances Solace'],
      ['en', 'Solace sessions'],
    ] as const) {
      const user = await createUser({ language })
      resetCalendarFeed(user.id)
      const feed = calendarFeedOf(user.id, ORIGIN)!.https.split('/calendar/')[1]!
      const { body } = readCalendarFeed(getRequest(`/calendar/${feed}`), feed, ORIGIN)
      expect(body).toContain(`X-WR-CALNAME:${name}`)
    }
  })
})

describe('the screens in French', () => {
  test('the login form’s refusals, as a French page shows them', async () => {
    const answer = formReply(
      await loginScreen.action(routeArgs(formRequest('/login', { email: 'nope', password: '' }))),
    )
    expect(allInFrench(answer.result.error)).toEqual({
      email: ['Veuillez entrer une adresse courriel valide'],
      password: ['Le mot de passe est requis'],
    })
    const user = await createUser()
    const wrong = formReply(
      await loginScreen.action(routeArgs(formRequest('/login', { email: user.email, password: 'wrong-password' }))),
    )
    expect(allInFrench(wrong.toast)).toEqual({
      type: 'error',
      title: 'Échec de la connexion',
      description: 'Courriel ou mot de passe invalide',
    })
  })

  test('the settings forms’ refusals and toasts, as a French page shows them', async () => {
    const user = await createUser({ language: 'fr' })
    const cookie = await signIn(user.id)
    const answer = formReply(
      await settingsScreen.action(
        routeArgs(
          formRequest(
            '/customer-settings',
            {
              intent: 'change-password',
              currentPassword: user.password,
              newPassword: 'short',
              confirmPassword: 'other',
            },
            { cookie },
          ),
        ),
      ),
    )
    expect(allInFrench(answer.toast)).toEqual({
      type: 'error',
      title: 'Mots de passe différents',
      description: 'Le nouveau mot de passe et sa confirmation ne correspondent pas',
    })
    expect(allInFrench(answer.result.error?.newPassword)).toEqual([
      'Le mot de passe doit comporter au moins 10 caractères',
    ])
  })

  test('sign-up keeps the language the page was read in: the account’s emails follow it', async () => {
    for (const [headers, language] of [
      [{ 'Accept-Language': 'fr-CA,fr;q=0.9' }, 'fr'],
      [{ Cookie: 'lng=fr' }, 'fr'],
      [{ 'Accept-Language': 'en-CA' }, 'en'],
    ] as const) {
      const email = uniqueEmail('inscription')
      const fields = {
        email,
        password: 'a-long-enough-pass',
        confirmPassword: 'a-long-enough-pass',
        firstName: 'Léa',
        lastName: 'Tremblay',
        phoneNumber: '514-555-0199',
        agreeToTerms: 'on',
        website: '',
      }
      await signupScreen.action(routeArgs(formRequest('/signup', fields, { ip: '203.0.113.82', headers })))
      expect(userRowByEmail(email)?.language).toBe(language)
    }
  })

  test('the sign-up page states its zone in the page’s language', async () => {
    const page = (await signupScreen.loader(
      routeArgs(getRequest('/signup', { cookie: 'lng=fr; tz-choice=America%2FToronto' })),
    )) as { zoneLabel: string }
    expect(page.zoneLabel).toMatch(/^America\/Toronto \((HNE|HAE)\)$/)
  })
})

describe('the language an account reads', () => {
  test('a visitor’s chosen language becomes the account’s at sign-in when it has none, and never replaces one', async () => {
    const none = await createUser({ language: undefined })
    const english = await createUser({ language: 'en' })
    for (const user of [none, english]) {
      await loginScreen.action(
        routeArgs(formRequest('/login', { email: user.email, password: user.password }, { cookie: 'lng=fr' })),
      )
    }
    expect(userRow(none.id)!.language).toBe('fr')
    expect(userRow(english.id)!.language).toBe('en')
  })
})
