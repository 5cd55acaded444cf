import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { getDb } from '~/db/client.server'
import { passkeys, users } from '~/db/schema'
import { settleAfterResponse } from '~/lib/after-response.server'
import { resetAllLimits } from '~/lib/rate-limit.server'
import { updateSessionData } from '~/models/accounts/session.server'
import {
  listPasskeys,
  PASSKEY_ALREADY_ADDED,
  PASSKEY_NOT_FOUND,
  PASSKEY_NOT_REGISTERED,
  PASSKEY_SETUP_TOO_SLOW,
  PASSKEY_SIGN_IN_FAILED,
  PASSKEY_TOO_SLOW,
  removePasskey,
  renamePasskey,
} from '~/models/security/passkeys.server'
import { securityEmailSubject } from '~/models/security/security-emails.server'
import * as passkeysRoute from '~/routes/account.security.passkeys'
import * as signInRoute from '~/routes/login.passkey'
import {
  callApi,
  CookieJar,
  createUser,
  expectRedirect,
  formRequest,
  jsonRequest,
  ORIGIN,
  outbox,
  readToast,
  refusal,
  routeArgs,
  SESSION_COOKIE,
  sessionRows,
  setCookieFor,
  settle,
  signIn,
} from '../helpers'
import { allInEnglish } from '../helpers/shown-deep'

/** Passkeys: adding, renaming and removing them (account.security.passkeys), signing in (login.passkey). */

/* A software authenticator: an ES256 key, attestation 'none', as a browser would send its answers. */

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest()
const b64 = (data: Buffer) => data.toString('base64url')

/** Minimal CBOR (RFC 8949): what an authenticator writes (small ints, byte and text strings, maps). */
function cbor(value: number | string | Buffer | Map<unknown, unknown>): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n])
    if (n < 256) return Buffer.from([(major << 5) | 24, n])
    const bytes = Buffer.from([(major << 5) | 25, 0, 0])
    bytes.writeUInt16BE(n, 1)
    return bytes
  }
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)])
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value])
  const entries = [...value].flatMap(([key, item]) => [cbor(key as never), cbor(item as never)])
  return Buffer.concat([head(5, value.size), ...entries])
}

class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16)
  readonly id = b64(this.credentialId)
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  counter = 0

  constructor(private readonly origin = ORIGIN) {}

  private authData(flags: number, attested = Buffer.alloc(0)) {
    const counter = Buffer.alloc(4)
    counter.writeUInt32BE(this.counter)
    return Buffer.concat([sha256(new URL(this.origin).hostname), Buffer.from([flags]), counter, attested])
  }

  private clientData(type: string, challenge: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }))
  }

  /** navigator.credentials.create(): user present and verified (0x05), attested data (0x40). */
  register({ challenge }: { challenge: string }) {
    const { x, y } = this.keys.publicKey.export({ format: 'jwk' })
    const coseKey = cbor(
      new Map<number, number | Buffer>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(x!, 'base64url')],
        [-3, Buffer.from(y!, 'base64url')],
      ]),
    )
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(this.credentialId.length)
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, coseKey])
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', this.authData(0x45, attested)],
      ]) as Map<unknown, unknown>,
    )
    return this.credential({
      clientDataJSON: b64(this.clientData('webauthn.create', challenge)),
      attestationObject: b64(attestationObject),
      transports: ['internal'],
    })
  }

  /** navigator.credentials.get(): signs authenticator data and the client data's hash. */
  assert({ challenge }: { challenge: string }, { counter = this.counter + 1 } = {}) {
    this.counter = counter
    const authenticatorData = this.authData(0x05)
    const clientDataJSON = this.clientData('webauthn.get', challenge)
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.keys.privateKey)
    return this.credential({
      clientDataJSON: b64(clientDataJSON),
      authenticatorData: b64(authenticatorData),
      signature: b64(signature),
    })
  }

  private credential(response: Record<string, unknown>) {
    return { id: this.id, rawId: this.id, type: 'public-key', clientExtensionResults: {}, response }
  }
}

/* Calling the routes as the browser's script does. */

const IP = '203.0.113.61'
const accountPost = (body: unknown, cookie?: string) =>
  callApi(passkeysRoute.action, jsonRequest('/account/security/passkeys', 'POST', body, { cookie, ip: IP }))
/** A form post's answer, returned or thrown (a redirect). */
const formPost = (fields: Record<string, string>, cookie?: string) =>
  settle(() => passkeysRoute.action(routeArgs(formRequest('/account/security/passkeys', fields, { cookie, ip: IP }))))
const signInPost = (body: unknown, jar: CookieJar) =>
  callApi(signInRoute.action, jsonRequest('/login/passkey', 'POST', body, { cookie: jar.header(), ip: IP }))

