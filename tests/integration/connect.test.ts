import { eq } from 'drizzle-orm'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { getDb } from '~/db/client.server'
import { stripeEvents } from '~/db/schema'
import { resetEnvCache } from '~/env.server'
import { takeEvents } from '~/integrations/stripe-emulator/events.server'
import { mustFind, type Account, type AccountLink } from '~/integrations/stripe-emulator/payments.server'
import {
  CONNECT_REQUIRED,
  createConnectedAccount,
  createOnboardingLink,
  getPaymentAccountStatus,
  syncConnectedAccount,
} from '~/models/practice/connect.server'
import * as accountStatusApi from '~/routes/api.stripe.account-status'
import * as connectAccountApi from '~/routes/api.stripe.connect-account'
import * as onboardingLinkApi from '~/routes/api.stripe.onboarding-link'
import * as testOnboarding from '~/routes/dev.onboarding.$linkId'
import * as settings from '~/routes/practitioner.settings'
import {
  callApi,
  createUser,
  deliverEvent,
  expectRedirect,
  formRequest,
  getRequest,
  jsonRequest,
  ORIGIN,
  readToast,
  routeArgs,
  settle,
  signIn,
  updateUserRow,
  userRow,
} from '../helpers'
import { shownToast } from '../helpers/practice-i18n'
import { mockServer } from '../mocks/server'

/**
 * Payment Setup on Settings (its states and toasts): the Connect Express account, its
 * hosted onboarding (the emulator's test page here) and the sync that marks it ready,
 * through the settings screen, the /api twins and the emulated onboarding route. msw
 * answers Stripe with the payments emulator.
 */

const PAGE = '/practitioner/settings'
const STRIPE = 'https://api.stripe.com/v1'
const ONBOARDING_URL = new RegExp(`^${ORIGIN}/dev/onboarding/acctlink_emu_[0-9a-f]+$`)

async function practitioner(overrides: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser({
    isPractitioner: true,
    firstName: 'Nia',
    lastName: 'New',
    country: 'GB',
    ...overrides,
  })
  return { user, cookie: await signIn(user.id) }
}

function loadSettings(cookie: string, query = '') {
  return settle(() => settings.loader(routeArgs(getRequest(`${PAGE}${query}`, { cookie }))))
}

function postSettings(cookie: string, intent: string) {
  return settle(() => settings.action(routeArgs(formRequest(PAGE, { intent }, { cookie }))))
}

/** The onboarding link id at the end of an emulated onboarding URL. */
function linkIdOf(url: string) {
  return url.split('/').pop()!
}

/** Counts the Stripe API calls of one kind while `run` runs. */
async function countingStripeCalls<T>(method: string, path: string, run: () => Promise<T>) {
  let calls = 0
  const listener = ({ request }: { request: Request }) => {
    if (request.method === method && new URL(request.url).pathname === `/v1${path}`) calls += 1
  }
  mockServer.events.on('request:start', listener)
  try {
    const result = await run()
    return { result, calls }
  } finally {
    mockServer.events.removeListener('request:start', listener)
  }
}

/** Answers one Stripe endpoint with an error, the way Stripe words it. */
function stripeFails(method: 'post' | 'get', path: string, message: string, status = 400) {
  mockServer.use(
    http[method](`${STRIPE}${path}`, () =>
      HttpResponse.json({ error: { type: 'invalid_request_error', message } }, { status }),
    ),
  )
}

/**
 * The emulator's deliveries reach our real webhook route (tests/mocks/handlers.ts). This holds
 * them back instead, as when Stripe is slow to deliver: the events are kept, unapplied, for
 * the test to deliver later.
 */
function delayWebhooks() {
  const held: { id: string; type: string }[] = []
  mockServer.use(
    http.post(/^http:\/\/127\.0\.0\.1:\d+\/webhooks\/stripe$/, async ({ request }) => {
      held.push((await request.json()) as { id: string; type: string })
      return HttpResponse.json({ received: true })
    }),
  )
  return held
}

