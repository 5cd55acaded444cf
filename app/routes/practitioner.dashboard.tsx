import { parseWithZod } from '@conform-to/zod/v4'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useFormats } from '~/components/i18n/use-formats'
import { CancelSessionDialog } from '~/components/practice/cancel-session-dialog'
import { MarkNoShowDialog, RecentSessionsCard } from '~/components/practice/recent-sessions-card'
import { INTAKE_REMINDER_INTENT, UpcomingSessionRow } from '~/components/practice/upcoming-session-row'
import { DISMISS_TWO_FACTOR_PROMPT_INTENT, TwoFactorPrompt } from '~/components/security/two-factor-prompt'
import { StatCard } from '~/components/stat-card'
import { ButtonLink } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { FilledNotice } from '~/components/waitlist/waitlist-notices'
import { readForm } from '~/lib/form-data.server'
import { formId, invalid, refused, refuseWithRedirect, unknownForm } from '~/lib/forms.server'
import { msg } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
import { centsToDollars } from '~/lib/money'
import { idFromParam } from '~/lib/route-params'
import { redirectWithToast } from '~/lib/toast.server'
import { requirePractitioner } from '~/models/accounts/auth.server'
import { BOOKING_NOT_FOUND } from '~/models/booking/booking.server'
import { sendIntakeReminder } from '~/models/booking/emails.server'
import { CLIENT_MARKED_ABSENT, CLIENT_NO_SHOW_INTENT } from '~/models/booking/no-show'
import { markClientNoShow } from '~/models/booking/no-show.server'
import {
  PRACTITIONER_CANCEL_INTENT,
  PractitionerCancelSchema,
  practitionerCancelled,
} from '~/models/booking/practitioner-cancel'
import { cancelAsPractitioner } from '~/models/booking/practitioner-cancel.server'
import { markIntakeReminded } from '~/models/intake/intake-responses.server'
import { getDashboard, getRecentSessions, UPCOMING_LIST_SIZE } from '~/models/practice/dashboard.server'
import { missingProfileParts } from '~/models/practice/profile'
import { dismissTwoFactorPrompt, showTwoFactorPrompt } from '~/models/security/two-factor.server'
import { recentWaitlistFills } from '~/models/waitlist/notices.server'
import { fillNoticeLines } from '~/models/waitlist/screens.server'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'practice')('titles.dashboard') }]

const PAGE = '/practitioner/dashboard'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePractitioner(request)
  const params = new URL(request.url).searchParams
  // `?all=1` lists every upcoming session; `?cancel=<id>` opens the Cancel Session dialog for
  // one of them (an id that is not one of theirs still to come leaves it closed), and
  // `?no-show=<id>` the confirmation that a recent session's client did not attend.
  const all = params.has('all')
  const cancelId = idFromParam(params.get('cancel') ?? undefined)
  const noShowId = idFromParam(params.get('no-show') ?? undefined)
  const now = new Date()
  const dashboard = getDashboard(user.id, now, { all: all || cancelId !== null })
  const cancelling = dashboard.upcomingSessions.find((s) => s.id === cancelId && s.canCancel)
  const recentSessions = getRecentSessions(user.id, now)
  return {
    firstName: user.firstName,
    // Freed times a waitlisted client took this week: the practitioner hears of each.
    waitlistFills: fillNoticeLines(recentWaitlistFills(user.id, now), user.timeZone),
    missing: missingProfileParts(user),
    timeZone: user.timeZone,
    stats: dashboard.stats,
    upcomingSessions: all ? dashboard.upcomingSessions : dashboard.upcomingSessions.slice(0, UPCOMING_LIST_SIZE),
    all,
    // More than the list shows: the card offers them all.
    more: dashboard.stats.upcomingSessions > UPCOMING_LIST_SIZE,
    cancelling: cancelling
      ? {
          id: cancelling.id,
          serviceName: cancelling.serviceName,
          clientName: cancelling.clientName,
          startTime: cancelling.startTime,
          refund: centsToDollars(cancelling.paidCents),
        }
      : null,
    recentSessions,
    markingNoShow: recentSessions.find((s) => s.id === noShowId && s.canMarkNoShow) ?? null,
    twoFactorPrompt: showTwoFactorPrompt(user.id),
  }
}

