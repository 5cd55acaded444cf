import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { and, asc, count, eq } from 'drizzle-orm'
import { z } from 'zod'
import { getDb } from '~/db/client.server'
import { passkeys, sessions } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { msg } from '~/lib/i18n/message'
import { log, logLine } from '~/lib/log.server'
import { clientIp, hit, LIMITS } from '~/lib/rate-limit.server'
import { appOrigin } from '~/lib/url.server'
import { getSession, sessionStorage, updateSessionData, type SessionData } from '~/models/accounts/session.server'
import { ACCOUNT_SUSPENDED, AUTHENTICATION_REQUIRED, type PublicUser } from '~/models/accounts/user'
import { getUserById } from '~/models/accounts/user.server'
import { describeBrowser, UNKNOWN_BROWSER } from './devices.server'
import { PasskeyNameSchema } from './security'
import { tellOwner } from './security-emails.server'
import { completeSignIn } from './sign-in.server'

/**
 * Passkeys (WebAuthn, decision 042): adding them from the security page, and signing in with
 * one, which counts as both factors. Each ceremony's challenge waits in the browser's session
 * row for five minutes and is taken (cleared) by the first answer, right or wrong, so an answer
 * can never be replayed. The browser side is @simplewebauthn/browser, loaded on the click.
 */

export const PASSKEY_NOT_REGISTERED = msg('auth:passkey.notRegistered')
export const PASSKEY_NOT_FOUND = msg('account:passkeys.notFound')
export const PASSKEY_TOO_SLOW = msg('auth:passkey.tooSlow')
export const PASSKEY_SETUP_TOO_SLOW = msg('account:passkeys.setupTooSlow')
export const PASSKEY_SIGN_IN_FAILED = msg('auth:passkey.checkFailed')
export const PASSKEY_NOT_ADDED = msg('account:passkeys.notAdded')
export const PASSKEY_ALREADY_ADDED = msg('account:passkeys.alreadyAdded')
export const PASSKEYS_MAX = 20
export const TOO_MANY_PASSKEYS = msg('account:passkeys.tooMany', { max: PASSKEYS_MAX })

const CHALLENGE_TTL_MS = 5 * 60 * 1000

/** What the browser answers, as @simplewebauthn/browser sends it; only what the checks read is kept. */
const credentialFields = {
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
}
const b64 = z.string().max(32_768)

export const RegistrationBodySchema = z.object({
  intent: z.literal('register'),
  name: PasskeyNameSchema.shape.name.optional(),
  response: z.object({
    ...credentialFields,
    response: z.object({
      clientDataJSON: b64,
      attestationObject: b64,
      authenticatorData: b64.optional(),
      transports: z.array(z.string().max(32)).max(10).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: b64.optional(),
    }),
  }),
})

export const AuthenticationBodySchema = z.object({
  response: z.object({
    ...credentialFields,
    response: z.object({
      clientDataJSON: b64,
      authenticatorData: b64,
      signature: b64,
      userHandle: b64.optional(),
    }),
  }),
})

/** The relying party is this site: its host name (no port) and its origin. */
function relyingParty(request: Request) {
  const origin = appOrigin(request)
  return { origin, rpID: new URL(origin).hostname }
}

function sessionRow(sid: string | undefined) {
  if (!sid) return undefined
  const row = getDb()
    .select({ sess: sessions.sess, expire: sessions.expire })
    .from(sessions)
    .where(eq(sessions.sid, sid))
    .get()
  return row && row.expire.getTime() > Date.now() ? (row.sess as Partial<SessionData>) : undefined
}

function challengeFor(purpose: SessionData['challenge']['purpose'], value: string): SessionData['challenge'] {
  return { value, purpose, expiresAt: Date.now() + CHALLENGE_TTL_MS }
}

/**
 * The session's challenge, cleared whatever happens next. Reading and clearing are synchronous
 * (better-sqlite3, no await between), so two answers sent at once cannot both use it.
 */
function takeChallenge(sid: string | undefined, purpose: SessionData['challenge']['purpose'], tooSlow: string) {
  const challenge = sessionRow(sid)?.challenge
  if (challenge) updateSessionData(sid!, { challenge: undefined })
  if (!challenge || challenge.purpose !== purpose || challenge.expiresAt <= Date.now()) {
    throw new AppError(tooSlow, 400)
  }
  return challenge.value
}

export type PasskeyListing = { id: string; name: string; createdAt: string; lastUsedAt: string | null }

/** The account's passkeys, oldest first, for the security page (instants as ISO strings). */
export function listPasskeys(userId: number): PasskeyListing[] {
  return getDb()
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id))
    .all()
    .map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    }))
}