function eventRows(type: string) {
  return getDb().select().from(stripeEvents).where(eq(stripeEvents.type, type)).all()
}

/** Completes the test onboarding page for this onboarding URL; answers where it sends the browser. */
async function completeTestOnboarding(url: string) {
  const linkId = linkIdOf(url)
  return settle(() =>
    testOnboarding.action(routeArgs(new Request(`${ORIGIN}/dev/onboarding/${linkId}`, { method: 'POST' }), { linkId })),
  )
}

afterEach(() => {
  takeEvents()
  vi.restoreAllMocks()
})

describe('Payment Setup: the three states', () => {
  test('no account: the first-time state, nothing connected', async () => {
    const { user, cookie } = await practitioner()
    expect(getPaymentAccountStatus(user.id)).toEqual({ hasAccount: false, onboardingComplete: false })
    expect(await loadSettings(cookie)).toMatchObject({
      payment: { hasAccount: false, onboardingComplete: false, earnings: null, emulated: true },
      deleteOpen: false,
    })
  })

  test('Set Up Payment Account creates an Express account and sends the browser to its onboarding', async () => {
    const { user, cookie } = await practitioner()
    const answer = await postSettings(cookie, 'connect-account')
    expect(answer).toBeInstanceOf(Response)
    const response = answer as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toMatch(ONBOARDING_URL)

    const row = userRow(user.id)!
    expect(row.stripeAccountId).toMatch(/^acct_emu_/)
    expect(row.stripeAccountStatus).toBe('pending')
    expect(row.onboardingComplete).toBe(false)
    const account = mustFind<Account>(row.stripeAccountId!, 'account')
    expect(account).toMatchObject({
      type: 'express',
      country: 'GB',
      email: user.email,
      metadata: { userId: String(user.id) },
    })

    // Second state: an account whose onboarding is not finished.
    expect(await loadSettings(cookie)).toMatchObject({
      payment: { hasAccount: true, onboardingComplete: false, earnings: null },
    })
  })

  test('Continue Stripe Setup makes a new link for the same account', async () => {
    const { user, cookie } = await practitioner()
    await postSettings(cookie, 'connect-account')
    const accountId = userRow(user.id)!.stripeAccountId
    const { result, calls } = await countingStripeCalls('POST', '/accounts', () =>
      postSettings(cookie, 'onboarding-link'),
    )
    expect(calls).toBe(0)
    expect((result as Response).headers.get('Location')).toMatch(ONBOARDING_URL)
    expect(userRow(user.id)!.stripeAccountId).toBe(accountId)
  })

  test('ready: after onboarding, the green state with total and pending earnings', async () => {
    const { user, cookie } = await practitioner()
    const { url } = await createConnectedAccount(user, ORIGIN)
    await completeTestOnboarding(url)
    expectRedirect(await loadSettings(cookie, '?onboarding=return'), PAGE)
    expect(await loadSettings(cookie)).toMatchObject({
      payment: {
        hasAccount: true,
        onboardingComplete: true,
        earnings: { totalEarningsCents: 0, pendingEarningsCents: 0, completedBookings: 0 },
      },
    })
    expect(userRow(user.id)!.stripeAccountStatus).toBe('active')
  })
})

