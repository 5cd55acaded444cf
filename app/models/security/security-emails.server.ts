import { and, count, eq, isNull } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { passkeys, recoveryCodes, users } from '~/db/schema'
import { sendEmail, type Email } from '~/integrations/email.server'
import { afterResponse } from '~/lib/after-response.server'
import { formatsFor } from '~/lib/i18n/formats'
import { tFor } from '~/lib/i18n/i18n.server'
import type { Language } from '~/lib/i18n/languages'
import { translateMessage, type Message } from '~/lib/i18n/message'
import { appOrigin } from '~/lib/url.server'
import { deviceOf, describeBrowser } from './devices.server'
import { regionName } from './fly-regions'
import { SECURITY_PATH } from './security'
import type { TFunction } from 'i18next'

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

/** Each notice's subject, a key of the emails catalogue (its `account.security.subjects`). */
const SUBJECT_KEYS = {
  'new-browser': 'account.security.subjects.newBrowser',
  'wrong-codes': 'account.security.subjects.wrongCodes',
  'two-factor-on': 'account.security.subjects.twoFactorOn',
  'two-factor-off': 'account.security.subjects.twoFactorOff',
  'recovery-code-used': 'account.security.subjects.recoveryCodeUsed',
  'passkey-added': 'account.security.subjects.passkeyAdded',
  'passkey-removed': 'account.security.subjects.passkeyRemoved',
} as const satisfies Record<SecurityNotice['kind'], string>

/** A notice's subject in `language` ('New sign-in to your Solace account'). */
export function securityEmailSubject(kind: SecurityNotice['kind'], language: Language = 'en') {
  return tFor(language, 'emails')(SUBJECT_KEYS[kind])
}

/** At or below this many unused recovery codes, the email says to make new ones. */
export const FEW_RECOVERY_CODES = 2

/** What the emails say of the account as it is when they are written (after the change). */
type Owner = {
  email: string
  firstName: string
  timeZone: string
  /** The language the owner reads: the email is written in it. */
  language: Language | null
  appOn: boolean
  recoveryCodesLeft: number
  passkeys: number
}

/** Where and when it happened, taken from the request, and the pages the emails name. */
type Circumstances = { at: Date; userAgent: string; region: string | null; origin: string }

/**
 * What was sent outward for one notice: a plain-text email in the owner's language, built here
 * and nowhere else.
 */
export function securityEmail(owner: Owner, notice: SecurityNotice, { at, userAgent, region, origin }: Circumstances) {
  const language = owner.language ?? 'en'
  const t = tFor(language, 'emails')
  const shown = (message: Message) => translateMessage(tFor(language) as TFunction, message)
  const formats = formatsFor(language)
  const zone = owner.timeZone
  const when = t('account.security.when', {
    date: formats.longDate(at, zone),
    time: formats.time(at, zone),
    zone: formats.zone(at, zone),
  })
  const browser = shown(describeBrowser(userAgent))
  const from = region
    ? t('account.security.fromNear', { browser, place: shown(regionName(region)), when })
    : t('account.security.from', { browser, when })
  const url = `${origin}${SECURITY_PATH}`
  const settingsAt = t('account.security.settingsAt', { url })
  const settingsAtInSentence = t('account.security.settingsAtInSentence', { url })
  const contact = `${origin}/contact`
  const youOk = t('account.security.youOk')
  const body = ((): string[] => {
    switch (notice.kind) {
      case 'new-browser':
        return [
          t('account.security.newBrowser.what', { from }),
          youOk,
          notice.secondFactor
            ? t('account.security.newBrowser.notYouWithSecondFactor', { settings: settingsAt })
            : t('account.security.newBrowser.notYou', { settings: settingsAt }),
        ]
      case 'wrong-codes':
        return [
          t('account.security.wrongCodes.what', { from }),
          t('account.security.wrongCodes.youOk'),
          t('account.security.wrongCodes.notYou', { settings: settingsAt }),
        ]
      case 'two-factor-on':
        return [
          t('account.security.twoFactorOn.what', { from }),
          youOk,
          // Whoever did it now holds the codes: the owner may not get back in alone.
          t('account.security.twoFactorOn.notYou', { contact }),
        ]
      case 'two-factor-off':
        return [
          t('account.security.twoFactorOff.what', { from }),
          youOk,
          t('account.security.twoFactorOff.notYou', { settings: settingsAt }),
        ]
      case 'recovery-code-used':
        return [
          owner.appOn
            ? t('account.security.recoveryCodeUsed.whatWithCodesLeft', { from, count: owner.recoveryCodesLeft })
            : t('account.security.recoveryCodeUsed.what', { from }),
          // With the app turned off by that code, its codes went too: nothing to make again.
          ...(owner.appOn && owner.recoveryCodesLeft <= FEW_RECOVERY_CODES
            ? [t('account.security.recoveryCodeUsed.few', { settings: settingsAtInSentence })]
            : []),
          t('account.security.recoveryCodeUsed.youOk'),
          t('account.security.recoveryCodeUsed.notYou'),
        ]
      case 'passkey-added':
        return [
          t('account.security.passkeyAdded.what', { from, count: owner.passkeys }),
          youOk,
          t('account.security.passkeyAdded.notYou', { settings: settingsAtInSentence }),
        ]
      case 'passkey-removed':
        return [
          t('account.security.passkeyRemoved.what', { from, count: owner.passkeys }),
          youOk,
          t('account.security.passkeyRemoved.notYou', { settings: settingsAtInSentence }),
        ]
    }
  })()
  return {
    to: owner.email,
    subject: securityEmailSubject(notice.kind, language),
    text: [t('account.greeting', { name: owner.firstName }), '', body[0], '', ...body.slice(1)].join('\n'),
  } satisfies Email
}

function ownerOf(userId: number): Owner | undefined {
  const db = getDb()
  const user = db
    .select({
      email: users.email,
      firstName: users.firstName,
      timeZone: users.timeZone,
      language: users.language,
      appOn: users.totpEnabledAt,
    })
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
