import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { BookingErrorBoundary } from '~/components/booking/booking-error-boundary'
import { SubmitButton, useIsSubmittingIntent } from '~/components/form-shell'
import { IntakeAnswerForm, REVIEW_INTENT, SAVE_DRAFT_INTENT, SEND_INTENT } from '~/components/intake/intake-answer-form'
import { IntakeSummary } from '~/components/intake/intake-summary'
import { Toaster } from '~/components/toaster'
import { buttonClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { AppError } from '~/lib/errors'
import { readForm } from '~/lib/form-data.server'
import { invalid, refused, refuseWithRedirect, unknownForm } from '~/lib/forms.server'
import { formatsFor } from '~/lib/i18n/formats'
import { currentLanguage, inRequestLanguage } from '~/lib/i18n/i18n.server'
import { msg } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
import { idFromParam } from '~/lib/route-params'
import { viewerTimeZone } from '~/lib/time-zone.server'
import { redirectWithToast } from '~/lib/toast.server'
import { requireUser } from '~/models/accounts/auth.server'
import { BOOKING_NOT_FOUND } from '~/models/booking/payments.server'
import { DRAFT_SAVED, INTAKE_SENT } from '~/models/intake/intake-form'
import { getClientIntake, intakeSchemaFor, saveIntake } from '~/models/intake/intake-responses.server'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data ? `${data.intake.title} — Solace` : metaT(matches, 'intake')('titles.intake') },
]

/** The client's own booking's intake, or the page's 404 (anyone else's, or a booking that asks none). */
function intakeOr404(user: { id: number }, param: string | undefined) {
  try {
    const id = idFromParam(param)
    if (id === null) throw new AppError(BOOKING_NOT_FOUND, 404)
    return getClientIntake(user, id)
  } catch (error) {
    if (error instanceof AppError) {
      throw Response.json({ message: inRequestLanguage(error.message) }, { status: error.status })
    }
    throw error
  }
}

/**
 * `/bookings/:id/intake`: the intake form the practitioner asks before this session
 * (docs/decisions/041-intake-forms.md). The client answers it (a draft is kept), reviews a
 * summary (`?review=1`), then sends it; sent, it is read-only and says what they agreed to.
 * Its dates in the reader's zone and language.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const intake = intakeOr404(user, params.id)
  const timeZone = viewerTimeZone(request, user)
  const f = formatsFor(currentLanguage())
  const at = (iso: string) => `${f.longDate(iso, timeZone)}, ${f.time(iso, timeZone)} ${f.zone(iso, timeZone)}`
  return {
    intake,
    fullName: `${user.firstName} ${user.lastName}`,
    when: at(intake.startTime),
    sentAt: intake.sentAt ? at(intake.sentAt) : null,
    signedAt: intake.consent ? at(intake.consent.at) : null,
    reviewing: intake.state === 'draft' && intake.open && new URL(request.url).searchParams.has('review'),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const intake = intakeOr404(user, params.id)
  const page = `/bookings/${intake.bookingId}/intake`
  const formData = await readForm(request)
  const intent = formData.get('intent')
  if (intent === SEND_INTENT) {
    try {
      saveIntake(user, intake.bookingId, intake.answers, true)
    } catch (error) {
      return refuseWithRedirect(page, error, msg('intake:toasts.notSent'))
    }
    return redirectWithToast(page, { type: 'success', title: msg('intake:toasts.sent'), description: INTAKE_SENT })
  }
  if (intent !== SAVE_DRAFT_INTENT && intent !== REVIEW_INTENT) throw unknownForm()
  // What was typed is kept first (a draft may be partial); then a review checks it whole.
  const draft = parseWithZod(formData, { schema: intakeSchemaFor(user, intake, false) })
  if (draft.status !== 'success') return invalid(draft)
  try {
    saveIntake(user, intake.bookingId, draft.value, false)
  } catch (error) {
    return refused(draft, error, msg('intake:toasts.draftNotSaved'))
  }
  if (intent === SAVE_DRAFT_INTENT) {
    return redirectWithToast(page, {
      type: 'success',
      title: msg('intake:toasts.draftSaved'),
      description: DRAFT_SAVED,
    })
  }
  const complete = parseWithZod(formData, { schema: intakeSchemaFor(user, intake, true) })
  if (complete.status !== 'success') return invalid(complete)
  return redirectWithToast(`${page}?review=1`, {
    type: 'info',
    title: msg('intake:toasts.check'),
    description: msg('intake:toasts.checkDescription'),
  })
}

export default function IntakePage() {
  const { intake, fullName, when, sentAt, signedAt, reviewing } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const sending = useIsSubmittingIntent(SEND_INTENT)
  const { t } = useTranslation('intake')
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <header className="space-y-1">
        <Link to={`/bookings/${intake.bookingId}`} className="text-sm underline">
          {t('page.back')}
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">{intake.title}</h1>
        <p className="text-muted-foreground">{t('page.before', { service: intake.serviceName, when })}</p>
      </header>
      {intake.state === 'sent' ? (
        <Card className="space-y-4 p-5">
          <p className="font-medium">{t('page.sentOn', { date: sentAt })}</p>
          <IntakeSummary questions={intake.questions} answers={intake.answers} signedAt={signedAt} />
          <p className="text-xs text-muted-foreground">{t('page.version', { version: intake.version })}</p>
        </Card>
      ) : !intake.open ? (
        <Card className="p-5">
          <p>{t('errors.closed')}</p>
        </Card>
      ) : reviewing ? (
        <Card className="space-y-4 p-5">
          <h2 className="text-lg font-semibold">{t('toasts.check')}</h2>
          <IntakeSummary questions={intake.questions} answers={intake.answers} />
          <p className="text-sm text-muted-foreground">{t('page.onceSent')}</p>
          <div className="flex flex-wrap gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value={SEND_INTENT} />
              <SubmitButton pending={sending} pendingText={t('page.sending')}>
                {t('page.send')}
              </SubmitButton>
            </Form>
            <Link to={`/bookings/${intake.bookingId}/intake`} className={buttonClass({ variant: 'outline' })}>
              {t('page.edit')}
            </Link>
          </div>
        </Card>
      ) : (
        <Card className="p-5">
          <IntakeAnswerForm
            questions={intake.questions}
            answers={intake.answers}
            fullName={fullName}
            lastResult={actionData?.result ?? null}
          />
        </Card>
      )}
      <Toaster toast={actionData?.toast} />
    </div>
  )
}

export function ErrorBoundary() {
  const { t } = useTranslation('intake')
  return <BookingErrorBoundary back={{ to: '/client-dashboard', label: t('page.mySessions') }} />
}