describe('creating the account', () => {
  test('concurrent clicks create exactly one account', async () => {
    const { user, cookie } = await practitioner()
    const { result, calls } = await countingStripeCalls('POST', '/accounts', () =>
      Promise.all([
        createConnectedAccount(user, ORIGIN),
        createConnectedAccount(user, ORIGIN),
        postSettings(cookie, 'connect-account'),
        callApi(connectAccountApi.action, jsonRequest('/api/stripe/connect-account', 'POST', undefined, { cookie })),
      ]),
    )
    expect(calls).toBe(1)
    const [first, second, screen, api] = result
    expect(first.url).toMatch(ONBOARDING_URL)
    expect(second.url).toMatch(ONBOARDING_URL)
    expect((screen as Response).headers.get('Location')).toMatch(ONBOARDING_URL)
    expect(api.status).toBe(200)
    const accountId = userRow(user.id)!.stripeAccountId!
    // Every link onboards the one stored account.
    for (const url of [first.url, second.url, api.body.url as string]) {
      expect(mustFind<AccountLink>(linkIdOf(url), 'account_link').account).toBe(accountId)
    }
  })

  test('a later click reuses the stored account', async () => {
    const { user } = await practitioner()
    await createConnectedAccount(user, ORIGIN)
    const accountId = userRow(user.id)!.stripeAccountId
    const { calls } = await countingStripeCalls('POST', '/accounts', () => createConnectedAccount(user, ORIGIN))
    expect(calls).toBe(0)
    expect(userRow(user.id)!.stripeAccountId).toBe(accountId)
  })

  test('an account stored meanwhile (another instance won) is kept; ours is not stored', async () => {
    const { user } = await practitioner()
    mockServer.use(
      http.post(`${STRIPE}/accounts`, () => {
        // Falls through to the emulator after this: both "instances" made an account.
        updateUserRow(user.id, { stripeAccountId: 'acct_demo_winner' })
      }),
    )
    const { url } = await createConnectedAccount(user, ORIGIN)
    expect(userRow(user.id)!.stripeAccountId).toBe('acct_demo_winner')
    expect(mustFind<AccountLink>(linkIdOf(url), 'account_link').account).toBe('acct_demo_winner')
  })

  test('Connect not enabled on the platform: the spec’s Connect Required toast', async () => {
    const { user, cookie } = await practitioner()
    stripeFails(
      'post',
      '/accounts',
      "You can only create new accounts if you've signed up for Connect, which you can learn how to do at https://stripe.com/docs/connect.",
    )
    const answer = await postSettings(cookie, 'connect-account')
    expectRedirect(answer, PAGE)
    expect(shownToast(await readToast(answer as Response))).toEqual(shownToast({ type: 'error', ...CONNECT_REQUIRED }))
    expect(userRow(user.id)!.stripeAccountId).toBeNull()

    const api = await callApi(
      connectAccountApi.action,
      jsonRequest('/api/stripe/connect-account', 'POST', undefined, { cookie }),
    )
    expect(api.status).toBe(502)
    expect(api.body).toEqual({
      message:
        'Connect Required: Please enable Connect in your payment provider dashboard first. Check the instructions below.',
    })
  })

  test('another Stripe refusal: Failed to create account, with Stripe’s message', async () => {
    const { cookie } = await practitioner()
    stripeFails('post', '/accounts', 'Invalid email address: nobody@')
    const answer = await postSettings(cookie, 'connect-account')
    expect(shownToast(await readToast(answer as Response))).toEqual({
      type: 'error',
      title: 'Failed to create account',
      description: 'Invalid email address: nobody@',
    })
  })

  test('an onboarding link that fails: Failed to start onboarding; the account is kept for next time', async () => {
    const { user, cookie } = await practitioner()
    stripeFails('post', '/account_links', 'Something broke')
    const answer = await postSettings(cookie, 'connect-account')
    expectRedirect(answer, PAGE)
    expect(shownToast(await readToast(answer as Response))).toEqual({
      type: 'error',
      title: 'Failed to start onboarding',
      description: 'Please try again',
    })
    expect(userRow(user.id)!.stripeAccountId).toMatch(/^acct_emu_/)
    const again = await postSettings(cookie, 'onboarding-link')
    expect(shownToast(await readToast(again as Response))).toMatchObject({ title: 'Failed to start onboarding' })
  })
})

