import { msg, type Message } from '~/lib/i18n/message'
import { splitFee } from '~/lib/money'
import { emitEvent } from './events.server'
import { findObject, newId, nowSeconds, saveObject, type StripeObject } from './store.server'

/**
 * The emulator's payment objects and what happens to them: checkout sessions, payment intents,
 * charges, the destination charge's transfer, refunds, and Connect accounts. Shapes follow the
 * Stripe API closely enough for the app's code paths; only the fields the app reads are kept.
 */

/**
 * A refusal, as Stripe's API words it (`message`, English, as the app's code reads it) and, for
 * the ones a payer can meet on the emulated payment pages, as they read it (`shown`, a catalogue
 * key put in the payer's language: Stripe's own pages speak it).
 */
export class EmulatorError extends Error {
  constructor(
    message: string,
    readonly status = 400,
    readonly code = 'parameter_invalid',
    readonly shown: Message = message,
  ) {
    super(message)
  }
}

// What a payer reads for the refusals the emulated pages can show.
const CARD_DECLINED = 'booking:testCheckout.errors.cardDeclined'
const NOT_OPEN = 'booking:testCheckout.errors.notOpen'
const ALREADY_COMPLETE = 'booking:testCheckout.errors.alreadyComplete'
const CANCELED = 'booking:testCheckout.errors.canceled'
const NOT_FOUND = 'booking:testCheckout.errors.notFound'
const AMOUNT_TOO_SMALL = 'booking:testCheckout.errors.amountTooSmall'

type Metadata = Record<string, string>
type TransferData = { destination: string } | null

export type Account = StripeObject & {
  object: 'account'
  type: 'express'
  country: string
  email: string | null
  details_submitted: boolean
  charges_enabled: boolean
  payouts_enabled: boolean
  metadata: Metadata
}

export type PaymentIntent = StripeObject & {
  object: 'payment_intent'
  amount: number
  currency: string
  status: 'requires_payment_method' | 'succeeded' | 'canceled'
  client_secret: string
  metadata: Metadata
  application_fee_amount: number | null
  transfer_data: TransferData
  transfer_group: string | null
  latest_charge: string | null
  last_payment_error: { message: string; code: string } | null
}

export type Charge = StripeObject & {
  object: 'charge'
  amount: number
  amount_refunded: number
  refunded: boolean
  currency: string
  payment_intent: string
  metadata: Metadata
  transfer: string | null
  /** As Stripe reports a card payment: the receipt prints the brand and the last four digits. */
  payment_method_details: { type: 'card'; card: { brand: string; last4: string } } | null
}

export type Transfer = StripeObject & {
  object: 'transfer'
  amount: number
  amount_reversed: number
  reversed: boolean
  currency: string
  destination: string
  transfer_group: string | null
  source_transaction: string
  created: number
  metadata: Metadata
}

type CheckoutSessionFields = {
  url: string | null
  status: 'open' | 'complete' | 'expired'
  payment_status: 'unpaid' | 'paid'
  amount_total: number
  currency: string
  expires_at: number
  metadata: Metadata
  client_reference_id: string | null
  customer_email: string | null
  success_url: string
  cancel_url: string
  payment_intent: string | null
  /** Not a Stripe field on the session: what the payment it makes will carry. */
  payment_intent_data: {
    application_fee_amount: number | null
    transfer_data: TransferData
    metadata: Metadata
    transfer_group: string | null
  }
  line_items_summary: { name: string; description: string | null; amount: number }[]
}

export type CheckoutSession = StripeObject & { object: 'checkout.session' } & CheckoutSessionFields

export type AccountLink = StripeObject & {
  object: 'account_link'
  account: string
  return_url: string
  refresh_url: string
}

export function mustFind<T extends StripeObject>(id: string, object: T['object']): T {
  const found = findObject<T>(id) ?? (object === 'account' ? demoAccount(id) : undefined)
  if (!found || found.object !== object) {
    // The object's name is itself a message, put in the payer's language with the sentence.
    const name = msg(`booking:testCheckout.objects.${object.replace(/[._](\w)/g, (_, c: string) => c.toUpperCase())}`)
    throw new EmulatorError(
      `No such ${object.replace('_', ' ')}: '${id}'`,
      404,
      'resource_missing',
      msg(NOT_FOUND, { object: name, id }),
    )
  }
  return found as T
}

