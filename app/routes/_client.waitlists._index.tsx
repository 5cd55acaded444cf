import { Form, useLoaderData } from '@remix-run/react'
import { Trans, useTranslation } from 'react-i18next'
import { Pagination } from '~/components/marketplace/pagination'
import { Button, buttonClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { readForm } from '~/lib/form-data.server'
import { formId, refuseWithRedirect, unknownForm } from '~/lib/forms.server'
import { formatsFor } from '~/lib/i18n/formats'
import { currentLanguage, tFor } from '~/lib/i18n/i18n.server'
import { msg } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
import { viewerTimeZone } from '~/lib/time-zone.server'
import { redirectWithToast } from '~/lib/toast.server'
import { appOrigin } from '~/lib/url.server'
import { requireUser } from '~/models/accounts/auth.server'
import { afterClaim } from '~/models/waitlist/claim-page.server'
import { claimOffer, declineOffer } from '~/models/waitlist/claim.server'
import { leaveWaitlist, listOwnEntries } from '~/models/waitlist/entries.server'
import { liveOffersOf } from '~/models/waitlist/notices.server'
import { clockLabel, entryWindowsLabel, whenLabel } from '~/models/waitlist/screens.server'
import {
  CLAIM_INTENT,
  DECLINE_INTENT,
  DECLINED,
  ENTRY_NOT_FOUND,
  LEAVE_INTENT,
  LEFT,
  OFFER_NOT_FOUND,
  WAITLIST_PATH,
} from '~/models/waitlist/waitlist'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'waitlist')('titles.waitlists') }]

/**
 * The client's waitlists (`/waitlists`): times held for them now (each with its one button), and
 * the services they wait for, oldest first, a page at a time (`?page=`), each with Leave. Only
 * their own: nothing of anyone else in line.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const zone = viewerTimeZone(request, user)
  const requested = Number(new URL(request.url).searchParams.get('page') ?? 1)
  const { entries, page, pageCount, total } = listOwnEntries(user, requested)
  const language = currentLanguage()
  const { money } = formatsFor(language)
  const t = tFor(language, 'waitlist')
  return {
    offers: liveOffersOf(user.id).map((offer) => ({
      id: offer.id,
      serviceName: offer.serviceName,
      practitionerName: offer.practitionerName,
      when: whenLabel(offer.startTime, zone),
      until: clockLabel(offer.expiresAt, zone),
      button: offer.priceCents > 0 ? t('offer.bookAndPay', { price: money(offer.priceCents) }) : t('offer.book'),
    })),
    entries: entries.map((entry) => ({
      id: entry.id,
      serviceId: entry.serviceId,
      serviceName: entry.serviceName,
      practitionerName: entry.practitionerName,
      windows: entryWindowsLabel(entry),
      joinedOn: whenLabel(entry.joinedAt, zone),
    })),
    page,
    pageCount,
    total,
  }
}

/** Take a held time (booked, or on to checkout), or leave a waitlist; refused: back here, saying why. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const formData = await readForm(request)
  const intent = formData.get('intent')
  try {
    if (intent === CLAIM_INTENT) {
      const id = formId(formData, 'offerId', OFFER_NOT_FOUND)
      return await afterClaim(user, await claimOffer(user, { id }), appOrigin(request))
    }
    if (intent === DECLINE_INTENT) {
      declineOffer(user, { id: formId(formData, 'offerId', OFFER_NOT_FOUND) })
      return redirectWithToast(WAITLIST_PATH, {
        type: 'success',
        title: msg('waitlist:toasts.letGo'),
        description: DECLINED,
      })
    }
    if (intent !== LEAVE_INTENT) throw unknownForm()
    leaveWaitlist(user, formId(formData, 'entryId', ENTRY_NOT_FOUND))
  } catch (error) {
    if (error instanceof Response) throw error
    return refuseWithRedirect(
      WAITLIST_PATH,
      error,
      msg(
        intent === CLAIM_INTENT
          ? 'waitlist:toasts.couldNotBook'
          : intent === DECLINE_INTENT
            ? 'waitlist:toasts.couldNotLetGo'
            : 'waitlist:toasts.couldNotLeave',
      ),
    )
  }
  return redirectWithToast(WAITLIST_PATH, { type: 'success', title: msg('waitlist:toasts.left'), description: LEFT })
}

export default function Waitlists() {
  const { offers, entries, page, pageCount, total } = useLoaderData<typeof loader>()
  const { t } = useTranslation('waitlist')
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t('mine.heading')}</h1>
        <p className="text-muted-foreground">{t('mine.intro')}</p>
      </div>
      {offers.length ? (
        <section id="offers" aria-label={t('mine.heldLabel')} className="space-y-3">
          {offers.map((offer) => (
            <Card key={offer.id} className="space-y-3 border-primary p-5">
              <p className="font-semibold">
                {t('mine.opened', {
                  service: offer.serviceName,
                  practitioner: offer.practitionerName,
                  when: offer.when,
                })}
              </p>
              <p className="text-sm text-muted-foreground">{t('mine.heldUntil', { until: offer.until })}</p>
              <Form method="post">
                <input type="hidden" name="offerId" value={offer.id} />
                <div className="flex flex-wrap gap-3">
                  <Button type="submit" name="intent" value={CLAIM_INTENT}>
                    {offer.button}
                  </Button>
                  <Button type="submit" name="intent" value={DECLINE_INTENT} variant="outline">
                    {t('offer.letGo')}
                  </Button>
                </div>
              </Form>
            </Card>
          ))}
        </section>
      ) : null}
      <section aria-label={t('mine.listLabel')} className="space-y-3">
        <h2 className="text-lg font-semibold">{t('mine.waitFor', { count: total })}</h2>
        {entries.length ? null : (
          <p className="text-muted-foreground">
            {/* Not `link`: react-i18next reads <link> as HTML's empty element and drops what it holds. */}
            <Trans t={t} i18nKey="mine.none" components={{ anchor: <Link to="/services" /> }} />
          </p>
        )}
        <ul className="space-y-3">
          {entries.map((entry) => (
            <li key={entry.id}>
              <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
                <div className="space-y-1">
                  <p className="font-semibold">
                    <Trans
                      t={t}
                      i18nKey="mine.entry"
                      values={{ service: entry.serviceName, practitioner: entry.practitionerName }}
                      components={{ anchor: <Link to={`/services/${entry.serviceId}`} /> }}
                    />
                  </p>
                  <p className="text-sm">{t('windows.suit', { windows: entry.windows })}</p>
                  <p className="text-sm text-muted-foreground">{t('mine.joined', { date: entry.joinedOn })}</p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value={LEAVE_INTENT} />
                  <input type="hidden" name="entryId" value={entry.id} />
                  <button type="submit" className={buttonClass({ variant: 'outline', size: 'sm' })}>
                    {t('mine.leave', { service: entry.serviceName })}
                  </button>
                </Form>
              </Card>
            </li>
          ))}
        </ul>
        <Pagination page={page} pageCount={pageCount} />
      </section>
    </div>
  )
}
