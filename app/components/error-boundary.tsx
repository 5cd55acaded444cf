import { isRouteErrorResponse, useRouteError, type ErrorResponse } from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ButtonLink } from '~/components/ui/button'
import { announceRouteError } from '~/lib/error-reporting'
import type { Namespace } from '~/lib/i18n/languages'
import { namespacesOf, translateMessage } from '~/lib/i18n/message'
import type { TFunction } from 'i18next'

/**
 * A not-found screen: by default the spec's own (any unknown path, any record that does not
 * exist); pages whose records have their own wording pass it, with the way back.
 */
export function NotFound({
  title,
  hint,
  back,
}: {
  title?: string
  hint?: string
  back?: { to: string; label: string }
}) {
  const { t } = useTranslation()
  title ??= t('errors.notFoundTitle')
  hint ??= t('errors.notFoundHint')
  back ??= { to: '/', label: t('errors.backHome') }
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{hint}</p>
      <ButtonLink to={back.to} variant="outline">
        {back.label}
      </ButtonLink>
    </div>
  )
}

/** What a route shows for a refusal of its own, by HTTP status (e.g. its own 404 wording). */
export type StatusHandlers = Partial<Record<number, (error: ErrorResponse) => ReactNode>>

/** A refusal's message: a catalogue key until shown (app/lib/i18n/message.ts), or text as sent. */
function messageOf(error: ErrorResponse) {
  if (typeof error.data === 'object' && error.data && 'message' in error.data) {
    return String((error.data as { message: unknown }).message)
  }
  return typeof error.data === 'string' && error.data ? error.data : error.statusText
}

/**
 * The one error boundary every route uses: a status the route handles itself gets its own
 * screen; other 404s get the not-found screen, other refusals their message, and unexpected
 * errors a calm apology (details go to the server log only).
 */
export function GeneralErrorBoundary({ statusHandlers }: { statusHandlers?: StatusHandlers }) {
  const error = useRouteError()
  const message = isRouteErrorResponse(error) ? messageOf(error) : null
  const { t } = useTranslation(namespacesOf([message]) as Namespace[], { useSuspense: false })
  // An error of the page itself (not a refusal) goes to the error-reporting service, if any.
  useEffect(() => {
    if (!isRouteErrorResponse(error)) announceRouteError(error)
  }, [error])
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers?.[error.status]
    if (handler) return <>{handler(error)}</>
    if (error.status === 404) return <NotFound />
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">
          {error.status === 403 ? t('errors.notAllowed') : t('errors.status', { status: error.status })}
        </h1>
        <p className="mt-3 text-muted-foreground">{translateMessage(t as TFunction, message ?? '')}</p>
        <ButtonLink to="/" variant="outline" className="mt-6">
          {t('errors.backHome')}
        </ButtonLink>
      </div>
    )
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{t('errors.somethingWrong')}</h1>
      <p className="mt-3 text-muted-foreground">{t('forms.unexpectedError')}</p>
      <ButtonLink to="/" variant="outline" className="mt-6">
        {t('errors.backHome')}
      </ButtonLink>
    </div>
  )
}