describe('syncing the account', () => {
  test('the account.updated event, through our webhook, marks onboarding complete', async () => {
    const { user } = await practitioner()
    const { url } = await createConnectedAccount(user, ORIGIN)
    const before = eventRows('account.updated').length
    const answer = await completeTestOnboarding(url)
    expectRedirect(answer, `${ORIGIN}${PAGE}?onboarding=return`)
    // The test page delivered the event to our webhook, which applied it, before sending the
    // browser back: no return visit needed.
    expect(eventRows('account.updated')).toHaveLength(before + 1)
    expect(eventRows('account.updated').at(-1)).toMatchObject({ status: 'done' })
    expect(userRow(user.id)).toMatchObject({ onboardingComplete: true, stripeAccountStatus: 'active' })
    // A repeat changes nothing.
    const accountId = userRow(user.id)!.stripeAccountId!
    expect(await syncConnectedAccount(accountId)).toEqual({
      userId: user.id,
      onboardingComplete: true,
      status: 'active',
    })
  })

  test('the account is read, not the payload: an old event still syncs the current state', async () => {
    const { user } = await practitioner()
    const accountId = (await createConnectedAccount(user, ORIGIN), userRow(user.id)!.stripeAccountId!)
    // Before onboarding: pending, and stays so.
    expect(await syncConnectedAccount(accountId)).toMatchObject({ onboardingComplete: false, status: 'pending' })
    const { url } = await createOnboardingLink(user, ORIGIN)
    await completeTestOnboarding(url)
    expect(await syncConnectedAccount(accountId)).toMatchObject({ onboardingComplete: true, status: 'active' })
  })

  test('details submitted but charges not enabled yet: restricted, not complete', async () => {
    const { user } = await practitioner()
    updateUserRow(user.id, { stripeAccountId: 'acct_restricted_1', onboardingComplete: true })
    mockServer.use(
      http.get(`${STRIPE}/accounts/acct_restricted_1`, () =>
        HttpResponse.json({
          id: 'acct_restricted_1',
          object: 'account',
          details_submitted: true,
          charges_enabled: false,
        }),
      ),
    )
    expect(await syncConnectedAccount('acct_restricted_1')).toEqual({
      userId: user.id,
      onboardingComplete: false,
      status: 'restricted',
    })
    expect(userRow(user.id)).toMatchObject({ onboardingComplete: false, stripeAccountStatus: 'restricted' })
  })

  test('an account nobody here owns is ignored', async () => {
    expect(await syncConnectedAccount('acct_demo_nobody')).toBeNull()
  })
})

