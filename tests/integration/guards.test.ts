import { describe, expect, test } from 'vitest'
import * as clientLayout from '~/routes/_client'
import * as clientDashboard from '~/routes/_client.client-dashboard'
import * as notFound from '~/routes/_public.$'
import * as loginScreen from '~/routes/_public.login'
import * as signupScreen from '~/routes/_public.signup'
import * as adminLayout from '~/routes/admin'
import * as adminDashboard from '~/routes/admin.dashboard/route'
import * as apiNotFound from '~/routes/api.$'
import * as practitionerLayout from '~/routes/practitioner'
import * as practitionerDashboard from '~/routes/practitioner.dashboard'
import {
  createUser,
  expectRedirect,
  expireSessions,
  getRequest,
  jsonBody,
  readToast,
  routeArgs,
  settle,
  signIn,
} from '../helpers'
import { allInEnglish } from '../helpers/shown-deep'

/** Who may see which area: the layout loaders' redirects, and the not-found answers. */

type Loader = (args: ReturnType<typeof routeArgs>) => unknown

function load(loader: Loader, path: string, cookie?: string) {
  return settle(() => loader(routeArgs(getRequest(path, { cookie }))))
}

async function signedIn(role: 'client' | 'practitioner' | 'admin') {
  const user = await createUser({ isPractitioner: role === 'practitioner', isAdmin: role === 'admin' })
  return { user, cookie: await signIn(user.id) }
}

describe('signed out', () => {
  test.each([
    [
      'practitioner layout',
      practitionerLayout.loader,
      '/practitioner/dashboard',
      '/login?redirect=%2Fpractitioner%2Fdashboard',
    ],
    [
      'practitioner page',
      practitionerDashboard.loader,
      '/practitioner/dashboard',
      '/login?redirect=%2Fpractitioner%2Fdashboard',
    ],
    ['admin layout', adminLayout.loader, '/admin/dashboard', '/login?redirect=%2Fadmin%2Fdashboard'],
    ['admin page', adminDashboard.loader, '/admin/dashboard', '/login?redirect=%2Fadmin%2Fdashboard'],
    ['client layout', clientLayout.loader, '/client-dashboard', '/login?redirect=%2Fclient-dashboard'],
    ['client page', clientDashboard.loader, '/client-dashboard', '/login?redirect=%2Fclient-dashboard'],
    [
      'client layout, with a query string',
      clientLayout.loader,
      '/customer-settings?delete=1',
      '/login?redirect=%2Fcustomer-settings%3Fdelete%3D1',
    ],
  ] as const)('%s: 302 to /login with the encoded path to come back to', async (_name, loader, path, location) => {
    expectRedirect(await load(loader as Loader, path), location)
  })

  test('sent from a dashboard, the visitor is told why (the layout answers first); from another page, not', async () => {
    const told = { type: 'info', title: 'Authentication required', description: 'Please log in to view your dashboard' }
    for (const [loader, path] of [
      [clientLayout.loader, '/client-dashboard'],
      [clientDashboard.loader, '/client-dashboard'],
      [practitionerLayout.loader, '/practitioner/dashboard'],
      [adminLayout.loader, '/admin/dashboard'],
    ] as const) {
      expect(
        allInEnglish(
          await readToast(
            expectRedirect(await load(loader as Loader, path), `/login?redirect=${encodeURIComponent(path)}`),
          ),
        ),
      ).toEqual(allInEnglish(told))
    }
    const settings = expectRedirect(
      await load(clientLayout.loader as Loader, '/customer-settings'),
      '/login?redirect=%2Fcustomer-settings',
    )
    expect(await readToast(settings)).toBeNull()
  })

  test('an expired session is signed out too', async () => {
    const { user, cookie } = await signedIn('client')
    expireSessions(user.id)
    expectRedirect(
      await load(clientLayout.loader as Loader, '/client-dashboard', cookie),
      '/login?redirect=%2Fclient-dashboard',
    )
  })

  test('the login and signup screens show', async () => {
    expect(await load(loginScreen.loader as Loader, '/login')).toBeNull()
    // Signup says which zone the account will start in.
    expect(await load(signupScreen.loader as Loader, '/signup')).toEqual({
      zoneLabel: expect.stringMatching(/^America\/Toronto \(E[SD]T\)$/),
    })
  })
})

describe('practitioner area', () => {
  test('a client is sent to their own dashboard', async () => {
    const { cookie } = await signedIn('client')
    expectRedirect(
      await load(practitionerLayout.loader as Loader, '/practitioner/dashboard', cookie),
      '/client-dashboard',
    )
    expectRedirect(
      await load(practitionerDashboard.loader as Loader, '/practitioner/dashboard', cookie),
      '/client-dashboard',
    )
  })

  test('an admin is sent to the admin dashboard', async () => {
    const { cookie } = await signedIn('admin')
    expectRedirect(
      await load(practitionerLayout.loader as Loader, '/practitioner/dashboard', cookie),
      '/admin/dashboard',
    )
  })

  test('a practitioner gets the layout with their user', async () => {
    const { user, cookie } = await signedIn('practitioner')
    const result = await load(practitionerLayout.loader as Loader, '/practitioner/dashboard', cookie)
    expect(result).toEqual({ user: expect.objectContaining({ id: user.id, isPractitioner: true }) })
  })
})

describe('admin area', () => {
  test('a practitioner or a client is sent to /', async () => {
    for (const role of ['practitioner', 'client'] as const) {
      const { cookie } = await signedIn(role)
      expectRedirect(await load(adminLayout.loader as Loader, '/admin/dashboard', cookie), '/')
      expectRedirect(await load(adminDashboard.loader as Loader, '/admin/dashboard', cookie), '/')
    }
  })

  test('an admin gets the layout with their user', async () => {
    const { user, cookie } = await signedIn('admin')
    const result = await load(adminLayout.loader as Loader, '/admin/dashboard', cookie)
    expect(result).toEqual({ user: expect.objectContaining({ id: user.id, isAdmin: true }) })
    expect(await load(adminDashboard.loader as Loader, '/admin/dashboard', cookie)).not.toBeInstanceOf(Response)
  })
})

describe('client area', () => {
  test('any signed-in user gets the client layout', async () => {
    for (const role of ['client', 'practitioner'] as const) {
      const { user, cookie } = await signedIn(role)
      expect(await load(clientLayout.loader as Loader, '/client-dashboard', cookie)).toEqual({
        user: expect.objectContaining({ id: user.id }),
      })
    }
  })
})

describe('login and signup screens when signed in', () => {
  test.each([
    ['client', '/client-dashboard'],
    ['practitioner', '/practitioner/dashboard'],
    ['admin', '/admin/dashboard'],
  ] as const)('a signed-in %s is sent to %s', async (role, path) => {
    const { cookie } = await signedIn(role)
    expectRedirect(await load(loginScreen.loader as Loader, '/login', cookie), path)
    expectRedirect(await load(signupScreen.loader as Loader, '/signup', cookie), path)
  })
})

describe('not found', () => {
  test('an unknown page throws a 404 Response', async () => {
    const answer = await load(notFound.loader as Loader, '/no-such-page')
    expect(answer).toBeInstanceOf(Response)
    expect((answer as Response).status).toBe(404)
  })

  test('an unknown /api path answers 404 { message: "Not found" } for reads and writes', async () => {
    expect(await jsonBody(await apiNotFound.loader(), 404)).toEqual({ message: 'Not found' })
    expect(await jsonBody(await apiNotFound.action(), 404)).toEqual({ message: 'Not found' })
  })
})
