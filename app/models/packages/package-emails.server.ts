import { and, desc, eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { packageHoldings, receipts, users } from '~/db/schema'
import { sendEmail } from '~/integrations/email.server'
import { DEFAULT_TIME_ZONE } from '~/lib/dates'
import { formatsFor } from '~/lib/i18n/formats'
import { tFor } from '~/lib/i18n/i18n.server'
import { configuredOrigin } from '~/lib/url.server'
import { receiptAttachment } from '~/models/billing/receipt-emails.server'

/**
 * A package's emails to its client (docs/decisions/051-packages.md), after the transaction that
 * recorded the money: bought (with its receipt) and refunded (with the refund receipt). They name
 * the service and the sessions, nothing more. In the client's language, their receipt too.
 */

function holdingForEmail(holdingId: number) {
  return getDb()
    .select({
      serviceName: packageHoldings.serviceName,
      sessions: packageHoldings.sessionsTotal,
      expiresAt: packageHoldings.expiresAt,
      email: users.email,
      firstName: users.firstName,
      timeZone: users.timeZone,
      language: users.language,
    })
    .from(packageHoldings)
    .innerJoin(users, eq(users.id, packageHoldings.clientId))
    .where(eq(packageHoldings.id, holdingId))
    .get()
}

/** The holding's newest receipt of `kind` as an attachment, in its client's language. */
async function latestReceipt(holdingId: number, kind: 'receipt' | 'refund') {
  const row = getDb()
    .select({ id: receipts.id })
    .from(receipts)
    .where(and(eq(receipts.packageHoldingId, holdingId), eq(receipts.kind, kind)))
    .orderBy(desc(receipts.id))
    .get()
  return row ? receiptAttachment(row.id) : null
}

const dashboard = () => new URL('/client-dashboard#packages', configuredOrigin()).href

/** The package is the client's: its sessions, until when, and its receipt. */
export async function sendPackageBought(holdingId: number) {
  const holding = holdingForEmail(holdingId)
  if (!holding?.expiresAt) return
  const receipt = await latestReceipt(holdingId, 'receipt')
  const language = holding.language ?? 'en'
  const t = tFor(language, 'emails')
  const until = formatsFor(language).date(holding.expiresAt, holding.timeZone ?? DEFAULT_TIME_ZONE)
  await sendEmail({
    to: holding.email,
    subject: t('packages.bought.subject', { service: holding.serviceName }),
    text: [
      t('packages.greeting', { name: holding.firstName }),
      '',
      t('packages.bought.body', { sessions: holding.sessions, service: holding.serviceName, date: until }),
      '',
      t('packages.bought.yourPackages', { url: dashboard() }),
      ...(receipt ? ['', t('packages.bought.receiptAttached')] : []),
    ].join('\n'),
    attachments: receipt ? [receipt] : [],
  })
}

/** Unused sessions were refunded: how much, and the refund receipt. */
export async function sendPackageRefunded(holdingId: number, refundCents: number) {
  const holding = holdingForEmail(holdingId)
  if (!holding || refundCents <= 0) return
  const receipt = await latestReceipt(holdingId, 'refund')
  const language = holding.language ?? 'en'
  const t = tFor(language, 'emails')
  await sendEmail({
    to: holding.email,
    subject: t('packages.refunded.subject', { service: holding.serviceName }),
    text: [
      t('packages.greeting', { name: holding.firstName }),
      '',
      t('packages.refunded.body', { amount: formatsFor(language).money(refundCents), service: holding.serviceName }),
      ...(receipt ? ['', t('packages.refunded.receiptAttached')] : []),
    ].join('\n'),
    attachments: receipt ? [receipt] : [],
  })
}
