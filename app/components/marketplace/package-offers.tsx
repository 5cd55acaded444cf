import { Form } from '@remix-run/react'
import { Button } from '~/components/ui/button'

/** An offer as its card prints it, worded by the loader (the public pages' JavaScript budget). */
export type OfferCard = { id: number; text: string; buy: string }

/**
 * A practitioner's packages on their profile or a service's page (docs/decisions/051-packages.md),
 * each a plain form buying it (on to Checkout), so it works without JavaScript.
 */
export function PackageOffers({ offers, returnTo }: { offers: OfferCard[]; returnTo: string }) {
  return offers.length ? (
    <section aria-label="Packages" className="mt-14 space-y-4">
      <h2 className="text-2xl font-bold">Packages</h2>
      {offers.map((offer) => (
        <Form
          key={offer.id}
          method="post"
          action={`/packages/${offer.id}/buy`}
          className="space-y-2 rounded-lg border p-4"
        >
          <p>{offer.text}</p>
          <input type="hidden" name="returnTo" value={returnTo} />
          <Button type="submit">{offer.buy}</Button>
        </Form>
      ))}
    </section>
  ) : null
}
