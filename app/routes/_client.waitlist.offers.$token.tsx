import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { isAppError } from '~/lib/errors'
import { readForm } from '~/lib/form-data.server'
import { refuseWithRedirect } from '~/lib/forms.server'
import { formatEarnings } from '~/lib/money'
import { viewerTimeZone } from '~/lib/time-zone.server'
import { redirectWithToast } from '~/lib/toast.server'
import { appOrigin } from '~/lib/url.server'
import { requireUser } from '~/models/accounts/auth.server'
import { afterClaim } from '~/models/waitlist/claim-page.server'
import { claimOffer, declineOffer, offerForClient } from '~/models/waitlist/claim.server'
import { clockLabel, whenLabel } from '~/models/waitlist/screens.server'
import {
  CLAIM_INTENT,
  DECLINE_INTENT,
  DECLINED,
  OFFER_NOT_FOUND,
  offerPath,
  WAITLIST_PATH,
} from '~/models/waitlist/waitlist'

export const meta: MetaFunction = () => [{ title: 'A time for you — Solace' }]

/** The offer's link: its own client only (anyone else, or a made-up link, 404). */
function offerOr404(user: { id: number }, token: string | undefined) {
  try {
    return offerForClient(user, { token: token ?? '' })
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw data({ message: OFFER_NOT_FOUND }, { status: 404 })
    throw error
  }
}

/**
 * The emailed offer (`/waitlist/offers/:token`): what is held, until when, and one button that
 * books it; or, once it is over, why, plainly. The GET writes nothing (mail scanners open links).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const offer = offerOr404(user, params.token)
  const zone = viewerTimeZone(request, user)
  return {
    serviceName: offer.serviceName,
    practitionerName: offer.practitionerName,
    when: offer.startTime ? whenLabel(offer.startTime, zone) : 'No longer on the calendar',
    length: `${offer.durationMinutes} minutes`,
    until: clockLabel(offer.expiresAt, zone),
    ended: offer.ended,
    bookingHref: offer.bookingId === null ? null : `/bookings/${offer.bookingId}`,
    serviceHref: `/services/${offer.serviceId}`,
    button: offer.priceCents > 0 ? `Book & Pay ${formatEarnings(offer.priceCents)}` : 'Book This Time',
  }
}

/** The one button: the held time booked (free) or on to checkout (paid); refused, this page says why. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const token = params.token ?? ''
  offerOr404(user, token)
  const decline = (await readForm(request)).get('intent') === DECLINE_INTENT
  try {
    if (decline) {
      declineOffer(user, { token })
      return redirectWithToast(WAITLIST_PATH, { type: 'success', title: 'Time let go', description: DECLINED })
    }
    return await afterClaim(user, await claimOffer(user, { token }), appOrigin(request))
  } catch (error) {
    return refuseWithRedirect(offerPath(token), error, decline ? 'Could not let it go' : 'Could not book this time')
  }
}

export default function WaitlistOffer() {
  const offer = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">A time opened for you</h1>
      <Card className="space-y-2 p-5">
        <p className="font-semibold">
          {offer.serviceName} with {offer.practitionerName}
        </p>
        <p>
          {offer.when} · {offer.length}
        </p>
      </Card>
      {offer.ended ? (
        <div className="space-y-3" role="status">
          <p>{offer.ended}</p>
          {offer.bookingHref ? (
            <ButtonLink to={offer.bookingHref}>See your booking</ButtonLink>
          ) : (
            <div className="flex flex-wrap gap-3">
              <ButtonLink to={offer.serviceHref}>See other times</ButtonLink>
              <ButtonLink to={WAITLIST_PATH} variant="outline">
                Your waitlists
              </ButtonLink>
            </div>
          )}
        </div>
      ) : (
        <Form method="post" className="space-y-3">
          <p>
            It is held for you until <strong>{offer.until}</strong>. After that it goes to the next person in line.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value={CLAIM_INTENT}>
              {offer.button}
            </Button>
            <Button type="submit" name="intent" value={DECLINE_INTENT} variant="outline">
              Let it go
            </Button>
          </div>
        </Form>
      )}
    </div>
  )
}
