import { createHash, randomInt } from 'node:crypto'
import { generateTOTP, getTOTPAuthUri, verifyTOTP } from '@epic-web/totp'
import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm'
import QRCode from 'qrcode'
import { getDb } from '~/db/client.server'
import { passkeys, recoveryCodes, sessions, users } from '~/db/schema'
import { ensurePrimary } from '~/integrations/litefs.server'
import { AppError } from '~/lib/errors'
import { limitCodeCheck } from '~/models/accounts/password-attempts.server'
import { getSession, updateSessionData } from '~/models/accounts/session.server'
import { SETUP_EXPIRED, TWO_FACTOR_ALREADY_ON, WRONG_CODE } from './security'
import { tellOwner } from './security-emails.server'

/**
 * An authenticator app's codes (TOTP, RFC 6238: SHA-1, six digits, 30 seconds, what every app
 * reads) and the ten recovery codes that stand in for it. A code is accepted once: the step it
 * belongs to is stored, and a code of that step or an earlier one is refused, with a window of
 * one step either side for clocks that drift (decision 042).
 */

const TOTP = { algorithm: 'SHA-1', digits: 6, period: 30 } as const
const ISSUER = 'Solace'
const RECOVERY_CODE_COUNT = 10
/** How long a setup's secret waits for its first code (SETUP_EXPIRED says so to the person). */
export const TOTP_SETUP_TTL_MS = 10 * 60 * 1000

const stepNow = () => Math.floor(Date.now() / 1000 / TOTP.period)

export type TwoFactorStatus = { totp: boolean; passkeys: number; recoveryCodesLeft: number }

export function twoFactorStatus(userId: number): TwoFactorStatus {
  const db = getDb()
  const user = db.select({ on: users.totpEnabledAt }).from(users).where(eq(users.id, userId)).get()
  const keys = db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)).get()?.n ?? 0
  const left =
    db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
      .get()?.n ?? 0
  return { totp: Boolean(user?.on), passkeys: keys, recoveryCodesLeft: left }
}

/** Whether signing in takes a second step; also what the admin area requires. */
export function hasSecondFactor(userId: number) {
  const status = twoFactorStatus(userId)
  return status.totp || status.passkeys > 0
}

export function hasAuthenticatorApp(userId: number) {
  return twoFactorStatus(userId).totp
}

/**
 * The secret being set up. It is kept in this session's server-side row only (never in the
 * users row until a code confirms it), for TOTP_SETUP_TTL_MS: a reload shows the same QR code,
 * while another session, a session signed out since, or a stale secret never sees or uses it.
 * An old unconfirmed `users.totp_secret` (kept there before) is never read. `fresh` starts
 * again with a new secret. Answers what the setup screen shows: null once it is on,
 * `{ secret: null }` when there is none and `create` is false (a visit another site started,
 * which may not write: decision 032).
 */
export async function totpSetup(
  request: Request,
  user: { id: number; email: string },
  { create = true, fresh = false }: { create?: boolean; fresh?: boolean } = {},
) {
  if (hasAuthenticatorApp(user.id)) return null
  const session = await getSession(request)
  let secret = fresh ? null : livePendingSecret(session.get('totpSetup'))
  if (!secret && !create) return { secret: null, uri: null, qrSvg: null }
  if (!secret) {
    // Only the primary writes: a replica has this visit replayed there.
    await ensurePrimary()
    if (!session.id) throw new AppError(SETUP_EXPIRED, 409)
    secret = (await generateTOTP(TOTP)).secret
    updateSessionData(session.id, { totpSetup: { secret, expiresAt: Date.now() + TOTP_SETUP_TTL_MS } })
  }
  const uri = getTOTPAuthUri({ ...TOTP, secret, accountName: user.email, issuer: ISSUER })
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return { secret, uri, qrSvg }
}

function livePendingSecret(pending: { secret: string; expiresAt: number } | undefined, now = Date.now()) {
  return pending && typeof pending.secret === 'string' && pending.expiresAt > now ? pending.secret : null
}

/** The step of `code` for `secret` if it is right now (±1 step), else null. */
async function matchingStep(secret: string, code: string) {
  if (!/^\d{6}$/.test(code)) return null
  const match = await verifyTOTP({ ...TOTP, otp: code, secret, window: 1 })
  return match ? stepNow() + match.delta : null
}

/**
 * Takes the code's step for this user, atomically: of two requests with one code, one wins.
 * A step at or before the last one taken is refused.
 */
function claimStep(userId: number, step: number) {
  return (
    getDb()
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .run().changes === 1
  )
}

/**
 * Confirms the app with a first code of this session's pending secret and turns two-factor on;
 * answers the recovery codes, shown once. The secret, the time and the codes are written in one
 * transaction, and the pending setup leaves the session with it.
 */