/** A signed-in client with one passkey made by `authenticator`. */
async function userWithPasskey(authenticator = new SoftwareAuthenticator()) {
  const user = await createUser()
  const cookie = await signIn(user.id)
  const options = await accountPost({ intent: 'registration-options' }, cookie)
  expect(options.status).toBe(200)
  const added = await accountPost({ intent: 'register', response: authenticator.register(options.body) }, cookie)
  expect(added.status).toBe(201)
  return { user, cookie, authenticator }
}

/** Options then an answer, in one browser (its cookie jar); answers the verify call. */
async function passkeySignIn(authenticator: SoftwareAuthenticator, extra: Record<string, unknown> = {}) {
  const jar = new CookieJar()
  const options = await signInPost({ intent: 'options' }, jar)
  expect(options.status).toBe(200)
  jar.apply(options.headers.getSetCookie())
  const answer = authenticator.assert(options.body)
  return {
    jar,
    options: options.body,
    answer,
    verify: await signInPost({ intent: 'verify', response: answer, ...extra }, jar),
  }
}

const row = (id: string) => getDb().select().from(passkeys).where(eq(passkeys.id, id)).get()

beforeEach(resetAllLimits)
afterEach(() => vi.useRealTimers())

describe('adding passkeys', () => {
  test('a verified answer is kept with a default name; the same one twice is refused', async () => {
    const { user, cookie, authenticator } = await userWithPasskey()
    expect(listPasskeys(user.id)).toEqual([
      { id: authenticator.id, name: 'Passkey 1', createdAt: expect.any(String), lastUsedAt: null },
    ])
    expect(row(authenticator.id)).toMatchObject({ userId: user.id, counter: 0, transports: ['internal'] })
    // The options exclude it, so a browser would not offer to add it again.
    const options = await accountPost({ intent: 'registration-options' }, cookie)
    expect(options.body.excludeCredentials).toEqual([
      { id: authenticator.id, type: 'public-key', transports: ['internal'] },
    ])
    expect(options.body.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'preferred',
    })
    const twice = await accountPost({ intent: 'register', response: authenticator.register(options.body) }, cookie)
    expect(allInEnglish(twice)).toMatchObject(allInEnglish({ status: 409, body: { message: PASSKEY_ALREADY_ADDED } }))
  })

  test('signed out, nothing is answered or changed', async () => {
    const { authenticator } = await userWithPasskey()
    expect((await accountPost({ intent: 'registration-options' })).status).toBe(401)
    const register = await accountPost({
      intent: 'register',
      response: new SoftwareAuthenticator().register({ challenge: 'eA' }),
    })
    expect(register.status).toBe(401)
    const toLogin = '/login?redirect=%2Faccount%2Fsecurity'
    expectRedirect(await formPost({ intent: 'rename', passkeyId: authenticator.id, name: 'Taken' }), toLogin)
    expectRedirect(await formPost({ intent: 'remove', passkeyId: authenticator.id }), toLogin)
    expect(row(authenticator.id)).toMatchObject({ name: 'Passkey 1' })
  })

  test('a challenge is used once and lasts five minutes', async () => {
    const user = await createUser()
    const cookie = await signIn(user.id)
    const authenticator = new SoftwareAuthenticator()
    const options = await accountPost({ intent: 'registration-options' }, cookie)
    const wrong = authenticator.register({ challenge: 'not-the-challenge' })
    expect((await accountPost({ intent: 'register', response: wrong }, cookie)).status).toBe(400)
    // Taken by the wrong answer: the right one now comes too late.
    const late = await accountPost({ intent: 'register', response: authenticator.register(options.body) }, cookie)
    expect(allInEnglish(late)).toMatchObject(allInEnglish({ status: 400, body: { message: PASSKEY_SETUP_TOO_SLOW } }))

    vi.useFakeTimers({ toFake: ['Date'] })
    const again = await accountPost({ intent: 'registration-options' }, cookie)
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1000)
    const expired = await accountPost({ intent: 'register', response: authenticator.register(again.body) }, cookie)
    expect(allInEnglish(expired)).toMatchObject(
      allInEnglish({ status: 400, body: { message: PASSKEY_SETUP_TOO_SLOW } }),
    )
    expect(listPasskeys(user.id)).toEqual([])
  })

  test('adding asks for a recent verification first', async () => {
    const user = await createUser()
    const cookie = await signIn(user.id)
    updateSessionData(sessionRows(user.id)[0]!.sid, { verifiedAt: Date.now() - 11 * 60_000 })
    const answer = await accountPost({ intent: 'registration-options' }, cookie)
    expect(answer).toMatchObject({
      status: 403,
      body: { verificationRequired: true, redirectTo: '/account/verify?redirectTo=%2Faccount%2Fsecurity' },
    })
  })
})

