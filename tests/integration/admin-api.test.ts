import { desc, eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { adminAuditLog, services } from '~/db/schema'
import { resetAllLimits } from '~/lib/rate-limit.server'
import { ACCOUNT_SUSPENDED, COMMON_PASSWORD } from '~/models/accounts/user'
import { ADMIN_NOT_DELETABLE, ADMIN_NOT_SUSPENDABLE, ONE_USER_TYPE, REQUIRED_FIELDS } from '~/models/admin/admin'
import { createContactMessage } from '~/models/marketplace/contact.server'
import { createLead } from '~/models/marketplace/lead.server'
import * as adminsApi from '~/routes/api.admin.admins'
import * as clientsApi from '~/routes/api.admin.clients'
import * as messageApi from '~/routes/api.admin.contact-messages.$id._index'
import * as messageReadApi from '~/routes/api.admin.contact-messages.$id.read'
import * as messagesApi from '~/routes/api.admin.contact-messages._index'
import * as leadApi from '~/routes/api.admin.leads.$id'
import * as leadsApi from '~/routes/api.admin.leads._index'
import * as practitionersApi from '~/routes/api.admin.practitioners'
import * as userApi from '~/routes/api.admin.users.$id'
import * as usersApi from '~/routes/api.admin.users._index'
import * as resetPasswordApi from '~/routes/api.auth.reset-password'
import * as authUserApi from '~/routes/api.auth.user'
import * as loginApi from '~/routes/api.login'
import * as servicesApi from '~/routes/api.services._index'
import {
  callApi,
  createListedPractitioner,
  createUser,
  getRequest,
  insertService,
  jsonRequest,
  outbox,
  resetTokenFrom,
  sessionRows,
  signIn,
  uniqueEmail,
  userRow,
  type RouteFunction,
} from '../helpers'
import { inEnglish } from '../helpers/i18n'

/**
 * /api/admin, called through the route modules: who may call each endpoint (a visitor, a client,
 * a practitioner and an admin), the lists (filters, search, pages, no secrets), creating each
 * kind of user, suspending, and the contact messages and leads. Deleting users, with their
 * sessions' refunds, is in admin-removal.test.ts.
 */

type Actor = 'visitor' | 'client' | 'practitioner' | 'admin'
const ACTORS: Actor[] = ['visitor', 'client', 'practitioner', 'admin']
const people = {} as Record<Exclude<Actor, 'visitor'>, { id: number; email: string }>
const cookies = {} as Record<Exclude<Actor, 'visitor'>, string>

let unique = 0
const marker = (label: string) => `${label}${process.pid}x${++unique}`

beforeAll(async () => {
  people.client = await createUser({ firstName: 'Cora', lastName: 'Client' })
  people.practitioner = await createListedPractitioner({ firstName: 'Pia', lastName: 'Practitioner' })
  people.admin = await createUser({ isAdmin: true, firstName: 'Ada', lastName: 'Admin' })
  for (const actor of ['client', 'practitioner', 'admin'] as const) cookies[actor] = await signIn(people[actor].id)
})

beforeEach(() => resetAllLimits())

function send(fn: RouteFunction, method: string, path: string, actor: Actor, body?: unknown, params = {}) {
  const cookie = actor === 'visitor' ? undefined : cookies[actor]
  return callApi(fn, jsonRequest(path, method, body, { cookie }), params)
}

const freshClient = async () => (await createUser({ firstName: 'Fresh', lastName: marker('Client') })).id
const freshMessage = () =>
  createContactMessage({ name: 'Robin', email: 'robin@example.com', subject: marker('Subject'), message: 'Hello!' }).id
const freshLead = () =>
  createLead({
    firstName: 'Lee',
    lastName: marker('Lead'),
    email: 'lee@example.com',
    countryCode: '+1',
    phoneNumber: '416 555 0123',
    practiceType: 'yoga',
    yearsOfExperience: '3-5',
    userType: 'practitioner',
    source: 'launching_soon',
  }).id

type EndpointCase = {
  name: string
  fn: RouteFunction
  method: string
  path: (id: number) => string
  /** Makes the record the call names (a fresh one for each actor: the admin's call may delete it). */
  setup?: () => Promise<number> | number
  body?: (actor: Actor) => unknown
  status: number
}

const ENDPOINTS: EndpointCase[] = [
  { name: 'GET users', fn: usersApi.loader, method: 'GET', path: () => '/api/admin/users', status: 200 },
  {
    name: 'GET practitioners',
    fn: practitionersApi.loader,
    method: 'GET',
    path: () => '/api/admin/practitioners',
    status: 200,
  },
  { name: 'GET clients', fn: clientsApi.loader, method: 'GET', path: () => '/api/admin/clients', status: 200 },
  { name: 'GET admins', fn: adminsApi.loader, method: 'GET', path: () => '/api/admin/admins', status: 200 },
  {
    name: 'POST users',
    fn: usersApi.action,
    method: 'POST',
    path: () => '/api/admin/users',
    body: (actor) => ({
      email: uniqueEmail(`made-by-${actor}`),
      password: 'secret-1234',
      firstName: 'Made',
      lastName: `By ${actor}`,
      phoneNumber: '',
      country: '',
      isPractitioner: false,
      isAdmin: false,
    }),
    status: 201,
  },
  {
    name: 'DELETE users/{id}',
    fn: userApi.action,
    method: 'DELETE',
    path: (id) => `/api/admin/users/${id}`,
    setup: freshClient,
    status: 200,
  },
  {
    name: 'PATCH users/{id} (suspend)',
    fn: userApi.action,
    method: 'PATCH',
    path: (id) => `/api/admin/users/${id}`,
    setup: freshClient,
    body: () => ({ suspended: true }),
    status: 200,
  },
  {
    name: 'GET contact-messages',
    fn: messagesApi.loader,
    method: 'GET',
    path: () => '/api/admin/contact-messages',
    status: 200,
  },
  {
    name: 'PATCH contact-messages/{id}/read',
    fn: messageReadApi.action,
    method: 'PATCH',
    path: (id) => `/api/admin/contact-messages/${id}/read`,
    setup: freshMessage,
    status: 200,
  },
  {
    name: 'DELETE contact-messages/{id}',
    fn: messageApi.action,
    method: 'DELETE',
    path: (id) => `/api/admin/contact-messages/${id}`,
    setup: freshMessage,
    status: 200,
  },
  { name: 'GET leads', fn: leadsApi.loader, method: 'GET', path: () => '/api/admin/leads', status: 200 },
  {
    name: 'DELETE leads/{id}',
    fn: leadApi.action,
    method: 'DELETE',
    path: (id) => `/api/admin/leads/${id}`,
    setup: freshLead,
    status: 200,
  },
]

const auditCount = () => getDb().select({ id: adminAuditLog.id }).from(adminAuditLog).all().length

describe('every /api/admin endpoint: 401 signed out, 403 for clients and practitioners, the admin succeeds', () => {
  test.each(ENDPOINTS.map((c) => [c.name, c]))('%s', async (_name, endpoint) => {
    for (const actor of ACTORS) {
      const id = (await endpoint.setup?.()) ?? 0
      const trail = auditCount()
      const answer = await send(
        endpoint.fn,
        endpoint.method,
        endpoint.path(id),
        actor,
        endpoint.body?.(actor),
        id ? { id: String(id) } : {},
      )
      const expected = { visitor: 401, client: 403, practitioner: 403, admin: endpoint.status }[actor]
      expect(answer.status, `${endpoint.name} as ${actor}: ${JSON.stringify(answer.body)}`).toBe(expected)
      if (actor !== 'admin') {
        expect(answer.body).toEqual({
          message: actor === 'visitor' ? 'Authentication required' : 'Only admins can do this',
        })
        // A refusal changes nothing and records nothing.
        expect(auditCount()).toBe(trail)
      } else if (endpoint.method !== 'GET') {
        expect(auditCount()).toBe(trail + 1)
      }
    }
  })

  test('a refused write leaves its record as it was', async () => {
    const id = await freshClient()
    for (const actor of ['visitor', 'client', 'practitioner'] as const) {
      await send(userApi.action, 'DELETE', `/api/admin/users/${id}`, actor, undefined, { id: String(id) })
      await send(userApi.action, 'PATCH', `/api/admin/users/${id}`, actor, { suspended: true }, { id: String(id) })
    }
    expect(userRow(id)).toMatchObject({ id, suspendedAt: null })
  })

  test('only the methods each route takes: 405 JSON with Allow', async () => {
    const get = await callApi(userApi.loader, getRequest('/api/admin/users/1', { cookie: cookies.admin }), {
      id: '1',
    })
    expect(get.status).toBe(405)
    expect(get.headers.get('Allow')).toBe('PATCH, DELETE')
    const put = await send(leadsApi.action, 'POST', '/api/admin/leads', 'admin', {})
    expect(put.status).toBe(405)
  })
})

describe('the user lists', () => {
  test('answer no password hash, payment ids or session data: only the admin view of a user', async () => {
    const answer = await send(usersApi.loader, 'GET', '/api/admin/users', 'admin')
    const keys = [
      'id',
      'email',
      'firstName',
      'lastName',
      'phoneNumber',
      'role',
      'isPractitioner',
      'isAdmin',
      'country',
      'suspended',
      'suspendedAt',
      'createdAt',
    ]
    for (const user of answer.body) expect(Object.keys(user).sort()).toEqual([...keys].sort())
    const text = JSON.stringify(answer.body)
    expect(text).not.toMatch(/scrypt\$|password|stripe|acct_|sess/i)
  })

  test('filter by kind, search by name or email, 25 a page with the paging headers', async () => {
    const tag = marker('Zed')
    for (let i = 0; i < 26; i++) await createUser({ firstName: 'Paged', lastName: `${tag}-${i}` })
    const practitioner = await createUser({ isPractitioner: true, firstName: 'Prac', lastName: tag })
    const admin = await createUser({ isAdmin: true, firstName: 'Adm', lastName: tag })

    const first = await send(usersApi.loader, 'GET', `/api/admin/users?search=${tag.toUpperCase()}`, 'admin')
    expect(first.body).toHaveLength(25)
    expect(first.headers.get('X-Total-Count')).toBe('28')
    expect(first.headers.get('X-Page-Count')).toBe('2')
    expect(first.headers.get('X-Page-Size')).toBe('25')
    const second = await send(usersApi.loader, 'GET', `/api/admin/users?search=${tag}&page=2`, 'admin')
    expect(second.body).toHaveLength(3)
    expect(second.headers.get('X-Page')).toBe('2')

    const clients = await send(clientsApi.loader, 'GET', `/api/admin/clients?search=${tag}`, 'admin')
    expect(clients.headers.get('X-Total-Count')).toBe('26')
    const practitioners = await send(practitionersApi.loader, 'GET', `/api/admin/practitioners?search=${tag}`, 'admin')
    expect(practitioners.body.map((u: { id: number }) => u.id)).toEqual([practitioner.id])
    const admins = await send(adminsApi.loader, 'GET', `/api/admin/admins?search=${tag}`, 'admin')
    expect(admins.body).toMatchObject([{ id: admin.id, role: 'admin', isAdmin: true }])

    // The full name and the email match too; LIKE's own wildcards are taken literally.
    const byName = await send(usersApi.loader, 'GET', `/api/admin/users?search=Prac%20${tag}`, 'admin')
    expect(byName.body.map((u: { id: number }) => u.id)).toEqual([practitioner.id])
    const byEmail = await send(usersApi.loader, 'GET', `/api/admin/users?search=${people.client.email}`, 'admin')
    expect(byEmail.body.map((u: { id: number }) => u.id)).toEqual([people.client.id])
    const wildcard = await send(usersApi.loader, 'GET', '/api/admin/users?search=%25', 'admin')
    expect(wildcard.body).toEqual([])
  })

  test('a bad page or an overlong search is a 400', async () => {
    expect((await send(usersApi.loader, 'GET', '/api/admin/users?page=0', 'admin')).status).toBe(400)
    const long = 'x'.repeat(201)
    expect((await send(usersApi.loader, 'GET', `/api/admin/users?search=${long}`, 'admin')).status).toBe(400)
  })
})

describe('POST /api/admin/users', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    email: uniqueEmail('created'),
    password: 'first-pass-1',
    firstName: 'New',
    lastName: 'Person',
    phoneNumber: '416-555-0100',
    country: '',
    isPractitioner: false,
    isAdmin: false,
    ...overrides,
  })

  test.each([
    ['a client', {}, 'client', 'CA'],
    ['a practitioner', { isPractitioner: true, country: 'GB' }, 'practitioner', 'GB'],
    ['an admin', { isAdmin: true }, 'admin', 'CA'],
  ])(
    'creates %s by signup’s rules, recorded, and emails a link to choose a password',
    async (_, extra, role, country) => {
      const sent = body(extra)
      const answer = await send(usersApi.action, 'POST', '/api/admin/users', 'admin', sent)
      expect(answer.status).toBe(201)
      expect(answer.body).toMatchObject({ message: 'User Created', user: { email: sent.email, role, country } })
      const row = userRow(answer.body.user.id)!
      expect(row.passwordHash).toMatch(/^scrypt\$/)
      expect(row.passwordHash).not.toContain(sent.password)

      const [trail] = getDb().select().from(adminAuditLog).orderBy(desc(adminAuditLog.id)).limit(1).all()
      expect(trail).toMatchObject({
        adminId: people.admin.id,
        adminEmail: people.admin.email,
        action: 'user_create',
        targetId: row.id,
        targetLabel: `New Person <${sent.email}>`,
        detail: role,
      })
      expect(JSON.stringify(trail)).not.toContain(sent.password)

      // The person chooses their own password through the emailed link, then signs in with it.
      const [email] = outbox(sent.email)
      expect(email?.subject).toBe('Your Solace account is ready: choose your password')
      expect(email?.text).toContain('the link works once, for 7 days')
      const reset = await callApi(
        resetPasswordApi.action,
        jsonRequest('/api/auth/reset-password', 'POST', {
          token: resetTokenFrom(email!.text),
          newPassword: 'my-own-pass',
        }),
      )
      expect(reset.status).toBe(200)
      const login = await callApi(
        loginApi.action,
        jsonRequest('/api/login', 'POST', { email: sent.email, password: 'my-own-pass', remember: false }),
      )
      expect(login.status).toBe(200)
    },
  )

  test('refuses what signup refuses, with the spec’s message for missing fields', async () => {
    const refusal = async (sent: unknown, status = 400) => {
      const answer = await send(usersApi.action, 'POST', '/api/admin/users', 'admin', sent)
      expect(answer.status, JSON.stringify(answer.body)).toBe(status)
      return answer.body.message
    }
    expect(await refusal({ ...body(), email: '' })).toBe(inEnglish(REQUIRED_FIELDS))
    expect(await refusal({ ...body(), password: undefined })).toBe(inEnglish(REQUIRED_FIELDS))
    expect(await refusal({ ...body(), firstName: '  ' })).toBe(inEnglish(REQUIRED_FIELDS))
    expect(await refusal({ ...body(), lastName: '' })).toBe(inEnglish(REQUIRED_FIELDS))
    expect(await refusal(body({ password: 'short' }))).toBe('Password must be at least 10 characters')
    expect(await refusal(body({ password: 'short-pas' }))).toBe('Password must be at least 10 characters')
    expect(await refusal(body({ password: 'Password123' }))).toBe(inEnglish(COMMON_PASSWORD))
    expect(await refusal(body({ email: 'not-an-email' }))).toBe('Please enter a valid email address')
    expect(await refusal(body({ isPractitioner: true }))).toBe('Please select your country')
    expect(await refusal(body({ isPractitioner: true, country: 'BR' }))).toBe('Please select your country')
    expect(await refusal(body({ isPractitioner: true, isAdmin: true, country: 'CA' }))).toBe(inEnglish(ONE_USER_TYPE))
    expect(await refusal(body({ phoneNumber: '123' }))).toBe('Please enter a valid phone number')
    expect(await refusal(body({ email: people.client.email }), 409)).toBe('An account with this email already exists')
  })
})