export async function confirmTotpSetup(request: Request, userId: number, code: string) {
  if (hasAuthenticatorApp(userId)) throw new AppError(TWO_FACTOR_ALREADY_ON, 409)
  const session = await getSession(request)
  const secret = livePendingSecret(session.get('totpSetup'))
  const sid = session.id
  if (!secret || !sid) throw new AppError(SETUP_EXPIRED, 409)
  const step = await limitCodeCheck(request, userId, () => matchingStep(secret, code))
  if (step === null) throw new AppError(WRONG_CODE, 400, 'code')
  const codes = getDb().transaction((tx) => {
    // Two confirmations at once (two tabs): the first turns it on, the second is refused, so
    // the codes the first was shown stay the ones that work.
    const turnedOn = tx
      .update(users)
      .set({ totpSecret: secret, totpEnabledAt: new Date(), totpLastStep: step })
      .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
      .run().changes
    if (turnedOn !== 1) throw new AppError(TWO_FACTOR_ALREADY_ON, 409)
    // Same connection, so inside this transaction.
    updateSessionData(sid, { totpSetup: undefined })
    return replaceRecoveryCodes(tx, userId)
  })
  tellOwner(request, userId, { kind: 'two-factor-on' })
  return codes
}

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex')

/** Letters and digits that cannot be misread for one another (no 0/o, 1/l/i). */
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/** Ten new codes (`xxxxx-xxxxx`, about 50 bits each) in place of the old ones; only their hashes are kept. */
function replaceRecoveryCodes(tx: Pick<ReturnType<typeof getDb>, 'delete' | 'insert'>, userId: number) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const text = Array.from({ length: 10 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')
    return `${text.slice(0, 5)}-${text.slice(5)}`
  })
  tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run()
  tx.insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashCode(code) })))
    .run()
  return codes
}

/** Spends one unused recovery code; answers whether it was one. */
function useRecoveryCode(userId: number, code: string) {
  const normalized = code.includes('-') ? code : `${code.slice(0, 5)}-${code.slice(5)}`
  return (
    getDb()
      .update(recoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, hashCode(normalized)),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .run().changes === 1
  )
}

/**
 * Checks a second-factor code for this account, under the code limits: an authenticator code
 * (accepted once) or a recovery code (used up). Answers which it was, or null when wrong.
 */
export async function checkSecondFactor(request: Request, userId: number, code: string) {
  const row = getDb()
    .select({ secret: users.totpSecret })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.totpEnabledAt)))
    .get()
  return limitCodeCheck(request, userId, async () => {
    if (!row?.secret) return null
    const step = await matchingStep(row.secret, code)
    if (step !== null) return claimStep(userId, step) ? ('app' as const) : null
    if (!useRecoveryCode(userId, code)) return null
    tellOwner(request, userId, { kind: 'recovery-code-used' })
    return 'recovery code' as const
  })
}

async function requireCode(request: Request, userId: number, code: string) {
  if (!(await checkSecondFactor(request, userId, code))) throw new AppError(WRONG_CODE, 400, 'code')
}

/** Turning the app off takes a current code; its recovery codes go with it. */
export async function disableTotp(request: Request, userId: number, code: string) {
  await requireCode(request, userId, code)
  getDb().transaction((tx) => {
    tx.update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(users.id, userId))
      .run()
    tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run()
  })
  tellOwner(request, userId, { kind: 'two-factor-off' })
}

/** New recovery codes in place of the old ones take a current code. */
export async function newRecoveryCodes(request: Request, userId: number, code: string) {
  await requireCode(request, userId, code)
  return getDb().transaction((tx) => replaceRecoveryCodes(tx, userId))
}

/** The practitioner dashboard's prompt to set it up, until set up or dismissed. */
export function showTwoFactorPrompt(userId: number) {
  const row = getDb()
    .select({ dismissed: users.twoFactorPromptDismissedAt })
    .from(users)
    .where(eq(users.id, userId))
    .get()
  return !row?.dismissed && !hasSecondFactor(userId)
}

export function dismissTwoFactorPrompt(userId: number) {
  getDb().update(users).set({ twoFactorPromptDismissedAt: new Date() }).where(eq(users.id, userId)).run()
}

/**
 * The way back for a person locked out of their second factor, run by an operator on the server
 * (`npm run account:reset-two-factor -- <email>`, docs/deploy.md): the app, its recovery codes and the
 * passkeys go, and every session ends. Their password then signs them in alone (an admin is
 * sent to set up an app again). Not reachable from the app: no screen or route can do it.
 */
export function resetSecondFactors(email: string) {
  const db = getDb()
  const user = db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase())).get()
  if (!user) return null
  return db.transaction((tx) => {
    tx.update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(users.id, user.id))
      .run()
    const codes = tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id)).run().changes
    const keys = tx.delete(passkeys).where(eq(passkeys.userId, user.id)).run().changes
    const signedOut = tx.delete(sessions).where(eq(sessions.userId, user.id)).run().changes
    return { userId: user.id, recoveryCodes: codes, passkeys: keys, sessions: signedOut }
  })
}
