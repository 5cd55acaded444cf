import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Pagination } from '~/components/marketplace/pagination'
import { buttonClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { isAppError } from '~/lib/errors'
import { readForm } from '~/lib/form-data.server'
import { formId, refuseWithRedirect, unknownForm } from '~/lib/forms.server'
import { msg } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
import { idFromParam } from '~/lib/route-params'
import { viewerTimeZone } from '~/lib/time-zone.server'
import { redirectWithToast } from '~/lib/toast.server'
import { requirePractitioner } from '~/models/accounts/auth.server'
import { SERVICE_NOT_FOUND } from '~/models/marketplace/service'
import { removeFromWaitlist } from '~/models/waitlist/entries.server'
import { clockLabel, entryWindowsLabel, whenLabel } from '~/models/waitlist/screens.server'
import { listServiceWaitlist } from '~/models/waitlist/service-waitlists.server'
import { ENTRY_NOT_FOUND, PRACTITIONER_WAITLIST_PATH, REMOVE_INTENT, REMOVED } from '~/models/waitlist/waitlist'

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'waitlist')('titles.serviceWaitlist') }]

/** The practitioner's own service's waitlist, a page at a time; another's (or none) is 404. */
function waitlistOr404(practitioner: { id: number }, param: string | undefined, page: number) {
  const serviceId = idFromParam(param)
  if (serviceId === null) throw data({ message: SERVICE_NOT_FOUND }, { status: 404 })
  try {
    return listServiceWaitlist(practitioner, serviceId, page)
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw data({ message: SERVICE_NOT_FOUND }, { status: 404 })
    throw error
  }
}

/**
 * Who waits for one service (`/practitioner/waitlists/:serviceId`), in line order, since when,
 * the times that suit them, and whether a time is held for them now; each can be removed.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePractitioner(request)
  const zone = viewerTimeZone(request, user)
  const requested = Number(new URL(request.url).searchParams.get('page') ?? 1)
  const list = waitlistOr404(user, params.serviceId, requested)
  return {
    service: list.service,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    entries: list.entries.map((entry) => ({
      id: entry.id,
      place: entry.place,
      name: `${entry.firstName} ${entry.lastName}`,
      since: whenLabel(entry.joinedAt, zone),
      windows: entryWindowsLabel(entry),
      offeredUntil: entry.offeredUntil ? clockLabel(entry.offeredUntil, zone) : null,
    })),
  }
}

/** Removes a client from this waitlist (a time held for them opens again). */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePractitioner(request)
  const { service } = waitlistOr404(user, params.serviceId, 1)
  const page = `${PRACTITIONER_WAITLIST_PATH}/${service.id}`
  const formData = await readForm(request)
  if (formData.get('intent') !== REMOVE_INTENT) throw unknownForm()
  try {
    removeFromWaitlist(user, formId(formData, 'entryId', ENTRY_NOT_FOUND))
  } catch (error) {
    return refuseWithRedirect(page, error, msg('waitlist:toasts.couldNotRemove'))
  }
  return redirectWithToast(page, { type: 'success', title: msg('waitlist:toasts.removed'), description: REMOVED })
}

export default function ServiceWaitlist() {
  const { service, total, page, pageCount, entries } = useLoaderData<typeof loader>()
  const { t } = useTranslation('waitlist')
  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm">
          <Link to={PRACTITIONER_WAITLIST_PATH}>{t('practice.all')}</Link>
        </p>
        <h1 className="text-2xl font-bold tracking-tight">{t('practice.serviceHeading', { service: service.name })}</h1>
        <p className="text-muted-foreground">
          {t('practice.waiting', { count: total })}
          {service.waitlistOn ? '' : t('practice.isOff')}
        </p>
      </div>
      <ol className="space-y-3">
        {entries.map((entry) => (
          <li key={entry.id}>
            <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
              <div className="space-y-1">
                <p className="font-semibold">
                  {entry.place}. {entry.name}
                </p>
                <p className="text-sm">{t('windows.suit', { windows: entry.windows })}</p>
                <p className="text-sm text-muted-foreground">
                  {t('practice.since', { date: entry.since })}
                  {entry.offeredUntil ? t('practice.heldUntil', { until: entry.offeredUntil }) : ''}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value={REMOVE_INTENT} />
                <input type="hidden" name="entryId" value={entry.id} />
                <button type="submit" className={buttonClass({ variant: 'outline', size: 'sm' })}>
                  {t('practice.remove', { name: entry.name })}
                </button>
              </Form>
            </Card>
          </li>
        ))}
      </ol>
      <Pagination page={page} pageCount={pageCount} />
    </div>
  )
}
