import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Button } from '~/components/ui/button'
import { DEFAULT_LANGUAGE, isLanguage } from '~/lib/i18n/languages'
import type { PackageOffer } from '~/models/packages/package'
import { offerCardWords } from '~/models/packages/package-words'

/** An offer as its card shows it (cents): the card words it in the page's language. */
export type OfferCard = Omit<PackageOffer, 'serviceId'>

/**
 * A practitioner's packages on their profile or a service's page (docs/decisions/051-packages.md),
 * each a plain form buying it (on to Checkout), so it works without JavaScript. The words are
 * the catalogue's and money is written by app/lib/money.ts alone (the public pages' JavaScript
 * budget: no date or zone code comes with them).
 */
export function PackageOffers({ offers, returnTo }: { offers: OfferCard[]; returnTo: string }) {
  const { t, i18n } = useTranslation('packages')
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE
  return offers.length ? (
    <section aria-label={t('offer.heading')} className="mt-14 space-y-4">
      <h2 className="text-2xl font-bold">{t('offer.heading')}</h2>
      {offers.map((offer) => {
        const words = offerCardWords(t, language, offer)
        return (
          <Form
            key={offer.id}
            method="post"
            action={`/packages/${offer.id}/buy`}
            className="space-y-2 rounded-lg border p-4"
          >
            <p>{words.text}</p>
            <input type="hidden" name="returnTo" value={returnTo} />
            <Button type="submit">{words.buy}</Button>
          </Form>
        )
      })}
    </section>
  ) : null
}
