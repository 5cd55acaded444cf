import { beforeEach, describe, expect, test } from 'vitest'
import { settleAfterResponse } from '~/lib/after-response.server'
import { resetAllLimits } from '~/lib/rate-limit.server'
import * as root from '~/root'
import * as forgotScreen from '~/routes/_public.forgot-password'
import * as updateAccountApi from '~/routes/api.auth.update-account'
import * as languageRoute from '~/routes/language'
import { visitorLanguage } from '../../server/language.js'
import { requestContext } from '../../server/request-context.js'
import {
  createUser,
  expectRedirect,
  formRequest,
  getRequest,
  jsonBody,
  jsonRequest,
  outbox,
  routeArgs,
  setCookieFor,
  signIn,
  userRow,
} from '../helpers'

/**
 * A person's language (issue 48): chosen in either settings screen (their language card posts to
 * /language) or with PATCH /api/auth/update-account { language }; from then on every page and
 * email is in it, whatever the browser says.
 */

beforeEach(() => resetAllLimits())

/**
 * Runs a route as the server does: inside the request's context, which starts in the visitor's
 * language (server/request-log.js) and takes the person's own once their session is read.
 */
function served<T>(request: Request, run: (request: Request) => Promise<T> | T) {
  const context = {
    id: 'test',
    method: request.method,
    route: null,
    pathname: new URL(request.url).pathname,
    userId: null,
    language: visitorLanguage({
      cookie: request.headers.get('Cookie'),
      acceptLanguage: request.headers.get('Accept-Language'),
    }),
  }
  return requestContext.run(context, () => run(request))
}

async function pageLanguage(cookie: string) {
  const answer = await root.loader(routeArgs(getRequest('/customer-settings', { cookie })))
  return (answer as unknown as { data: { language: string } }).data.language
}

function chooseLanguage(cookie: string, language: string, redirectTo = '/customer-settings') {
  return languageRoute.action(routeArgs(formRequest('/language', { language, redirectTo }, { cookie })))
}

function patchAccount(cookie: string, body: unknown, headers: Record<string, string> = {}) {
  return served(jsonRequest('/api/auth/update-account', 'PATCH', body, { cookie, headers }), (request) =>
    updateAccountApi.action(routeArgs(request)),
  )
}

describe('the settings screens’ language card', () => {
  test('choosing French: back to the settings page, the next page in French, the account’s emails in French', async () => {
    const user = await createUser()
    const cookie = await signIn(user.id)
    expect(await pageLanguage(cookie)).toBe('en')

    const response = expectRedirect(await chooseLanguage(cookie, 'fr'), '/customer-settings')
    expect(userRow(user.id)!.language).toBe('fr')
    expect(setCookieFor(response, 'lng')).toMatch(/^lng=fr;/)
    // Whatever the browser asks for: the account's choice wins.
    const answer = await root.loader(
      routeArgs(getRequest('/customer-settings', { cookie, headers: { 'Accept-Language': 'en-CA' } })),
    )
    expect((answer as unknown as { data: { language: string } }).data.language).toBe('fr')

    await forgotScreen.action(routeArgs(formRequest('/forgot-password', { email: user.email }, { ip: '203.0.113.91' })))
    await settleAfterResponse()
    expect(outbox(user.email).at(-1)!.subject).toBe('Réinitialisez votre mot de passe Solace')

    // And back to English the same way, from the practitioner's settings too.
    expectRedirect(await chooseLanguage(cookie, 'en', '/practitioner/settings'), '/practitioner/settings')
    expect(userRow(user.id)!.language).toBe('en')
    expect(await pageLanguage(cookie)).toBe('en')
  })

  test('anything but English or French changes nothing', async () => {
    const user = await createUser({ language: 'fr' })
    const cookie = await signIn(user.id)
    const response = expectRedirect(await chooseLanguage(cookie, 'de'), '/customer-settings')
    expect(setCookieFor(response, 'lng')).toBeUndefined()
    expect(userRow(user.id)!.language).toBe('fr')
  })
})

describe('PATCH /api/auth/update-account { language }', () => {
  test('alone, it changes the language and nothing else, and answers in the language chosen', async () => {
    const user = await createUser({ firstName: 'Léa' })
    const cookie = await signIn(user.id)
    const body = await jsonBody<{ user: { language: string; firstName: string }; message: string }>(
      await patchAccount(cookie, { language: 'fr' }),
      200,
    )
    expect(body).toMatchObject({ user: { language: 'fr', firstName: 'Léa' }, message: 'Langue enregistrée' })
    expect(userRow(user.id)).toMatchObject({ language: 'fr', firstName: 'Léa', email: user.email })
    expect(await pageLanguage(cookie)).toBe('fr')

    expect(await jsonBody(await patchAccount(cookie, { language: 'en' }), 200)).toMatchObject({
      user: { language: 'en' },
      message: 'Language saved',
    })
  })

  test('with the account’s other fields, all are saved', async () => {
    const user = await createUser()
    const cookie = await signIn(user.id)
    const body = await jsonBody(
      await patchAccount(cookie, { firstName: 'Léa', lastName: 'Tremblay', email: user.email, language: 'fr' }),
      200,
    )
    expect(body).toMatchObject({ message: 'Compte mis à jour' })
    expect(userRow(user.id)).toMatchObject({ language: 'fr', firstName: 'Léa', lastName: 'Tremblay' })
  })

  test('a language Solace does not speak: 400 saying which it does, in the asker’s language, nothing changed', async () => {
    const user = await createUser()
    const cookie = await signIn(user.id)
    expect(await jsonBody(await patchAccount(cookie, { language: 'de' }), 400)).toEqual({
      message: 'Choose English or French',
    })
    expect(await jsonBody(await patchAccount(cookie, { language: null }), 400)).toEqual({
      message: 'Choose English or French',
    })
    const french = await createUser({ language: 'fr' })
    expect(await jsonBody(await patchAccount(await signIn(french.id), { language: 'EN' }), 400)).toEqual({
      message: 'Choisissez le français ou l’anglais',
    })
    // A French visitor's browser, an account without a choice: the browser's language.
    expect(await jsonBody(await patchAccount(cookie, { language: 'es' }, { 'Accept-Language': 'fr-CA' }), 400)).toEqual(
      { message: 'Choisissez le français ou l’anglais' },
    )
    expect(userRow(user.id)!.language).toBeNull()
    expect(userRow(french.id)!.language).toBe('fr')
  })

  test('signed out: 401', async () => {
    expect((await patchAccount('', { language: 'fr' })) as Response).toMatchObject({ status: 401 })
  })
})
