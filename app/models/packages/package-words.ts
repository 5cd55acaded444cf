import type { Language } from '~/lib/i18n/languages'
import { formatEarnings } from '~/lib/money'
import type { PackageOffer } from './package'
import type { TFunction } from 'i18next'

/**
 * How packages are worded, in the language of the `t` given (the `packages` namespace's).
 * Client-safe and without zod: the public pages' offer cards use it within their JavaScript
 * budget (docs/decisions/051-packages.md, 052-languages.md).
 */

/** '5 sessions · valid 6 months' ('5 séances · valide 6 mois'), in the language of `t`. */
export function packageTerms(t: TFunction<'packages'>, offer: { sessions: number; expiresInMonths: number }) {
  return t('terms', {
    sessions: t('sessions', { count: offer.sessions }),
    months: t('months', { count: offer.expiresInMonths }),
  })
}

/**
 * An offer as the public pages' cards print it: 'Restorative Yin: 5 sessions · valid 6 months ·
 * $300.00 CAD ($60.00 CAD a session, saves $20.00 CAD a session)', and the button's words.
 */
export function offerCardWords(
  t: TFunction<'packages'>,
  language: Language,
  offer: Pick<
    PackageOffer,
    'serviceName' | 'sessions' | 'expiresInMonths' | 'priceCents' | 'perSessionCents' | 'savingPerSessionCents'
  >,
) {
  const price = formatEarnings(offer.priceCents, language)
  const values = {
    service: offer.serviceName,
    terms: packageTerms(t, offer),
    price,
    perSession: formatEarnings(offer.perSessionCents, language),
    saving: formatEarnings(offer.savingPerSessionCents, language),
  }
  return {
    text: t(offer.savingPerSessionCents > 0 ? 'offer.textWithSaving' : 'offer.text', values),
    buy: t('offer.buy', { price }),
  }
}