describe('suspending', () => {
  test('blocks sign-in (saying so), ends sessions and hides listings; unsuspending restores both', async () => {
    const practitioner = await createListedPractitioner({ firstName: 'Susan', lastName: marker('Spended') })
    const service = insertService(practitioner.id, { name: marker('Listed session'), priceCents: 0 })
    const isListed = () => getDb().select().from(services).where(eq(services.id, service.id)).get()!.isListed
    expect(isListed()).toBe(true)
    const earlier = await signIn(practitioner.id)

    const suspended = await send(
      userApi.action,
      'PATCH',
      `/api/admin/users/${practitioner.id}`,
      'admin',
      {
        suspended: true,
      },
      { id: String(practitioner.id) },
    )
    expect(suspended.status).toBe(200)
    expect(suspended.body).toMatchObject({ id: practitioner.id, suspended: true, suspendedAt: expect.any(String) })
    expect(sessionRows(practitioner.id)).toEqual([])
    expect((await callApi(authUserApi.loader, getRequest('/api/auth/user', { cookie: earlier }))).status).toBe(401)

    const login = () =>
      callApi(
        loginApi.action,
        jsonRequest('/api/login', 'POST', {
          email: practitioner.email,
          password: practitioner.password,
          remember: false,
        }),
      )
    expect(await login()).toMatchObject({ status: 403, body: { message: inEnglish(ACCOUNT_SUSPENDED) } })
    // A wrong password says only that: the suspension shows only to whoever knows the password.
    const wrong = await callApi(
      loginApi.action,
      jsonRequest('/api/login', 'POST', { email: practitioner.email, password: 'wrong-password', remember: false }),
    )
    expect(wrong).toMatchObject({ status: 401, body: { message: 'Invalid email or password' } })

    expect(isListed()).toBe(false)
    const search = await callApi(
      servicesApi.loader,
      getRequest(`/api/services?search=${encodeURIComponent(service.name)}`),
    )
    expect(search.body).toEqual([])

    // Suspending again changes nothing and records nothing more.
    const trail = auditCount()
    await send(
      userApi.action,
      'PATCH',
      `/api/admin/users/${practitioner.id}`,
      'admin',
      { suspended: true },
      {
        id: String(practitioner.id),
      },
    )
    expect(auditCount()).toBe(trail)

    const restored = await send(
      userApi.action,
      'PATCH',
      `/api/admin/users/${practitioner.id}`,
      'admin',
      {
        suspended: false,
      },
      { id: String(practitioner.id) },
    )
    expect(restored.body).toMatchObject({ suspended: false, suspendedAt: null })
    expect(isListed()).toBe(true)
    expect((await login()).status).toBe(200)
    const actions = getDb()
      .select({ action: adminAuditLog.action })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, practitioner.id))
      .all()
      .map((r) => r.action)
    expect(actions).toEqual(['user_suspend', 'user_unsuspend'])
  })

  test('an admin cannot be suspended, one’s own account included; unknown ids and bad bodies are refused', async () => {
    const other = await createUser({ isAdmin: true })
    for (const id of [other.id, people.admin.id]) {
      const answer = await send(
        userApi.action,
        'PATCH',
        `/api/admin/users/${id}`,
        'admin',
        { suspended: true },
        {
          id: String(id),
        },
      )
      expect(answer).toMatchObject({ status: 403, body: { message: inEnglish(ADMIN_NOT_SUSPENDABLE) } })
      expect(userRow(id)?.suspendedAt).toBeNull()
    }
    expect(
      (await send(userApi.action, 'PATCH', '/api/admin/users/99999', 'admin', { suspended: true }, { id: '99999' }))
        .status,
    ).toBe(404)
    const id = await freshClient()
    const bad = await send(
      userApi.action,
      'PATCH',
      `/api/admin/users/${id}`,
      'admin',
      { suspended: 'yes' },
      {
        id: String(id),
      },
    )
    expect(bad).toMatchObject({ status: 400, body: { message: 'suspended must be true or false' } })
  })

  test('an admin cannot delete an admin, one’s own account included', async () => {
    const other = await createUser({ isAdmin: true })
    for (const id of [other.id, people.admin.id]) {
      const answer = await send(userApi.action, 'DELETE', `/api/admin/users/${id}`, 'admin', undefined, {
        id: String(id),
      })
      expect(answer).toMatchObject({ status: 403, body: { message: inEnglish(ADMIN_NOT_DELETABLE) } })
      expect(userRow(id)).toBeDefined()
    }
  })
})

