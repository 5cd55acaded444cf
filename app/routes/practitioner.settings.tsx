import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CalendarFeedCard } from '~/components/account/calendar-feed-card'
import { ChangePasswordForm, CHANGE_PASSWORD_INTENT } from '~/components/account/change-password-form'
import { DeleteAccountSection, DELETE_ACCOUNT_INTENT } from '~/components/account/delete-account-section'
import { LanguageCard } from '~/components/account/language-card'
import { NOTIFICATIONS_INTENT, NotificationSettingsCard } from '~/components/account/notification-settings-card'
import { TimeZoneCard } from '~/components/account/time-zone-form'
import {
  CONNECT_ACCOUNT_INTENT,
  ONBOARDING_LINK_INTENT,
  PaymentSetupCard,
} from '~/components/payments/payment-setup-card'
import { SecurityLinkCard } from '~/components/security/security-link-card'
import { Toaster } from '~/components/toaster'
import { paymentsAreEmulated } from '~/env.server'
import { ensurePrimary } from '~/integrations/litefs.server'
import { readForm } from '~/lib/form-data.server'
import { unknownForm } from '~/lib/forms.server'
import { requestLanguage } from '~/lib/i18n/language.server'
import { msg } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
import { redirectWithToast } from '~/lib/toast.server'
import { appOrigin } from '~/lib/url.server'
import {
  calendarFeedAction,
  changePasswordAction,
  deleteAccountAction,
  notificationSettingsAction,
} from '~/models/accounts/account-actions.server'
import { requirePractitioner } from '~/models/accounts/auth.server'
import { CALENDAR_FEED_INTENT } from '~/models/accounts/calendar-feed'
import { calendarFeedOf } from '~/models/accounts/calendar-feed.server'
import { getNotificationSettings } from '~/models/accounts/notification-settings.server'
import { timeZoneSetting } from '~/models/accounts/time-zone-choices.server'
import {
  createConnectedAccount,
  createOnboardingLink,
  getPaymentAccountStatus,
  PaymentAccountError,
  refreshPaymentAccount,
} from '~/models/practice/connect.server'
import { getEarningsSummary } from '~/models/practice/earnings.server'
import { requireRecentVerification } from '~/models/security/recent-verification.server'

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'practice')('titles.settings') }]

const PAGE = '/practitioner/settings'

/**
 * Stripe's onboarding comes back here: `?onboarding=return` when the practitioner finished
 * (or left) it, `?onboarding=refresh` when its link expired. Both end in a redirect, so the
 * address is clean again and a reload does not repeat them.
 */
async function onboardingReturn(userId: number) {
  // Reads the account from Stripe now, so the page is right before the webhook arrives; a
  // GET that writes must run on the primary (only the primary writes).
  await ensurePrimary()
  const status = await refreshPaymentAccount(userId)
  if (!status.hasAccount) return redirect(PAGE)
  return redirectWithToast(
    PAGE,
    status.onboardingComplete
      ? {
          type: 'success',
          title: msg('practice:settings.toasts.ready'),
          description: msg('practice:settings.toasts.readyText'),
        }
      : {
          type: 'info',
          title: msg('practice:settings.toasts.notFinished'),
          description: msg('practice:settings.toasts.notFinishedText'),
        },
  )
}

/** Sends the browser to the payment provider, or back here with the spec's toast. */
async function toProvider(start: () => Promise<{ url: string }>) {
  try {
    return redirect((await start()).url)
  } catch (error) {
    if (!(error instanceof PaymentAccountError)) throw error
    return redirectWithToast(PAGE, { type: 'error', title: error.title, description: error.description })
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePractitioner(request)
  const url = new URL(request.url)
  const onboarding = url.searchParams.get('onboarding')
  if (onboarding === 'return') throw await onboardingReturn(user.id)
  if (onboarding === 'refresh') await requireRecentVerification(request)
  if (onboarding === 'refresh') throw await toProvider(() => createOnboardingLink(user, appOrigin(request)))
  const payment = getPaymentAccountStatus(user.id)
  return {
    payment: {
      ...payment,
      earnings: payment.onboardingComplete ? getEarningsSummary(user.id) : null,
      emulated: paymentsAreEmulated(),
    },
    timeZone: timeZoneSetting(user.timeZone, requestLanguage(request, user)),
    calendarFeed: calendarFeedOf(user.id, appOrigin(request)),
    notifications: getNotificationSettings(user.id),
    deleteOpen: url.searchParams.has('delete'),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePractitioner(request)
  const formData = await readForm(request)
  switch (formData.get('intent')) {
    case CHANGE_PASSWORD_INTENT:
      return changePasswordAction(request, formData, user.id, PAGE)
    case DELETE_ACCOUNT_INTENT:
      return deleteAccountAction(request, formData, user.id)
    case CALENDAR_FEED_INTENT:
      return calendarFeedAction(formData, user.id, PAGE)
    case NOTIFICATIONS_INTENT:
      return notificationSettingsAction(formData, user, PAGE)
    case CONNECT_ACCOUNT_INTENT:
      await requireRecentVerification(request)
      return toProvider(() => createConnectedAccount(user, appOrigin(request)))
    case ONBOARDING_LINK_INTENT:
      await requireRecentVerification(request)
      return toProvider(() => createOnboardingLink(user, appOrigin(request)))
    default:
      throw unknownForm()
  }
}

export default function PractitionerSettingsPage() {
  const { payment, timeZone, calendarFeed, notifications, deleteOpen } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const resultFor = (intent: string) => (actionData?.result.initialValue?.intent === intent ? actionData.result : null)
  const { t } = useTranslation('practice')
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t('settings.title')}</h1>
        <p className="text-muted-foreground">{t('settings.intro')}</p>
      </div>
      <PaymentSetupCard {...payment} />
      {/* The spec's Account Preferences card, its first preference the zone of the calendar. */}
      <TimeZoneCard title={t('settings.preferences')} setting={timeZone} redirectTo={PAGE} />
      <LanguageCard redirectTo={PAGE} />
      <NotificationSettingsCard settings={notifications} practitioner />
      <CalendarFeedCard feed={calendarFeed} />
      <section aria-labelledby="account-security" className="space-y-3">
        <h2 id="account-security" className="text-lg font-semibold">
          {t('settings.security')}
        </h2>
        <ChangePasswordForm lastResult={resultFor(CHANGE_PASSWORD_INTENT)} />
        <SecurityLinkCard />
      </section>
      <DeleteAccountSection open={deleteOpen} pagePath={PAGE} lastResult={resultFor(DELETE_ACCOUNT_INTENT)} />
      <Toaster toast={actionData?.toast} />
    </div>
  )
}
