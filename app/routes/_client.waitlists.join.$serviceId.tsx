import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Toaster } from '~/components/toaster'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { WEEKDAY_NAMES } from '~/lib/dates'
import { readForm } from '~/lib/form-data.server'
import { invalid, refused } from '~/lib/forms.server'
import { formatsFor } from '~/lib/i18n/formats'
import { currentLanguage, inRequestLanguage } from '~/lib/i18n/i18n.server'
import type { Namespace } from '~/lib/i18n/languages'
import { msg, namespacesOf, translateMessage } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
import { viewerTimeZone } from '~/lib/time-zone.server'
import { redirectWithToast } from '~/lib/toast.server'
import { requireUser } from '~/models/accounts/auth.server'
import { SERVICE_NOT_FOUND } from '~/models/marketplace/service'
import { getPublicServiceByParam } from '~/models/marketplace/service.server'
import { isWaitlistOn, joinWaitlist, waitingEntryFor } from '~/models/waitlist/entries.server'
import {
  ALREADY_WAITING,
  JOINED,
  OWN_WAITLIST,
  WAITLIST_OFF,
  WAITLIST_PATH,
  WaitlistJoinFormSchema,
  windowsFromForm,
} from '~/models/waitlist/waitlist'
import type { TFunction } from 'i18next'

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'waitlist')('titles.join') }]

function serviceOr404(param: string | undefined) {
  const service = getPublicServiceByParam(param)
  if (!service) throw data({ message: SERVICE_NOT_FOUND }, { status: 404 })
  return service
}

/**
 * Joining a listed service's waitlist (`/waitlists/join/:serviceId`, from its booking page): the
 * days and the stretch of the day that suit, in the person's own zone; nothing chosen is any
 * time. Says so instead when they wait already, the service is their own, or it takes no waitlist.
 * In the reader's language.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const service = serviceOr404(params.serviceId)
  const zone = viewerTimeZone(request, user)
  const language = currentLanguage()
  const refusal =
    service.practitioner.id === user.id
      ? OWN_WAITLIST
      : waitingEntryFor(user.id, service.id) !== null
        ? ALREADY_WAITING
        : !isWaitlistOn(service.id)
          ? WAITLIST_OFF
          : null
  return {
    service: {
      id: service.id,
      name: service.name,
      practitionerName: `${service.practitioner.firstName} ${service.practitioner.lastName}`,
    },
    zone: formatsFor(language).zoneLabel(zone),
    refusal: refusal ? inRequestLanguage(refusal) : null,
    days: WEEKDAY_NAMES[language].map((name, value) => ({ name, value })),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const service = serviceOr404(params.serviceId)
  const formData = await readForm(request)
  const submission = parseWithZod(formData, { schema: WaitlistJoinFormSchema })
  if (submission.status !== 'success') return invalid(submission)
  try {
    joinWaitlist(
      user,
      { serviceId: service.id, windows: windowsFromForm(submission.value) },
      viewerTimeZone(request, user),
    )
  } catch (error) {
    return refused(submission, error, msg('waitlist:toasts.couldNotJoin'))
  }
  return redirectWithToast(WAITLIST_PATH, {
    type: 'success',
    title: msg('waitlist:toasts.joined'),
    description: JOINED,
  })
}

export default function JoinWaitlist() {
  const { service, zone, refusal, days } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const errors = actionData ? Object.values(actionData.result.error ?? {}).flat() : []
  // What was sent comes back into the form when it is refused.
  const sent = (actionData?.result.initialValue ?? {}) as { days?: string | string[]; from?: string; to?: string }
  const sentDays = new Set([sent.days ?? []].flat())
  const { t } = useTranslation('waitlist')
  // A refusal's message is a catalogue key until shown: its namespace too.
  const { t: tError } = useTranslation(namespacesOf(errors) as Namespace[])
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t('join.heading')}</h1>
        <p className="text-muted-foreground">
          {t('offer.with', { service: service.name, practitioner: service.practitionerName })}
        </p>
      </div>
      {refusal ? (
        <div className="space-y-3" role="status">
          <p>{refusal}</p>
          <ButtonLink to={WAITLIST_PATH} variant="outline">
            {t('offer.yourWaitlists')}
          </ButtonLink>
        </div>
      ) : (
        <Card className="p-5">
          <Form method="post" className="space-y-5">
            <p className="text-sm">{t('join.intro')}</p>
            <fieldset className="space-y-2">
              <legend className="font-medium">{t('join.days')}</legend>
              <div className="flex flex-wrap gap-3">
                {days.map((day) => (
                  <label key={day.value} className="flex items-center gap-1.5 text-sm">
                    <input
                      type="checkbox"
                      name="days"
                      value={day.value}
                      defaultChecked={sentDays.has(String(day.value))}
                    />
                    {day.name}
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset className="space-y-2">
              <legend className="font-medium">{t('join.between', { zone })}</legend>
              <div className="flex flex-wrap items-center gap-3 text-sm">
                <label className="flex items-center gap-1.5">
                  {t('join.from')}{' '}
                  <input type="time" name="from" defaultValue={sent.from} className="rounded-md border px-2 py-1" />
                </label>
                <label className="flex items-center gap-1.5">
                  {t('join.to')}{' '}
                  <input type="time" name="to" defaultValue={sent.to} className="rounded-md border px-2 py-1" />
                </label>
              </div>
            </fieldset>
            {errors[0] ? (
              <p role="alert" className="text-sm text-destructive">
                {translateMessage(tError as TFunction, errors[0])}
              </p>
            ) : null}
            <Button type="submit">{t('join.submit')}</Button>
          </Form>
        </Card>
      )}
      <Toaster toast={actionData?.toast} />
    </div>
  )
}
