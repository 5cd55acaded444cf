import { Form, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Badge } from '~/components/ui/badge'
import { buttonClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { FilledNotice } from '~/components/waitlist/waitlist-notices'
import { readForm } from '~/lib/form-data.server'
import { formId, refuseWithRedirect, unknownForm } from '~/lib/forms.server'
import { msg } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
import { viewerTimeZone } from '~/lib/time-zone.server'
import { redirectWithToast } from '~/lib/toast.server'
import { requirePractitioner } from '~/models/accounts/auth.server'
import { SERVICE_NOT_FOUND } from '~/models/marketplace/service'
import { recentWaitlistFills } from '~/models/waitlist/notices.server'
import { fillNoticeLines } from '~/models/waitlist/screens.server'
import { setWaitlistOn, waitlistOverview } from '~/models/waitlist/service-waitlists.server'
import { PRACTITIONER_WAITLIST_PATH, WAITLIST_SWITCH_INTENT } from '~/models/waitlist/waitlist-links'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'waitlist')('titles.waitlists') }]

/**
 * The practitioner's waitlists (`/practitioner/waitlists`): each service with how many wait and
 * whether its waitlist is on (a switch per service), and the times waitlisted clients took lately.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePractitioner(request)
  const zone = viewerTimeZone(request, user)
  return {
    services: waitlistOverview(user.id),
    fills: fillNoticeLines(recentWaitlistFills(user.id), zone),
  }
}

/** Turns one service's waitlist on or off (off: live offers withdrawn, their times open to all). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePractitioner(request)
  const formData = await readForm(request)
  if (formData.get('intent') !== WAITLIST_SWITCH_INTENT) throw unknownForm()
  const on = formData.get('on') === 'true'
  try {
    setWaitlistOn(user, formId(formData, 'serviceId', SERVICE_NOT_FOUND), on)
  } catch (error) {
    return refuseWithRedirect(PRACTITIONER_WAITLIST_PATH, error, msg('waitlist:toasts.couldNotChange'))
  }
  return redirectWithToast(PRACTITIONER_WAITLIST_PATH, {
    type: 'success',
    title: msg(on ? 'waitlist:toasts.on' : 'waitlist:toasts.off'),
    description: msg(on ? 'waitlist:toasts.onDescription' : 'waitlist:toasts.offDescription'),
  })
}

export default function PractitionerWaitlists() {
  const { services, fills } = useLoaderData<typeof loader>()
  const { t } = useTranslation('waitlist')
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t('practice.heading')}</h1>
        <p className="text-muted-foreground">{t('practice.intro')}</p>
      </div>
      <FilledNotice fills={fills} />
      {services.length ? null : <p className="text-muted-foreground">{t('practice.noServices')}</p>}
      <ul className="space-y-3">
        {services.map((service) => (
          <li key={service.id}>
            <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
              <div className="space-y-1">
                <p className="font-semibold">
                  <Link to={`${PRACTITIONER_WAITLIST_PATH}/${service.id}`}>{service.name}</Link>{' '}
                  {service.waitlistOn ? null : <Badge>{t('practice.offBadge')}</Badge>}
                </p>
                <p className="text-sm text-muted-foreground">{t('practice.waiting', { count: service.waiting })}</p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value={WAITLIST_SWITCH_INTENT} />
                <input type="hidden" name="serviceId" value={service.id} />
                <input type="hidden" name="on" value={String(!service.waitlistOn)} />
                <button type="submit" className={buttonClass({ variant: 'outline', size: 'sm' })}>
                  {t(service.waitlistOn ? 'practice.turnOff' : 'practice.turnOn', { service: service.name })}
                </button>
              </Form>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  )
}