/**
 * The seeded demo practitioners point at accounts that finished onboarding; they exist in the
 * emulator without having been created through it.
 */
function demoAccount(id: string): Account | undefined {
  if (!id.startsWith('acct_demo')) return undefined
  return {
    id,
    object: 'account',
    type: 'express',
    country: 'CA',
    email: null,
    details_submitted: true,
    charges_enabled: true,
    payouts_enabled: true,
    metadata: {},
  }
}

/* Connect. */

export function createAccount(params: { country?: string; email?: string; metadata?: Metadata }) {
  return saveObject<Account>({
    id: newId('acct'),
    object: 'account',
    type: 'express',
    country: params.country ?? 'CA',
    email: params.email ?? null,
    details_submitted: false,
    charges_enabled: false,
    payouts_enabled: false,
    metadata: params.metadata ?? {},
  })
}

export function createAccountLink(params: { account: string; return_url: string; refresh_url: string }) {
  mustFind<Account>(params.account, 'account')
  const link = saveObject<AccountLink>({
    id: newId('acctlink'),
    object: 'account_link',
    account: params.account,
    return_url: params.return_url,
    refresh_url: params.refresh_url,
  })
  return {
    object: 'account_link',
    created: nowSeconds(),
    expires_at: nowSeconds() + 300,
    url: `${new URL(params.return_url).origin}/dev/onboarding/${link.id}`,
  }
}

/** The emulated onboarding form was submitted: the account can take payments now. */
export function completeOnboarding(linkId: string) {
  const link = mustFind<AccountLink>(linkId, 'account_link')
  const account = mustFind<Account>(link.account, 'account')
  const updated = saveObject({ ...account, details_submitted: true, charges_enabled: true, payouts_enabled: true })
  emitEvent('account.updated', updated)
  return link
}

/* Payments. */

function requireChargeableDestination(transferData: TransferData) {
  if (!transferData) return
  const account = mustFind<Account>(transferData.destination, 'account')
  if (!account.charges_enabled) {
    throw new EmulatorError(
      `Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments`,
    )
  }
}

export function createPaymentIntent(params: {
  amount: number
  currency: string
  metadata: Metadata
  application_fee_amount: number | null
  transfer_data: TransferData
  transfer_group: string | null
}) {
  if (!Number.isInteger(params.amount) || params.amount < 50) {
    throw new EmulatorError('Amount must be at least $0.50 cad', 400, 'amount_too_small', msg(AMOUNT_TOO_SMALL))
  }
  requireChargeableDestination(params.transfer_data)
  const id = newId('pi')
  return saveObject<PaymentIntent>({
    id,
    object: 'payment_intent',
    ...params,
    status: 'requires_payment_method',
    client_secret: `${id}_secret_${newId('s').slice(-12)}`,
    latest_charge: null,
    last_payment_error: null,
  })
}

/**
 * The card brand Stripe names for a test card number, by its first digits (Visa 4…, Mastercard
 * 51–55 and 22–27, American Express 34/37, Discover 6011/65, JCB 35, Diners 36/38).
 */
function cardBrand(number: string) {
  if (/^4/.test(number)) return 'visa'
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard'
  if (/^3[47]/.test(number)) return 'amex'
  if (/^(6011|65)/.test(number)) return 'discover'
  if (/^35/.test(number)) return 'jcb'
  if (/^3[068]/.test(number)) return 'diners'
  return 'unknown'
}

function cardDetails(cardNumber: string) {
  const digits = cardNumber.replace(/\D/g, '')
  return { type: 'card' as const, card: { brand: cardBrand(digits), last4: digits.slice(-4) } }
}

