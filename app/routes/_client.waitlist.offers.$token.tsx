import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { Trans, useTranslation } from 'react-i18next'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { isAppError } from '~/lib/errors'
import { readForm } from '~/lib/form-data.server'
import { refuseWithRedirect } from '~/lib/forms.server'
import { formatsFor } from '~/lib/i18n/formats'
import { currentLanguage, inRequestLanguage, tFor } from '~/lib/i18n/i18n.server'
import { msg } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
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

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'waitlist')('titles.offer') }]

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
 * Worded in the reader's language.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const offer = offerOr404(user, params.token)
  const zone = viewerTimeZone(request, user)
  const language = currentLanguage()
  const t = tFor(language, 'waitlist')
  return {
    serviceName: offer.serviceName,
    practitionerName: offer.practitionerName,
    when: offer.startTime ? whenLabel(offer.startTime, zone) : t('offer.offCalendar'),
    length: t('offer.length', { minutes: offer.durationMinutes }),
    until: clockLabel(offer.expiresAt, zone),
    ended: offer.ended ? inRequestLanguage(offer.ended) : null,
    bookingHref: offer.bookingId === null ? null : `/bookings/${offer.bookingId}`,
    serviceHref: `/services/${offer.serviceId}`,
    button:
      offer.priceCents > 0
        ? t('offer.bookAndPay', { price: formatsFor(language).money(offer.priceCents) })
        : t('offer.book'),
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
      return redirectWithToast(WAITLIST_PATH, {
        type: 'success',
        title: msg('waitlist:toasts.letGo'),
        description: DECLINED,
      })
    }
    return await afterClaim(user, await claimOffer(user, { token }), appOrigin(request))
  } catch (error) {
    return refuseWithRedirect(
      offerPath(token),
      error,
      msg(decline ? 'waitlist:toasts.couldNotLetGo' : 'waitlist:toasts.couldNotBook'),
    )
  }
}

export default function WaitlistOffer() {
  const offer = useLoaderData<typeof loader>()
  const { t } = useTranslation('waitlist')
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">{t('offer.heading')}</h1>
      <Card className="space-y-2 p-5">
        <p className="font-semibold">
          {t('offer.with', { service: offer.serviceName, practitioner: offer.practitionerName })}
        </p>
        <p>
          {offer.when} · {offer.length}
        </p>
      </Card>
      {offer.ended ? (
        <div className="space-y-3" role="status">
          <p>{offer.ended}</p>
          {offer.bookingHref ? (
            <ButtonLink to={offer.bookingHref}>{t('offer.seeBooking')}</ButtonLink>
          ) : (
            <div className="flex flex-wrap gap-3">
              <ButtonLink to={offer.serviceHref}>{t('offer.otherTimes')}</ButtonLink>
              <ButtonLink to={WAITLIST_PATH} variant="outline">
                {t('offer.yourWaitlists')}
              </ButtonLink>
            </div>
          )}
        </div>
      ) : (
        <Form method="post" className="space-y-3">
          <p>
            <Trans
              t={t}
              i18nKey="offer.heldUntil"
              values={{ until: offer.until }}
              components={{ strong: <strong /> }}
            />
          </p>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value={CLAIM_INTENT}>
              {offer.button}
            </Button>
            <Button type="submit" name="intent" value={DECLINE_INTENT} variant="outline">
              {t('offer.letGo')}
            </Button>
          </div>
        </Form>
      )}
    </div>
  )
}