describe('contact messages and leads', () => {
  test('messages: newest first with paging headers; mark read; delete; the trail never holds the text', async () => {
    const older = createContactMessage({
      name: 'Old',
      email: 'old@example.com',
      subject: marker('Old'),
      message: 'Secret words',
    })
    const newer = createContactMessage({
      name: 'New',
      email: 'new@example.com',
      subject: marker('New'),
      message: 'More secret words',
    })
    const list = await send(messagesApi.loader, 'GET', '/api/admin/contact-messages', 'admin')
    expect(list.body[0]).toMatchObject({ id: newer.id, isRead: false, message: 'More secret words' })
    expect(list.headers.get('X-Page-Size')).toBe('25')

    const read = await send(
      messageReadApi.action,
      'PATCH',
      `/api/admin/contact-messages/${older.id}/read`,
      'admin',
      undefined,
      {
        id: String(older.id),
      },
    )
    expect(read.body).toMatchObject({ id: older.id, isRead: true })
    const deleted = await send(
      messageApi.action,
      'DELETE',
      `/api/admin/contact-messages/${older.id}`,
      'admin',
      undefined,
      {
        id: String(older.id),
      },
    )
    expect(deleted.body).toEqual({ message: 'Message Deleted' })
    const again = await send(
      messageApi.action,
      'DELETE',
      `/api/admin/contact-messages/${older.id}`,
      'admin',
      undefined,
      {
        id: String(older.id),
      },
    )
    expect(again).toMatchObject({ status: 404, body: { message: 'Message not found' } })

    const trail = getDb().select().from(adminAuditLog).where(eq(adminAuditLog.targetId, older.id)).all()
    expect(trail.map((r) => r.action)).toEqual(['message_read', 'message_delete'])
    expect(trail[0]).toMatchObject({ targetLabel: 'Old <old@example.com>' })
    expect(JSON.stringify(trail)).not.toContain('Secret words')
  })

  test('leads: newest first; delete; an unknown id is a 404', async () => {
    const id = freshLead()
    const list = await send(leadsApi.loader, 'GET', '/api/admin/leads', 'admin')
    expect(list.body[0]).toMatchObject({ id, countryCode: '+1', userType: 'practitioner', source: 'launching_soon' })
    expect(
      (await send(leadApi.action, 'DELETE', `/api/admin/leads/${id}`, 'admin', undefined, { id: String(id) })).body,
    ).toEqual({
      message: 'Lead Deleted',
    })
    const again = await send(leadApi.action, 'DELETE', `/api/admin/leads/${id}`, 'admin', undefined, { id: String(id) })
    expect(again).toMatchObject({ status: 404, body: { message: 'Lead not found' } })
    expect(
      (await send(leadApi.action, 'DELETE', '/api/admin/leads/abc', 'admin', undefined, { id: 'abc' })).status,
    ).toBe(404)
  })
})