describe('coming back from onboarding', () => {
  test('?onboarding=return syncs at once (no webhook needed) and cleans the address', async () => {
    const { user, cookie } = await practitioner()
    const { url } = await createConnectedAccount(user, ORIGIN)
    const held = delayWebhooks()
    await completeTestOnboarding(url)
    expect(userRow(user.id)!.onboardingComplete).toBe(false) // Stripe has not delivered yet
    const answer = await loadSettings(cookie, '?onboarding=return')
    expectRedirect(answer, PAGE)
    expect(shownToast(await readToast(answer as Response))).toEqual({
      type: 'success',
      title: 'Payment account ready',
      description: 'You can now receive payments for your paid sessions.',
    })
    expect(userRow(user.id)).toMatchObject({ onboardingComplete: true, stripeAccountStatus: 'active' })

    // The event arrives after all and changes nothing more.
    mockServer.resetHandlers()
    const [late] = held.filter((event) => event.type === 'account.updated')
    expect(await deliverEvent(late)).toMatchObject({ status: 200, body: { result: 'applied' } })
    expect(userRow(user.id)).toMatchObject({ onboardingComplete: true, stripeAccountStatus: 'active' })
  })

  test('?onboarding=return before finishing: still the unfinished state, with a hint', async () => {
    const { user, cookie } = await practitioner()
    await createConnectedAccount(user, ORIGIN)
    const answer = await loadSettings(cookie, '?onboarding=return')
    expectRedirect(answer, PAGE)
    expect(shownToast(await readToast(answer as Response))).toMatchObject({ type: 'info', title: 'Setup not finished' })
    expect(userRow(user.id)!.onboardingComplete).toBe(false)
  })

  test('?onboarding=return when Stripe cannot be reached keeps the stored state', async () => {
    const { user, cookie } = await practitioner()
    await createConnectedAccount(user, ORIGIN)
    const accountId = userRow(user.id)!.stripeAccountId!
    stripeFails('get', `/accounts/${accountId}`, 'No such account', 404)
    expectRedirect(await loadSettings(cookie, '?onboarding=return'), PAGE)
    expect(userRow(user.id)!.onboardingComplete).toBe(false)
  })

  test('?onboarding=return without an account just shows the page', async () => {
    const { cookie } = await practitioner()
    const answer = await loadSettings(cookie, '?onboarding=return')
    expectRedirect(answer, PAGE)
    expect(shownToast(await readToast(answer as Response))).toBeNull()
  })

  test('?onboarding=refresh (an expired link) sends the browser to a fresh one', async () => {
    const { user, cookie } = await practitioner()
    const first = await createConnectedAccount(user, ORIGIN)
    const answer = (await loadSettings(cookie, '?onboarding=refresh')) as Response
    expect(answer.status).toBe(302)
    expect(answer.headers.get('Location')).toMatch(ONBOARDING_URL)
    expect(answer.headers.get('Location')).not.toBe(first.url)
  })

  test('?onboarding=refresh without an account: back to the page with the onboarding toast', async () => {
    const { cookie } = await practitioner()
    const answer = await loadSettings(cookie, '?onboarding=refresh')
    expectRedirect(answer, PAGE)
    expect(shownToast(await readToast(answer as Response))).toMatchObject({
      type: 'error',
      title: 'Failed to start onboarding',
    })
  })
})

describe('the test onboarding page (emulated payments only)', () => {
  test('shows the account, and 404s for an unknown link', async () => {
    const { user } = await practitioner()
    const { url } = await createConnectedAccount(user, ORIGIN)
    const linkId = linkIdOf(url)
    const loaded = await testOnboarding.loader(routeArgs(getRequest(`/dev/onboarding/${linkId}`), { linkId }))
    expect(loaded).toMatchObject({
      data: {
        email: user.email,
        country: 'GB',
        alreadyComplete: false,
        cancelUrl: `${ORIGIN}${PAGE}?onboarding=return`,
      },
    })
    const unknown = await settle(() =>
      testOnboarding.loader(
        routeArgs(getRequest('/dev/onboarding/acctlink_emu_nope'), { linkId: 'acctlink_emu_nope' }),
      ),
    )
    expect((unknown as Response).status).toBe(404)
    const post = await settle(() =>
      testOnboarding.action(
        routeArgs(new Request(`${ORIGIN}/dev/onboarding/nope`, { method: 'POST' }), { linkId: 'nope' }),
      ),
    )
    expect((post as Response).status).toBe(404)
  })

  test('with real Stripe keys the page does not exist', async () => {
    const { user } = await practitioner()
    const { url } = await createConnectedAccount(user, ORIGIN)
    const linkId = linkIdOf(url)
    process.env.STRIPE_SECRET_KEY = 'sk_test_real_looking'
    process.env.STRIPE_WEBHOOK_SECRET = 'whsec_real_looking'
    resetEnvCache()
    try {
      const answer = await settle(() =>
        testOnboarding.loader(routeArgs(getRequest(`/dev/onboarding/${linkId}`), { linkId })),
      )
      expect((answer as Response).status).toBe(404)
      const post = await settle(() =>
        testOnboarding.action(
          routeArgs(new Request(`${ORIGIN}/dev/onboarding/${linkId}`, { method: 'POST' }), { linkId }),
        ),
      )
      expect((post as Response).status).toBe(404)
    } finally {
      delete process.env.STRIPE_SECRET_KEY
      delete process.env.STRIPE_WEBHOOK_SECRET
      resetEnvCache()
    }
  })
})