/** Step one of adding a passkey: the options for `startRegistration`, its challenge kept in the session. */
export async function registrationOptions(request: Request, user: PublicUser) {
  const sid = (await getSession(request)).id
  if (!sessionRow(sid)) throw new AppError(AUTHENTICATION_REQUIRED, 401)
  const existing = getDb()
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id))
    .all()
  if (existing.length >= PASSKEYS_MAX) throw new AppError(TOO_MANY_PASSKEYS, 409)
  const options = await generateRegistrationOptions({
    rpName: 'Solace',
    rpID: relyingParty(request).rpID,
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName}`,
    // The same authenticator cannot be added twice: the browser says so before asking.
    excludeCredentials: existing,
    // Discoverable: the sign-in asks for no email first. Verification is asked for, not
    // demanded, so a security key without a PIN can still be added (sign-in then asks for it).
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  })
  updateSessionData(sid, { challenge: challengeFor('register', options.challenge) })
  return options
}

/**
 * A name nobody typed: the browser it was added in ("Chrome on macOS"), else "Passkey 2", in
 * the language of the page it was added from. Stored as written: it is the passkey's name from
 * then on, which its owner may change.
 */
function defaultName(request: Request, userId: number) {
  const browser = describeBrowser(request.headers.get('user-agent') ?? '')
  const [{ total } = { total: 0 }] = getDb()
    .select({ total: count() })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .all()
  return inRequestLanguage(
    browser === UNKNOWN_BROWSER ? msg('account:passkeys.defaultName', { number: total + 1 }) : browser,
  )
}

/** Step two: checks the browser's answer against the challenge and keeps the new passkey. */
export async function addPasskey(request: Request, user: PublicUser, body: z.output<typeof RegistrationBodySchema>) {
  const expectedChallenge = takeChallenge((await getSession(request)).id, 'register', PASSKEY_SETUP_TOO_SLOW)
  const { origin, rpID } = relyingParty(request)
  const response = body.response as RegistrationResponseJSON
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch((error: unknown) => {
    log.info(logLine`[user ${user.id}] passkey registration refused: ${String(error)}`)
    return null
  })
  if (!verification?.verified) throw new AppError(PASSKEY_NOT_ADDED, 400)
  const { credential } = verification.registrationInfo
  if (getDb().select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.id, credential.id)).get()) {
    throw new AppError(PASSKEY_ALREADY_ADDED, 409)
  }
  const name = body.name ?? defaultName(request, user.id)
  getDb()
    .insert(passkeys)
    .values({
      id: credential.id,
      userId: user.id,
      name,
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
    })
    .run()
  log.info(logLine`[user ${user.id}] added a passkey`)
  tellOwner(request, user.id, { kind: 'passkey-added' })
  return { id: credential.id, name }
}

/**
 * Step one of signing in: options for `startAuthentication` with no allowed list (the
 * authenticator offers the passkeys it holds for this site). The challenge goes in the
 * browser's session; a visitor without one gets an anonymous session row, and `headers`
 * carries its cookie.
 */
export async function signInOptions(request: Request) {
  // Each may start a session row: bounded per address, like other anonymous writes.
  hit(`passkey-options:${clientIp(request)}`, LIMITS.passkeySignInPerIp)
  // A passkey stands for both factors, so the authenticator must check it is its owner.
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(request).rpID,
    userVerification: 'required',
  })
  const challenge = challengeFor('sign-in', options.challenge)
  const headers = new Headers()
  const session = await getSession(request)
  if (sessionRow(session.id)) {
    updateSessionData(session.id, { challenge })
  } else {
    const storage = sessionStorage()
    const fresh = await storage.getSession()
    fresh.set('challenge', challenge)
    headers.append('Set-Cookie', await storage.commitSession(fresh))
  }
  return { options, headers }
}

/** Step two: checks the answer, moves the passkey's counter on, and signs its owner in. */
export async function signInWithPasskey(request: Request, body: z.output<typeof AuthenticationBodySchema>) {
  const expectedChallenge = takeChallenge((await getSession(request)).id, 'sign-in', PASSKEY_TOO_SLOW)
  const response = body.response as AuthenticationResponseJSON
  const passkey = getDb().select().from(passkeys).where(eq(passkeys.id, response.id)).get()
  if (!passkey) throw new AppError(PASSKEY_NOT_REGISTERED, 401)
  const { origin, rpID } = relyingParty(request)
  // The library refuses a counter that did not move on (a cloned authenticator) among the rest.
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: passkey.id,
      publicKey: new Uint8Array(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    requireUserVerification: true,
  }).catch((error: unknown) => {
    log.info(logLine`[user ${passkey.userId}] passkey sign-in refused: ${String(error)}`)
    return null
  })
  if (!verification?.verified) throw new AppError(PASSKEY_SIGN_IN_FAILED, 401)
  const user = getUserById(passkey.userId, { activeOnly: true })
  if (!user) throw new AppError(ACCOUNT_SUSPENDED, 403)
  getDb()
    .update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(eq(passkeys.id, passkey.id))
    .run()
  return completeSignIn(request, user, false)
}

/** Renames one of the account's own passkeys; another's, or none, is a 404. */
export function renamePasskey(userId: number, { passkeyId, name }: z.output<typeof PasskeyNameSchema>) {
  const { changes } = getDb()
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
    .run()
  if (changes === 0) throw new AppError(PASSKEY_NOT_FOUND, 404)
}

/** Removes one of the account's own passkeys, and tells its owner; another's, or none, is a 404. */
export function removePasskey(request: Request, userId: number, passkeyId: string) {
  const { changes } = getDb()
    .delete(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
    .run()
  if (changes === 0) throw new AppError(PASSKEY_NOT_FOUND, 404)
  log.info(logLine`[user ${userId}] removed a passkey`)
  tellOwner(request, userId, { kind: 'passkey-removed' })
}
