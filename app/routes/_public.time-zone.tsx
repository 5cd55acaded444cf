import { parseWithZod } from '@conform-to/zod/v4'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { TimeZoneForm } from '~/components/account/time-zone-form'
import { AuthCard } from '~/components/auth-card'
import { useFormats } from '~/components/i18n/use-formats'
import { Link } from '~/components/ui/link'
import { readForm } from '~/lib/form-data.server'
import { invalid } from '~/lib/forms.server'
import { requestLanguage } from '~/lib/i18n/language.server'
import { metaT } from '~/lib/i18n/meta'
import { safeRedirect } from '~/lib/safe-redirect'
import { chosenTimeZoneCookie, viewerTimeZone } from '~/lib/time-zone.server'
import { redirectWithToast } from '~/lib/toast.server'
import { getUser } from '~/models/accounts/auth.server'
import { TIME_ZONE_UPDATED, TimeZoneSchema, timeZoneUpdated } from '~/models/accounts/time-zone'
import { timeZoneSetting } from '~/models/accounts/time-zone-choices.server'
import { setTimeZone } from '~/models/accounts/user.server'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'account')('titles.timeZone') }]

/**
 * The zone picker: what the booking page's "Change time zone" and both settings screens post
 * to. A signed-in person's choice is their setting, everywhere at once; a visitor's is kept in
 * a cookie (and taken into their account if they sign up). Works without JavaScript, which is
 * how a visitor whose browser cannot report its zone gets theirs.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  return {
    setting: timeZoneSetting(viewerTimeZone(request, user), requestLanguage(request, user)),
    redirectTo: safeRedirect(new URL(request.url).searchParams.get('redirectTo')),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request)
  const submission = parseWithZod(formData, { schema: TimeZoneSchema })
  if (submission.status !== 'success') return invalid(submission)
  const zone = submission.value.timeZone
  const to = safeRedirect(formData.get('redirectTo'))
  const toast = { type: 'success', title: TIME_ZONE_UPDATED, description: timeZoneUpdated(zone) } as const
  const user = await getUser(request)
  if (user) {
    setTimeZone(user.id, zone)
    return redirectWithToast(to, toast)
  }
  return redirectWithToast(to, toast, { headers: { 'Set-Cookie': chosenTimeZoneCookie(zone) } })
}

export default function TimeZonePage() {
  const { t } = useTranslation('account')
  const formats = useFormats()
  const { setting, redirectTo } = useLoaderData<typeof loader>()
  const errors = useActionData<typeof action>()?.result.error?.timeZone ?? undefined
  return (
    <AuthCard
      title={t('timeZone.title')}
      description={t('timeZone.timesShownIn', { zone: formats.zoneLabel(setting.current) })}
    >
      <TimeZoneForm current={setting.current} choices={setting.choices} redirectTo={redirectTo} errors={errors} />
      <p className="mt-6 text-center text-sm">
        <Link to={redirectTo} className="font-medium text-primary hover:underline">
          {t('timeZone.backWithoutChanging')}
        </Link>
      </p>
    </AuthCard>
  )
}
