import { formatDate, formatLongDate, formatTime, formatWeekdayDate, zoneAbbreviation, zoneLabel } from '../dates'
import { centsToDollars, formatEarnings, formatNumber, formatPrice, formatSignedEarnings } from '../money'
import type { Language } from './languages'

type Instant = Date | string | number

/**
 * Every way Solace writes a date, a time, a zone, money or a number, in one language: the one
 * path pages (`useFormats`, app/components/i18n/use-formats.ts), emails and files all take, so
 * the server and the browser print the same text (docs/decisions/052-languages.md).
 */
export function formatsFor(language: Language) {
  return {
    language,
    /** 'Nov 21, 2026' / '21 nov. 2026' */
    date: (instant: Instant, zone: string) => formatDate(instant, zone, language),
    /** 'November 21, 2026' / '21 novembre 2026' */
    longDate: (instant: Instant, zone: string) => formatLongDate(instant, zone, language),
    /** 'Thursday, December 3, 2026' / 'jeudi 3 décembre 2026' */
    weekdayDate: (instant: Instant, zone: string) => formatWeekdayDate(instant, zone, language),
    /** '2:00 PM' / '14 h 00' */
    time: (instant: Instant, zone: string) => formatTime(instant, zone, language),
    /** 'EST' / 'HNE' */
    zone: (instant: Instant, zone: string) => zoneAbbreviation(instant, zone, language),
    /** 'America/Toronto (EST)' / 'America/Toronto (HNE)' */
    zoneLabel: (zone: string, at?: Instant) => zoneLabel(zone, at, language),
    /** 'Free' / '$49.99 CAD', 'Gratuit' / '49,99 $', from dollars. */
    price: (dollars: number) => formatPrice(dollars, language),
    /** The same from cents. */
    priceCents: (cents: number) => formatPrice(centsToDollars(cents), language),
    /** '$0.00 CAD' / '0,00 $' from cents, 0 included. */
    money: (cents: number) => formatEarnings(cents, language),
    /** '−$113.00 CAD' for a refund. */
    signedMoney: (cents: number) => formatSignedEarnings(cents, language),
    /** '4.8' / '4,8' */
    number: (value: number, decimals?: number) => formatNumber(value, language, decimals),
  }
}

export type Formats = ReturnType<typeof formatsFor>