/**
 * Cancel Session (refusals come back into the dialog, a done cancellation is a toast), "Client
 * did not attend" and Send Intake Reminder (done or refused, the dashboard with a toast).
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePractitioner(request)
  const formData = await readForm(request)
  if (formData.get('intent') === DISMISS_TWO_FACTOR_PROMPT_INTENT) {
    dismissTwoFactorPrompt(user.id)
    return redirectWithToast(PAGE, {
      type: 'info',
      title: msg('practice:dashboard.toasts.reminderDismissed'),
      description: msg('practice:dashboard.toasts.reminderDismissedText'),
    })
  }
  if (formData.get('intent') === INTAKE_REMINDER_INTENT) {
    try {
      const { bookingId } = markIntakeReminded(user, formId(formData, 'bookingId', BOOKING_NOT_FOUND))
      await sendIntakeReminder(bookingId)
    } catch (error) {
      return refuseWithRedirect(PAGE, error, msg('practice:dashboard.toasts.reminderNotSent'))
    }
    return redirectWithToast(PAGE, {
      type: 'success',
      title: msg('practice:dashboard.toasts.reminderSent'),
      description: msg('practice:dashboard.toasts.reminderSentText'),
    })
  }
  if (formData.get('intent') === CLIENT_NO_SHOW_INTENT) {
    try {
      await markClientNoShow(user, formId(formData, 'bookingId', BOOKING_NOT_FOUND))
    } catch (error) {
      return refuseWithRedirect(PAGE, error, msg('practice:dashboard.toasts.markFailed'))
    }
    return redirectWithToast(PAGE, {
      type: 'success',
      title: msg('practice:dashboard.toasts.marked'),
      description: CLIENT_MARKED_ABSENT,
    })
  }
  if (formData.get('intent') !== PRACTITIONER_CANCEL_INTENT) throw unknownForm()
  const submission = parseWithZod(formData, { schema: PractitionerCancelSchema })
  if (submission.status !== 'success') return invalid(submission)
  try {
    const { refundAmount } = await cancelAsPractitioner(
      user,
      formId(formData, 'bookingId', BOOKING_NOT_FOUND),
      submission.value,
    )
    return redirectWithToast(PAGE, {
      type: 'success',
      title: msg('practice:dashboard.toasts.cancelled'),
      description: practitionerCancelled(refundAmount),
    })
  } catch (error) {
    return refused(submission, error, msg('practice:dashboard.toasts.cancelFailed'))
  }
}

/** The dashboard's address, listing every upcoming session or the first few, with `extra` params. */
function dashboardHref(all: boolean, extra = '') {
  const query = [all ? 'all=1' : '', extra].filter(Boolean).join('&')
  return query ? `${PAGE}?${query}` : PAGE
}

export default function PractitionerDashboard() {
  const {
    firstName,
    missing,
    stats,
    upcomingSessions,
    timeZone,
    all,
    more,
    cancelling,
    recentSessions,
    markingNoShow,
    twoFactorPrompt,
    waitlistFills,
  } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation('practice')
  const formats = useFormats()
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t('dashboard.welcome', { name: firstName })}</h1>
        <p className="text-muted-foreground">{t('dashboard.intro')}</p>
      </div>
      {twoFactorPrompt ? <TwoFactorPrompt /> : null}
      <FilledNotice fills={waitlistFills} />
      {missing.length ? (
        <div role="alert" className="rounded-lg border border-accent/60 bg-accent-soft p-4">
          <p className="font-semibold">{t('dashboard.completeProfile')}</p>
          <p className="mt-1 text-sm">
            {t('dashboard.notVisible', { missing: missing.map((part) => t(`profileParts.${part}`)).join(', ') })}
          </p>
          <ButtonLink to="/practitioner/profile" size="sm" className="mt-3">
            {t('dashboard.completeProfileButton')}
          </ButtonLink>
        </div>
      ) : null}
      <section aria-label={t('dashboard.summary')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label={t('dashboard.upcomingSessions')}
          value={stats.upcomingSessions}
          hint={t('dashboard.upcomingHint')}
        />
        <StatCard label={t('dashboard.activeServices')} value={stats.activeServices} />
        <StatCard
          label={t('dashboard.totalEarnings')}
          value={formats.money(stats.totalEarningsCents)}
          hint={t('dashboard.totalEarningsHint')}
        />
        <StatCard label={t('dashboard.totalClients')} value={stats.totalClients} />
      </section>
      <Card role="region" aria-labelledby="upcoming-sessions-title">
        <CardHeader>
          <CardTitle id="upcoming-sessions-title">{t('dashboard.upcomingSessions')}</CardTitle>
          <CardDescription>{t('dashboard.upcomingDescription', { zone: timeZone })}</CardDescription>
          {more ? (
            <Link to={dashboardHref(!all)} preventScrollReset className="text-sm underline">
              {all ? t('dashboard.showFew') : t('dashboard.showAll', { total: stats.upcomingSessions })}
            </Link>
          ) : null}
        </CardHeader>
        <CardContent>
          {upcomingSessions.length ? (
            <ul className="divide-y divide-border">
              {upcomingSessions.map((session) => (
                <UpcomingSessionRow
                  key={session.id}
                  session={session}
                  timeZone={timeZone}
                  hrefFor={(extra) => dashboardHref(all, extra)}
                />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">{t('dashboard.noUpcoming')}</p>
          )}
        </CardContent>
      </Card>
      <RecentSessionsCard
        sessions={recentSessions}
        timeZone={timeZone}
        hrefFor={(id) => dashboardHref(all, `no-show=${id}`)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Card className="p-6">
          <h2 className="font-semibold">{t('dashboard.manageServices')}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('dashboard.manageServicesText')}</p>
          <ButtonLink to="/practitioner/services" variant="outline" size="sm" className="mt-4">
            {t('dashboard.manageServices')}
          </ButtonLink>
        </Card>
        <Card className="p-6">
          <h2 className="font-semibold">{t('dashboard.manageCalendar')}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('dashboard.manageCalendarText')}</p>
          <ButtonLink to="/practitioner/calendar" variant="outline" size="sm" className="mt-4">
            {t('dashboard.manageCalendar')}
          </ButtonLink>
        </Card>
      </div>
      <CancelSessionDialog
        closeTo={dashboardHref(all)}
        action={cancelling ? dashboardHref(all, `cancel=${cancelling.id}`) : ''}
        session={cancelling}
        timeZone={timeZone}
        lastResult={actionData?.result ?? null}
      />
      <MarkNoShowDialog session={markingNoShow} timeZone={timeZone} action={PAGE} closeTo={dashboardHref(all)} />
    </div>
  )
}
