import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CALENDAR_PATH, HOURS_PATH } from '~/components/calendar/calendar-links'
import { NoServices } from '~/components/calendar/slot-dialogs'
import { BLOCK_INTENT, BlockedDatesCard, UNBLOCK_INTENT } from '~/components/practice/blocked-dates-card'
import { SAVE_HOURS_INTENT, WeeklyHoursForm } from '~/components/practice/weekly-hours-form'
import { Toaster } from '~/components/toaster'
import { buttonClass } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { readForm } from '~/lib/form-data.server'
import { type FormActionData, formId, invalid, refused, refuseWithRedirect, unknownForm } from '~/lib/forms.server'
import { formatsFor, type Formats } from '~/lib/i18n/formats'
import { requestLanguage } from '~/lib/i18n/language.server'
import { msg } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
import { redirectWithToast } from '~/lib/toast.server'
import { formatLocalDate, localDateOf, parseLocalDate } from '~/lib/zoned-time'
import { requirePractitioner } from '~/models/accounts/auth.server'
import {
  BLOCK_NOT_FOUND,
  BlockDatesSchema,
  COPY_DAY_FIELD,
  copyDayToAll,
  copyNeedsDaysOn,
  GENERATE_WEEKS,
  hoursFromForm,
  WEEKDAYS,
  WeeklyHoursFormSchema,
} from '~/models/practice/weekly-hours'
import {
  blockDates,
  getWeeklyHours,
  listBlockedDates,
  saveWeeklyHours,
  unblockDates,
} from '~/models/practice/weekly-hours.server'

/**
 * Weekly Hours, beside the calendar: the recurring hours slots are made from, each service's
 * session length and gap, and blocked dates (docs/decisions/026-weekly-hours.md). The same
 * model functions and schemas as /api/availability/*.
 */

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'practice')('titles.hours') }]

/** A calendar date (yyyy-MM-dd) in words; read at noon UTC, so no zone moves it. */
const dayLabel = (text: string, formats: Formats) => {
  const date = parseLocalDate(text)!
  return formats.longDate(Date.UTC(date.year, date.month - 1, date.day, 12), 'UTC')
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePractitioner(request)
  const formats = formatsFor(requestLanguage(request, user))
  const hours = getWeeklyHours(user.id, user.timeZone)
  const now = new Date()
  return {
    hours,
    zoneLabel: formats.zoneLabel(hours.timeZone, now),
    today: formatLocalDate(localDateOf(now, hours.timeZone)),
    blocks: listBlockedDates(user.id, now).map((block) => ({
      id: block.id,
      label:
        block.firstDate === block.lastDate
          ? dayLabel(block.firstDate, formats)
          : `${dayLabel(block.firstDate, formats)} – ${dayLabel(block.lastDate, formats)}`,
      bookedSlots: block.bookedSlots,
    })),
  }
}

/** The weekday a "Copy to all days" button names, or null (no such button pressed). */
function weekdayOf(value: FormDataEntryValue | null) {
  const day = WEEKDAYS.find(({ weekday }) => String(weekday) === value)
  return day ? day.weekday : null
}

/** 'n time slots', worded in the toast's language (a message inside the toast's message). */
const slots = (count: number) => msg('practice:hours.slotCount', { count })

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePractitioner(request)
  const formData = await readForm(request)
  switch (formData.get('intent')) {
    case SAVE_HOURS_INTENT: {
      const submission = parseWithZod(formData, { schema: WeeklyHoursFormSchema })
      const copyFrom = weekdayOf(formData.get(COPY_DAY_FIELD))
      if (copyFrom !== null) {
        // Nothing saved: the form comes back with the day copied, as an update of its whole
        // value, so a form with JavaScript redraws its fields too.
        const { value, copied } = copyDayToAll(submission.payload, copyFrom)
        return data<FormActionData>({
          result: { initialValue: value, intent: { type: 'update', payload: { value } } },
          toast: copied
            ? null
            : {
                type: 'info',
                title: msg('practice:hours.toasts.nothingCopied'),
                description: copyNeedsDaysOn(copyFrom),
              },
        })
      }
      if (submission.status !== 'success') return invalid(submission)
      try {
        const { added, removed } = saveWeeklyHours(user.id, hoursFromForm(submission.value), user.timeZone)
        return redirectWithToast(HOURS_PATH, {
          type: 'success',
          title: msg('practice:hours.toasts.saved'),
          description: msg('practice:hours.toasts.savedText', { added: slots(added), removed: slots(removed) }),
        })
      } catch (error) {
        return refused(submission, error, msg('practice:hours.toasts.saveFailed'))
      }
    }
    case BLOCK_INTENT: {
      const submission = parseWithZod(formData, { schema: BlockDatesSchema })
      if (submission.status !== 'success') return invalid(submission)
      try {
        const { block, removed } = blockDates(user.id, submission.value)
        return redirectWithToast(HOURS_PATH, {
          type: 'success',
          title: msg('practice:hours.toasts.blocked'),
          description: block.bookedSlots
            ? msg('practice:hours.toasts.blockedKeptText', { removed: slots(removed), count: block.bookedSlots })
            : msg('practice:hours.toasts.blockedText', { removed: slots(removed) }),
        })
      } catch (error) {
        return refused(submission, error, msg('practice:hours.toasts.blockFailed'))
      }
    }
    case UNBLOCK_INTENT: {
      try {
        const { added } = unblockDates(user.id, formId(formData, 'blockId', BLOCK_NOT_FOUND))
        return redirectWithToast(HOURS_PATH, {
          type: 'success',
          title: msg('practice:hours.toasts.unblocked'),
          description: msg('practice:hours.toasts.unblockedText', { added: slots(added) }),
        })
      } catch (error) {
        return refuseWithRedirect(HOURS_PATH, error, msg('practice:hours.toasts.unblockFailed'))
      }
    }
    default:
      throw unknownForm()
  }
}

export default function WeeklyHoursPage() {
  const { hours, zoneLabel, today, blocks } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const resultFor = (intent: string) =>
    actionData && 'result' in actionData && actionData.result.initialValue?.intent === intent ? actionData.result : null
  const { t } = useTranslation('practice')

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{t('hours.title')}</h1>
          <p className="text-muted-foreground">{t('hours.intro', { weeks: GENERATE_WEEKS, zone: zoneLabel })}</p>
        </div>
        <Link to={CALENDAR_PATH} className={buttonClass({ variant: 'outline' })}>
          {t('hours.backToCalendar')}
        </Link>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)] lg:items-start">
        <Card>
          <CardHeader>
            <CardTitle>{t('hours.hours')}</CardTitle>
            <CardDescription>{t('hours.hoursDescription')}</CardDescription>
          </CardHeader>
          <CardContent>
            {hours.sessions.length ? (
              <WeeklyHoursForm hours={hours} lastResult={resultFor(SAVE_HOURS_INTENT)} action={HOURS_PATH} />
            ) : (
              <NoServices />
            )}
          </CardContent>
        </Card>
        <BlockedDatesCard blocks={blocks} today={today} lastResult={resultFor(BLOCK_INTENT)} action={HOURS_PATH} />
      </div>
      <Toaster toast={actionData?.toast} />
    </div>
  )
}
