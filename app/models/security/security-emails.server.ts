import { and, count, eq, isNull } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { passkeys, recoveryCodes, users } from '~/db/schema'
import { sendEmail, type Email } from '~/integrations/email.server'
import { afterResponse } from '~/lib/after-response.server'
import { formatLongDate, formatTime, zoneAbbreviation } from '~/lib/dates'
import { appOrigin } from '~/lib/url.server'
import { deviceOf, describeBrowser } from './devices.server'
import { regionName } from './fly-regions'
import { SECURITY_PATH } from './security'

/**
 * The emails that tell an account's owner what just happened to how they sign in (decision
 * 042): a browser new to the account, wrong codes after their right password, two-factor turned
 * on or off, a recovery code used, a passkey added or removed. Each says what, when and roughly
 * from where (the browser and the edge that took the request), and what to do if it was not
 * them. None carries a link that signs in, a code, or anything a person typed: a passkey's name
 * is chosen by whoever added it, who could write a lure into it, so it is never quoted.
 */

export type SecurityNotice =
  | { kind: 'new-browser'; secondFactor: boolean }
  | { kind: 'wrong-codes' }
  | { kind: 'two-factor-on' }
  | { kind: 'two-factor-off' }
  | { kind: 'recovery-code-used' }
  | { kind: 'passkey-added' }
  | { kind: 'passkey-removed' }

export const SECURITY_EMAIL_SUBJECTS = {
  'new-browser': 'New sign-in to your Solace account',
  'wrong-codes': 'Someone may know your Solace password',
  'two-factor-on': 'Two-factor sign-in is on for your Solace account',
  'two-factor-off': 'Two-factor sign-in is off for your Solace account',
  'recovery-code-used': 'A recovery code was used on your Solace account',
  'passkey-added': 'A passkey was added to your Solace account',
  'passkey-removed': 'A passkey was removed from your Solace account',
} as const satisfies Record<SecurityNotice['kind'], string>

/** At or below this many unused recovery codes, the email says to make new ones. */
export const FEW_RECOVERY_CODES = 2

/** What the emails say of the account as it is when they are written (after the change). */
type Owner = {
  email: string
  firstName: string
  timeZone: string
  appOn: boolean
  recoveryCodesLeft: number
  passkeys: number
}

/** Where and when it happened, taken from the request, and the pages the emails name. */
type Circumstances = { at: Date; userAgent: string; region: string | null; origin: string }

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** What was sent outward for one notice: a plain-text email, built here and nowhere else. */
export function securityEmail(owner: Owner, notice: SecurityNotice, { at, userAgent, region, origin }: Circumstances) {
  const when = `${formatLongDate(at, owner.timeZone)} at ${formatTime(at, owner.timeZone)} ${zoneAbbreviation(at, owner.timeZone)}`
  const from = `${describeBrowser(userAgent)}${region ? `, near ${regionName(region)}` : ''}, on ${when}`
  const settingsAt = `Your security settings (${origin}${SECURITY_PATH})`
  const contact = `${origin}/contact`
  const body = ((): string[] => {
    switch (notice.kind) {
      case 'new-browser':
        return [
          `Your Solace account was just signed in from a browser it had not used before: ${from}.`,
          'If this was you, there is nothing to do.',
          notice.secondFactor
            ? `If it was not, change your password now. ${settingsAt} list every signed-in session and passkey, and each can be removed there.`
            : `If it was not, change your password now and turn on two-factor sign-in. ${settingsAt} list every signed-in session, and each can be signed out there.`,
        ]
      case 'wrong-codes':
        return [
          `Your Solace password was just entered correctly, followed by a wrong two-factor code: ${from}. Nobody was signed in: the code stopped it.`,
          'If this was you mistyping a code, there is nothing to do.',
          `If it was not, someone knows your password: change it now, and anywhere else you use it. ${settingsAt} list every signed-in session.`,
        ]
      case 'two-factor-on':
        return [
          `Two-factor sign-in was turned on for your Solace account: ${from}. Signing in now takes your password and a code from your authenticator app. Keep your recovery codes somewhere safe.`,
          'If this was you, there is nothing to do.',
          // Whoever did it now holds the codes: the owner may not get back in alone.
          `If it was not, someone else is signed in to your account and may keep you out of it: contact us right away (${contact}).`,
        ]
      case 'two-factor-off':
        return [
          `Two-factor sign-in with an authenticator app was turned off for your Solace account: ${from}. Its recovery codes no longer work, and your password alone now signs in.`,
          'If this was you, there is nothing to do.',
          `If it was not, change your password now and turn two-factor sign-in on again. ${settingsAt} list every signed-in session.`,
        ]
      case 'recovery-code-used':
        return [
          `One of your recovery codes was just used in place of a code from your authenticator app: ${from}. Each code works once${owner.appOn ? `; ${plural(owner.recoveryCodesLeft, 'unused code is', 'unused codes are')} left` : ''}.`,
          // With the app turned off by that code, its codes went too: nothing to make again.
          ...(owner.appOn && owner.recoveryCodesLeft <= FEW_RECOVERY_CODES
            ? [
                `That is few: make new ones in ${settingsAt.toLowerCase()} with "Make new recovery codes"; it asks for a code from your app, and the old codes stop working.`,
              ]
            : []),
          'If this was you, there is nothing else to do.',
          'If it was not, someone has your password and one of your recovery codes: change your password now and make new recovery codes.',
        ]
      case 'passkey-added':
        return [
          `A passkey was added to your Solace account: ${from}. It signs in without your password. Your account now has ${plural(owner.passkeys, 'passkey', 'passkeys')}.`,
          'If this was you, there is nothing to do.',
          `If it was not, remove it in ${settingsAt.toLowerCase()} and change your password now.`,
        ]
      case 'passkey-removed':
        return [
          `A passkey was removed from your Solace account: ${from}. It can no longer sign in. Your account has ${plural(owner.passkeys, 'passkey', 'passkeys')} left.`,
          'If this was you, there is nothing to do.',
          `If it was not, someone else is signed in to your account: change your password now and check ${settingsAt.toLowerCase()}.`,
        ]
    }
  })()
  return {
    to: owner.email,
    subject: SECURITY_EMAIL_SUBJECTS[notice.kind],
    text: [`Hi ${owner.firstName},`, '', body[0], '', ...body.slice(1)].join('\n'),
  } satisfies Email
}

function ownerOf(userId: number): Owner | undefined {
  const db = getDb()
  const user = db
    .select({ email: users.email, firstName: users.firstName, timeZone: users.timeZone, appOn: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, userId))
    .get()
  if (!user) return undefined
  const left =
    db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
      .get()?.n ?? 0
  const keys = db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)).get()?.n ?? 0
  return { ...user, appOn: user.appOn !== null, recoveryCodesLeft: left, passkeys: keys }
}

/**
 * Emails the owner of `userId` about `notice`, once the answer to this request is on its way
 * (so its timing says nothing, and a failed email never undoes the change). The account is read
 * then, after the request's own writes: making new recovery codes with a recovery code counts
 * the ten new ones, not the one spent.
 */
export function tellOwner(request: Request, userId: number, notice: SecurityNotice) {
  const { userAgent, region } = deviceOf(request)
  const circumstances = { at: new Date(), userAgent, region, origin: appOrigin(request) }
  afterResponse(`${notice.kind} email`, async () => {
    const owner = ownerOf(userId)
    if (owner) await sendEmail(securityEmail(owner, notice, circumstances))
  })
}