/** A card payment succeeds: the charge, and the destination charge's automatic transfer. */
function succeed(intent: PaymentIntent, cardNumber: string) {
  if (intent.status === 'succeeded') return intent
  if (intent.status === 'canceled')
    throw new EmulatorError('This PaymentIntent was canceled.', 400, 'payment_intent_unexpected_state', msg(CANCELED))
  const charge = saveObject<Charge>({
    id: newId('ch'),
    object: 'charge',
    amount: intent.amount,
    amount_refunded: 0,
    refunded: false,
    currency: intent.currency,
    payment_intent: intent.id,
    metadata: intent.metadata,
    transfer: null,
    payment_method_details: cardDetails(cardNumber),
  })
  const paid = saveObject<PaymentIntent>({
    ...intent,
    status: 'succeeded',
    latest_charge: charge.id,
    last_payment_error: null,
  })
  emitEvent('payment_intent.succeeded', paid)
  if (intent.transfer_data) {
    const transfer = saveObject<Transfer>({
      id: newId('tr'),
      object: 'transfer',
      amount: intent.amount - (intent.application_fee_amount ?? 0),
      amount_reversed: 0,
      reversed: false,
      currency: intent.currency,
      destination: intent.transfer_data.destination,
      transfer_group: intent.transfer_group,
      source_transaction: charge.id,
      created: nowSeconds(),
      metadata: {},
    })
    saveObject({ ...charge, transfer: transfer.id })
    emitEvent('transfer.created', transfer)
  }
  return paid
}

/** A test card number that Stripe declines; any other card number pays. */
export const DECLINED_TEST_CARD = '4000000000000002'

/** The emulated Payment Element confirmed the intent with a card. */
export function confirmPaymentIntent(id: string, cardNumber: string) {
  const intent = mustFind<PaymentIntent>(id, 'payment_intent')
  if (cardNumber.replace(/\s/g, '') === DECLINED_TEST_CARD) {
    const failed = saveObject<PaymentIntent>({
      ...intent,
      last_payment_error: { message: 'Your card was declined.', code: 'card_declined' },
    })
    emitEvent('payment_intent.payment_failed', failed)
    throw new EmulatorError('Your card was declined.', 402, 'card_declined', msg(CARD_DECLINED))
  }
  return succeed(intent, cardNumber)
}

export function cancelPaymentIntent(id: string) {
  const intent = mustFind<PaymentIntent>(id, 'payment_intent')
  if (intent.status === 'succeeded') {
    throw new EmulatorError(
      'You cannot cancel this PaymentIntent because it has a status of succeeded.',
      400,
      'payment_intent_unexpected_state',
    )
  }
  const canceled = saveObject<PaymentIntent>({ ...intent, status: 'canceled' })
  emitEvent('payment_intent.canceled', canceled)
  return canceled
}

export function createCheckoutSession(
  params: Omit<CheckoutSessionFields, 'url' | 'status' | 'payment_status' | 'payment_intent'>,
) {
  requireChargeableDestination(params.payment_intent_data.transfer_data)
  const minimum = nowSeconds() + 30 * 60 - 5
  if (params.expires_at < minimum || params.expires_at > nowSeconds() + 24 * 3600) {
    throw new EmulatorError(
      'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
    )
  }
  const id = newId('cs_test')
  return saveObject<CheckoutSession>({
    ...params,
    id,
    object: 'checkout.session',
    url: `${new URL(params.success_url).origin}/dev/checkout/${id}`,
    status: 'open',
    payment_status: 'unpaid',
    payment_intent: null,
  })
}

/** Reads a session, expiring it first when its time is up (Stripe does this on its own clock). */
export function readCheckoutSession(id: string) {
  const session = mustFind<CheckoutSession>(id, 'checkout.session')
  if (session.status === 'open' && session.expires_at <= nowSeconds()) return expireCheckoutSession(id)
  return session
}

export function expireCheckoutSession(id: string) {
  const session = mustFind<CheckoutSession>(id, 'checkout.session')
  if (session.status === 'complete') {
    throw new EmulatorError(
      'This Checkout Session is already complete.',
      400,
      'checkout_session_unexpected_state',
      msg(ALREADY_COMPLETE),
    )
  }
  if (session.status === 'expired') return session
  const expired = saveObject<CheckoutSession>({ ...session, status: 'expired', url: null })
  emitEvent('checkout.session.expired', expired)
  return expired
}

/** The emulated hosted Checkout page was paid: the session completes with a payment. */
export function payCheckoutSession(id: string, cardNumber: string) {
  const session = readCheckoutSession(id)
  if (session.status !== 'open')
    throw new EmulatorError(
      'This checkout session is no longer open.',
      400,
      'checkout_session_unexpected_state',
      msg(NOT_OPEN),
    )
  const intent = session.payment_intent
    ? mustFind<PaymentIntent>(session.payment_intent, 'payment_intent')
    : createPaymentIntent({ amount: session.amount_total, currency: session.currency, ...session.payment_intent_data })
  saveObject({ ...session, payment_intent: intent.id })
  const paid = confirmPaymentIntent(intent.id, cardNumber)
  const completed = saveObject<CheckoutSession>({
    ...session,
    status: 'complete',
    payment_status: 'paid',
    payment_intent: paid.id,
    url: null,
  })
  emitEvent('checkout.session.completed', completed)
  return completed
}

