import { MONTH_NAMES } from '~/lib/dates'
import { formatsFor } from '~/lib/i18n/formats'
import { tFor } from '~/lib/i18n/i18n.server'
import type { Language } from '~/lib/i18n/languages'
import { zonedTime } from '~/lib/zoned-time'
import { professionName, PROFESSIONS, type Profession } from '~/models/practice/professions'
import type { PrintedWords, ReceiptSnapshot } from './receipt'
import type { PaymentCard } from './receipts.server'
import type { TaxKind } from './tax'

/**
 * The words a receipt prints, in each language (docs/decisions/049-receipts.md, 052-languages.md).
 * Worded when the receipt is issued, from what is true then, in English (the snapshot's fields)
 * and in French (its `fr`), so that neither is rewritten later; the labels around them (the
 * PDF's, the lists') come from the catalogues.
 */

/** What is true when a receipt is issued, that its words are made from. */
export type ReceiptFacts = {
  issuedAt: Date
  /** The client's zone, that every date and time is read in. */
  zone: string
  /** The session's start, or the moment a package was bought. */
  start: Date
  serviceName: string
  package: { sessions: number; expiresAt: Date } | null
  profession: Profession | null
  professionOther: string | null
  taxKind: TaxKind
  taxCents: number
  card: PaymentCard | null
}

const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  diners: 'Diners Club',
  interac: 'Interac',
  unionpay: 'UnionPay',
}

/** How the payment was made: 'Visa ending in 4242' ('Visa se terminant par 4242'), or 'Card' without details. */
export function paymentMethodLabel(card: PaymentCard | null, language: Language) {
  const t = tFor(language, 'files')
  const brand = card ? CARD_BRANDS[card.brand] : undefined
  if (!card || !brand || !/^\d{4}$/.test(card.last4)) return t('receipts.card')
  return t('receipts.cardEnding', { brand, last4: card.last4 })
}

/** A tax's name as a receipt prints it: 'HST 13%', 'TVH 13 %'. */
function taxNameIn(kind: TaxKind, language: Language) {
  return tFor(language, 'billing')(`taxes.${kind}`)
}

function professionIn(facts: Pick<ReceiptFacts, 'profession' | 'professionOther'>, language: Language) {
  if (language === 'en' || !facts.profession || facts.profession === 'other')
    return professionName(facts.profession, facts.professionOther, tFor('en', 'practice'))
  return tFor(language, 'files')(`receipts.professions.${facts.profession}`)
}

/** The receipt's words in one language, from what is true when it is issued. */
export function printedWords(facts: ReceiptFacts, language: Language): PrintedWords {
  const f = formatsFor(language)
  const t = tFor(language, 'files')
  return {
    issuedOn: f.date(facts.issuedAt, facts.zone),
    service: {
      name: facts.package
        ? t('receipts.packageName', { service: facts.serviceName, sessions: facts.package.sessions })
        : facts.serviceName,
      date: f.date(facts.start, facts.zone),
      time: `${f.time(facts.start, facts.zone)} ${f.zone(facts.start, facts.zone)}`,
    },
    validUntil: facts.package ? f.date(facts.package.expiresAt, facts.zone) : null,
    profession: professionIn(facts, language),
    taxName: facts.taxCents > 0 ? taxNameIn(facts.taxKind, language) : null,
    paymentMethod: paymentMethodLabel(facts.card, language),
  }
}

/** The words of an issued receipt in a language, as the PDF and the lists print them. */
export function wordsIn(snapshot: ReceiptSnapshot, language: Language): PrintedWords {
  if (language === 'fr' && snapshot.fr) return snapshot.fr
  const english: PrintedWords = {
    issuedOn: snapshot.issuedOn,
    service: { name: snapshot.service.name, date: snapshot.service.date, time: snapshot.service.time },
    validUntil: snapshot.package?.validUntil ?? null,
    profession: snapshot.practitioner.profession,
    taxName: snapshot.amounts.taxName,
    paymentMethod: snapshot.paymentMethod,
  }
  return language === 'en' ? english : fromEnglish(snapshot, english, language)
}

/*
 * A receipt issued before French holds its words in English only. They were written by the
 * rules above, so each is read back into its parts and worded again: its dates and times, the
 * package, the profession, the tax and the card. A word not read back (a profession of the
 * person's own) is printed as written.
 */

const SHORT_MONTHS = MONTH_NAMES.en.map((name) => name.slice(0, 3))

function englishDate(text: string) {
  const match = /^([A-Z][a-z]{2}) (\d{1,2}), (\d{4})$/.exec(text)
  const month = match ? SHORT_MONTHS.indexOf(match[1]!) + 1 : 0
  return match && month ? { year: Number(match[3]), month, day: Number(match[2]) } : null
}

/**
 * A zone's short name as printed in English ('PST') in the language: found at a time of year the
 * zone went by that name (its rules may have changed since), else kept as printed.
 */
function zoneNameIn(english: string, zone: string, year: number, language: Language) {
  for (const y of [year, year - 1, year - 2])
    for (const month of [1, 7]) {
      const at = zonedTime({ year: y, month, day: 15 }, 12 * 60, zone)
      if (formatsFor('en').zone(at, zone) === english) return formatsFor(language).zone(at, zone)
    }
  return english
}

function fromEnglish(snapshot: ReceiptSnapshot, english: PrintedWords, language: Language): PrintedWords {
  const f = formatsFor(language)
  const t = tFor(language, 'files')
  const zone = snapshot.service.timeZone
  const day = (text: string) => {
    const date = englishDate(text)
    return date ? f.date(zonedTime(date, 12 * 60, zone), zone) : text
  }
  const time = (() => {
    const date = englishDate(english.service.date)
    const clock = /^(\d{1,2}):(\d{2}) (AM|PM) (\S+)$/.exec(english.service.time)
    if (!date || !clock) return english.service.time
    const hour = (Number(clock[1]) % 12) + (clock[3] === 'PM' ? 12 : 0)
    const minutes = Number(clock[2])
    const name = zoneNameIn(clock[4]!, zone, date.year, language)
    return `${f.time(Date.UTC(2000, 0, 1, hour, minutes), 'UTC')} ${name}`
  })()
  const pack = /^(.*): package of (\d+) sessions$/s.exec(english.service.name)
  const profession = PROFESSIONS.find((one) => professionName(one, null, tFor('en', 'practice')) === english.profession)
  const tax = Object.entries(tFor('en', 'billing')('taxes', { returnObjects: true })).find(
    ([, name]) => name === english.taxName,
  )?.[0]
  const card = /^(.+) ending in (\d{4})$/.exec(english.paymentMethod)
  const brand = card ? Object.entries(CARD_BRANDS).find(([, name]) => name === card[1])?.[0] : undefined
  return {
    issuedOn: f.date(snapshot.issuedAt, zone),
    service: {
      name: pack ? t('receipts.packageName', { service: pack[1]!, sessions: Number(pack[2]) }) : english.service.name,
      date: day(english.service.date),
      time,
    },
    validUntil: english.validUntil === null ? null : day(english.validUntil),
    profession: profession
      ? professionIn({ profession: profession as Profession, professionOther: null }, language)
      : english.profession,
    taxName: tax ? taxNameIn(tax as TaxKind, language) : english.taxName,
    paymentMethod: paymentMethodLabel(brand && card ? { brand, last4: card[2]! } : null, language),
  }
}