describe('renaming and removing', () => {
  test('only the owner renames or removes; another account is refused and nothing changes', async () => {
    const { user, cookie, authenticator } = await userWithPasskey()
    const other = await createUser()
    const otherCookie = await signIn(other.id)

    const renamed = await formPost({ intent: 'rename', passkeyId: authenticator.id, name: 'Mine now' }, otherCookie)
    expectRedirect(renamed, '/account/security')
    expect(await readToast(renamed as Response)).toMatchObject({ type: 'error', description: PASSKEY_NOT_FOUND })
    const removed = await formPost({ intent: 'remove', passkeyId: authenticator.id }, otherCookie)
    expect(await readToast(removed as Response)).toMatchObject({ type: 'error', description: PASSKEY_NOT_FOUND })
    expect(await refusal(() => renamePasskey(other.id, { passkeyId: authenticator.id, name: 'x' }))).toEqual({
      status: 404,
      message: PASSKEY_NOT_FOUND,
    })
    expect(await refusal(() => removePasskey(new Request(`${ORIGIN}/`), user.id, 'no-such-passkey'))).toMatchObject({
      status: 404,
    })
    expect(row(authenticator.id)).toMatchObject({ userId: user.id, name: 'Passkey 1' })

    const ok = await formPost({ intent: 'rename', passkeyId: authenticator.id, name: '  Work laptop ' }, cookie)
    expect(allInEnglish(await readToast(ok as Response))).toMatchObject(
      allInEnglish({ type: 'success', title: 'Passkey renamed' }),
    )
    expect(row(authenticator.id)?.name).toBe('Work laptop')
    const gone = await formPost({ intent: 'remove', passkeyId: authenticator.id }, cookie)
    expect(allInEnglish(await readToast(gone as Response))).toMatchObject(
      allInEnglish({ type: 'success', title: 'Passkey removed' }),
    )
    expect(row(authenticator.id)).toBeUndefined()
  })

  test('removing after the verification has lapsed goes to verify first', async () => {
    const { user, cookie, authenticator } = await userWithPasskey()
    updateSessionData(sessionRows(user.id)[0]!.sid, { verifiedAt: Date.now() - 11 * 60_000 })
    expectRedirect(
      await formPost({ intent: 'remove', passkeyId: authenticator.id }, cookie),
      '/account/verify?redirectTo=%2Faccount%2Fsecurity',
    )
    expect(row(authenticator.id)).toBeDefined()
  })
})

describe('signing in with a passkey', () => {
  test('signs in without a password or code, moves the counter on and notes the use', async () => {
    const { user, authenticator } = await userWithPasskey()
    // With an authenticator app on too: a passkey is both factors, so no code is asked for.
    getDb()
      .update(users)
      .set({ totpSecret: 'JBSWY3DPEHPK3PXP', totpEnabledAt: new Date() })
      .where(eq(users.id, user.id))
      .run()
    const { verify, options } = await passkeySignIn(authenticator)
    expect(options).not.toHaveProperty('allowCredentials')
    expect(verify).toMatchObject({ status: 200, body: { redirectTo: '/client-dashboard' } })
    expect(setCookieFor(verify.headers.getSetCookie(), SESSION_COOKIE)).toBeDefined()
    expect(sessionRows(user.id)).toHaveLength(2)
    expect(row(authenticator.id)).toMatchObject({ counter: 1, lastUsedAt: expect.any(Date) })
    expect(listPasskeys(user.id)[0]!.lastUsedAt).not.toBeNull()
  })

  test('a same-site redirectTo is honoured, another site is not', async () => {
    const { authenticator } = await userWithPasskey()
    expect((await passkeySignIn(authenticator, { redirectTo: '/services?q=yoga' })).verify.body.redirectTo).toBe(
      '/services?q=yoga',
    )
    expect((await passkeySignIn(authenticator, { redirectTo: '//evil.test' })).verify.body.redirectTo).toBe(
      '/client-dashboard',
    )
  })

  test('an answer is used once, and a challenge lasts five minutes', async () => {
    const { authenticator } = await userWithPasskey()
    const { jar, answer, verify } = await passkeySignIn(authenticator)
    expect(verify.status).toBe(200)
    const replay = await signInPost({ intent: 'verify', response: answer }, jar)
    expect(allInEnglish(replay)).toMatchObject(allInEnglish({ status: 400, body: { message: PASSKEY_TOO_SLOW } }))

    vi.useFakeTimers({ toFake: ['Date'] })
    const browser = new CookieJar()
    const options = await signInPost({ intent: 'options' }, browser)
    browser.apply(options.headers.getSetCookie())
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1000)
    const late = await signInPost({ intent: 'verify', response: authenticator.assert(options.body) }, browser)
    expect(allInEnglish(late)).toMatchObject(allInEnglish({ status: 400, body: { message: PASSKEY_TOO_SLOW } }))
  })

  test('an unknown passkey, a wrong challenge or a counter that did not move on is refused', async () => {
    const unknown = await passkeySignIn(new SoftwareAuthenticator())
    expect(allInEnglish(unknown.verify)).toMatchObject(
      allInEnglish({ status: 401, body: { message: PASSKEY_NOT_REGISTERED } }),
    )

    const { authenticator } = await userWithPasskey()
    const jar = new CookieJar()
    const options = await signInPost({ intent: 'options' }, jar)
    jar.apply(options.headers.getSetCookie())
    const wrong = await signInPost({ intent: 'verify', response: authenticator.assert({ challenge: 'b3RoZXI' }) }, jar)
    expect(allInEnglish(wrong)).toMatchObject(allInEnglish({ status: 401, body: { message: PASSKEY_SIGN_IN_FAILED } }))

    expect((await passkeySignIn(authenticator, {})).verify.status).toBe(200)
    const stored = row(authenticator.id)!.counter
    authenticator.counter = stored - 1
    const cloned = await passkeySignIn(authenticator)
    expect(allInEnglish(cloned.verify)).toMatchObject(
      allInEnglish({ status: 401, body: { message: PASSKEY_SIGN_IN_FAILED } }),
    )
  })

  test('a suspended account cannot sign in with its passkey', async () => {
    const { user, authenticator } = await userWithPasskey()
    getDb().update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id)).run()
    expect((await passkeySignIn(authenticator)).verify.status).toBe(403)
  })
})

