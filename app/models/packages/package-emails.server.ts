import { and, desc, eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { packageHoldings, receipts, users } from '~/db/schema'
import { sendEmail } from '~/integrations/email.server'
import { DEFAULT_TIME_ZONE, formatDate } from '~/lib/dates'
import { formatEarnings } from '~/lib/money'
import { configuredOrigin } from '~/lib/url.server'
import { receiptAttachment } from '~/models/billing/receipt-emails.server'

/**
 * A package's emails to its client (docs/decisions/051-packages.md), after the transaction that
 * recorded the money: bought (with its receipt) and refunded (with the refund receipt). They name
 * the service and the sessions, nothing more.
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
    })
    .from(packageHoldings)
    .innerJoin(users, eq(users.id, packageHoldings.clientId))
    .where(eq(packageHoldings.id, holdingId))
    .get()
}

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
  await sendEmail({
    to: holding.email,
    subject: `Package bought: ${holding.serviceName}`,
    text: [
      `Hi ${holding.firstName},`,
      '',
      `Your package of ${holding.sessions} sessions of ${holding.serviceName} is ready to use until ${formatDate(holding.expiresAt, holding.timeZone ?? DEFAULT_TIME_ZONE)}. Choose "Use a package session" when you book.`,
      '',
      `Your packages: ${dashboard()}`,
      ...(receipt ? ['', 'Your receipt is attached.'] : []),
    ].join('\n'),
    attachments: receipt ? [receipt] : [],
  })
}

/** Unused sessions were refunded: how much, and the refund receipt. */
export async function sendPackageRefunded(holdingId: number, refundCents: number) {
  const holding = holdingForEmail(holdingId)
  if (!holding || refundCents <= 0) return
  const receipt = await latestReceipt(holdingId, 'refund')
  await sendEmail({
    to: holding.email,
    subject: `Package refunded: ${holding.serviceName}`,
    text: [
      `Hi ${holding.firstName},`,
      '',
      `${formatEarnings(refundCents)} for the unused sessions of your ${holding.serviceName} package is being refunded to your card.`,
      ...(receipt ? ['', 'Your refund receipt is attached.'] : []),
    ].join('\n'),
    attachments: receipt ? [receipt] : [],
  })
}