/**
 * The seeded demo bookings say they were paid (`pi_demo_…`) before any emulator existed; the
 * first refund of one recreates the payment it stands for (the refunded amount, our 5% fee,
 * the rest transferred as `tr_demo_…`), so cancelling a demo session refunds end to end.
 */
function recreateDemoPayment(intentId: string, amount: number | undefined) {
  if (!intentId.startsWith('pi_demo_') || findObject(intentId) || !amount) return
  const ref = intentId.slice('pi_demo_'.length)
  const fee = splitFee(amount).platformFeeCents
  const transfer = saveObject<Transfer>({
    id: `tr_demo_${ref}`,
    object: 'transfer',
    amount: amount - fee,
    amount_reversed: 0,
    reversed: false,
    currency: 'cad',
    destination: 'acct_demo_seeded',
    transfer_group: null,
    source_transaction: `ch_demo_${ref}`,
    created: nowSeconds(),
    metadata: {},
  })
  saveObject<Charge>({
    id: `ch_demo_${ref}`,
    object: 'charge',
    amount,
    amount_refunded: 0,
    refunded: false,
    currency: 'cad',
    payment_intent: intentId,
    metadata: {},
    transfer: transfer.id,
    payment_method_details: cardDetails('4242424242424242'),
  })
  saveObject<PaymentIntent>({
    id: intentId,
    object: 'payment_intent',
    amount,
    currency: 'cad',
    status: 'succeeded',
    client_secret: `${intentId}_secret_demo`,
    metadata: {},
    application_fee_amount: fee,
    transfer_data: { destination: transfer.destination },
    transfer_group: null,
    latest_charge: `ch_demo_${ref}`,
    last_payment_error: null,
  })
}

/** Refunds part or all of a payment, reversing its transfer (and fee) when asked to. */
export function createRefund(params: {
  payment_intent?: string
  charge?: string
  amount?: number
  reverse_transfer?: boolean
  metadata?: Metadata
}) {
  if (params.payment_intent) recreateDemoPayment(params.payment_intent, params.amount)
  const intent = params.payment_intent ? mustFind<PaymentIntent>(params.payment_intent, 'payment_intent') : null
  const chargeId = params.charge ?? intent?.latest_charge
  if (!chargeId)
    throw new EmulatorError(
      'This PaymentIntent does not have a successful charge to refund.',
      400,
      'charge_not_refundable',
    )
  const charge = mustFind<Charge>(chargeId, 'charge')
  const remaining = charge.amount - charge.amount_refunded
  const amount = params.amount ?? remaining
  if (remaining <= 0)
    throw new EmulatorError(`Charge ${charge.id} has already been refunded.`, 400, 'charge_already_refunded')
  if (amount > remaining || amount <= 0)
    throw new EmulatorError('Refund amount is greater than unrefunded amount on charge', 400, 'amount_too_large')

  const refund = saveObject({
    id: newId('re'),
    object: 'refund',
    amount,
    charge: charge.id,
    payment_intent: charge.payment_intent,
    currency: charge.currency,
    status: 'succeeded',
    metadata: params.metadata ?? {},
    created: nowSeconds(),
  })
  const refunded = saveObject<Charge>({
    ...charge,
    amount_refunded: charge.amount_refunded + amount,
    refunded: charge.amount_refunded + amount === charge.amount,
  })
  emitEvent('charge.refunded', refunded)
  if (params.reverse_transfer && charge.transfer) {
    const transfer = mustFind<Transfer>(charge.transfer, 'transfer')
    const reversal = Math.min(
      transfer.amount - transfer.amount_reversed,
      Math.round((transfer.amount * amount) / charge.amount),
    )
    const reversed = saveObject<Transfer>({
      ...transfer,
      amount_reversed: transfer.amount_reversed + reversal,
      reversed: transfer.amount_reversed + reversal === transfer.amount,
    })
    emitEvent('transfer.reversed', reversed)
  }
  return refund
}