describe('the /api twins', () => {
  test('GET /api/stripe/account-status follows the account through setup', async () => {
    const { user, cookie } = await practitioner()
    const status = () => callApi(accountStatusApi.loader, getRequest('/api/stripe/account-status', { cookie }))
    expect(await status()).toMatchObject({ status: 200, body: { hasAccount: false, onboardingComplete: false } })

    const created = await callApi(
      connectAccountApi.action,
      jsonRequest('/api/stripe/connect-account', 'POST', undefined, { cookie }),
    )
    expect(created.status).toBe(200)
    expect(created.body).toEqual({ url: expect.stringMatching(ONBOARDING_URL) })
    expect((await status()).body).toEqual({ hasAccount: true, onboardingComplete: false })

    const link = await callApi(
      onboardingLinkApi.action,
      jsonRequest('/api/stripe/onboarding-link', 'POST', undefined, { cookie }),
    )
    expect(link).toMatchObject({ status: 200, body: { url: expect.stringMatching(ONBOARDING_URL) } })

    // Onboarding's account.updated event, applied by our webhook, completes it.
    await completeTestOnboarding(link.body.url)
    expect((await status()).body).toEqual({ hasAccount: true, onboardingComplete: true })
    expect(userRow(user.id)!.stripeAccountStatus).toBe('active')
  })

  test('POST /api/stripe/onboarding-link before an account exists: 409', async () => {
    const { cookie } = await practitioner()
    const answer = await callApi(
      onboardingLinkApi.action,
      jsonRequest('/api/stripe/onboarding-link', 'POST', undefined, { cookie }),
    )
    expect(answer).toMatchObject({
      status: 409,
      body: { message: 'Failed to start onboarding: Set up your payment account first.' },
    })
  })

  test('signed out 401, non-practitioners 403, wrong methods 405 with Allow', async () => {
    const client = await createUser()
    const admin = await createUser({ isAdmin: true })
    const routes = [
      { fn: accountStatusApi.loader, method: 'GET', path: '/api/stripe/account-status' },
      { fn: connectAccountApi.action, method: 'POST', path: '/api/stripe/connect-account' },
      { fn: onboardingLinkApi.action, method: 'POST', path: '/api/stripe/onboarding-link' },
    ]
    for (const { fn, method, path } of routes) {
      expect((await callApi(fn, jsonRequest(path, method))).status).toBe(401)
      for (const other of [client, admin]) {
        const answer = await callApi(fn, jsonRequest(path, method, undefined, { cookie: await signIn(other.id) }))
        expect(answer).toMatchObject({ status: 403, body: { message: 'Only practitioners can do this' } })
      }
    }
    const { cookie } = await practitioner()
    const wrong = [
      { fn: accountStatusApi.action, method: 'POST', path: '/api/stripe/account-status', allow: 'GET' },
      { fn: connectAccountApi.loader, method: 'GET', path: '/api/stripe/connect-account', allow: 'POST' },
      { fn: connectAccountApi.action, method: 'PUT', path: '/api/stripe/connect-account', allow: 'POST' },
      { fn: onboardingLinkApi.loader, method: 'GET', path: '/api/stripe/onboarding-link', allow: 'POST' },
      { fn: onboardingLinkApi.action, method: 'DELETE', path: '/api/stripe/onboarding-link', allow: 'POST' },
    ]
    for (const { fn, method, path, allow } of wrong) {
      const answer = await callApi(fn, jsonRequest(path, method, undefined, { cookie }))
      expect(answer.status).toBe(405)
      expect(answer.headers.get('Allow')).toBe(allow)
    }
  })

  test('the settings screen sends others away', async () => {
    const client = await createUser()
    expectRedirect(await loadSettings(await signIn(client.id)), '/client-dashboard')
    expectRedirect(
      await settle(() => settings.loader(routeArgs(getRequest(PAGE)))),
      '/login?redirect=%2Fpractitioner%2Fsettings',
    )
  })
})