describe('the owner hears of changes to their passkeys', () => {
  const LURE = 'Urgent: verify at evil.example'

  test('adding and removing one each email the owner once, without its name or a sign-in link; a refused removal sends none', async () => {
    const { user, cookie, authenticator } = await userWithPasskey()
    const second = new SoftwareAuthenticator()
    const options = await accountPost({ intent: 'registration-options' }, cookie)
    const added = await accountPost({ intent: 'register', name: LURE, response: second.register(options.body) }, cookie)
    expect(added.status).toBe(201)
    await settleAfterResponse()
    const addedEmails = outbox(user.email).filter((row) => row.subject === securityEmailSubject('passkey-added'))
    expect(addedEmails).toHaveLength(2)
    expect(addedEmails[1]!.text).toContain('Your account now has 2 passkeys.')
    for (const email of addedEmails) {
      expect(email.text).not.toContain('evil.example')
      expect(email.text).not.toMatch(/token=|\/login|\/verify/)
    }

    // Another account's attempt removes nothing and tells nobody.
    const other = await createUser()
    await formPost({ intent: 'remove', passkeyId: second.id }, await signIn(other.id))
    await settleAfterResponse()
    expect(outbox(other.email)).toHaveLength(0)
    expect(outbox(user.email).filter((row) => row.subject === securityEmailSubject('passkey-removed'))).toEqual([])

    await formPost({ intent: 'remove', passkeyId: second.id }, cookie)
    await settleAfterResponse()
    const removed = outbox(user.email).filter((row) => row.subject === securityEmailSubject('passkey-removed'))
    expect(removed).toHaveLength(1)
    expect(removed[0]!.text).toContain('It can no longer sign in. Your account has 1 passkey left.')
    expect(removed[0]!.text).not.toContain('evil.example')
    expect(removed[0]!.text).not.toMatch(/token=|\/login|\/verify/)
    // Renaming changes how one signs in not at all: no email.
    await formPost({ intent: 'rename', passkeyId: authenticator.id, name: 'Laptop' }, cookie)
    expect(row(authenticator.id)?.name).toBe('Laptop')
    await settleAfterResponse()
    expect(outbox(user.email)).toHaveLength(3)
  })

  test('a passkey sign-in from a new browser does not tell a passkey holder to turn on two-factor', async () => {
    const { user, authenticator } = await userWithPasskey()
    await passkeySignIn(authenticator)
    await passkeySignIn(authenticator)
    await settleAfterResponse()
    const [email, ...more] = outbox(user.email).filter((row) => row.subject === securityEmailSubject('new-browser'))
    expect(more).toEqual([])
    expect(email!.text).toContain('change your password now')
    expect(email!.text).not.toMatch(/turn on two-factor/i)
  })
})
