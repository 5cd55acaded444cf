import { isRouteErrorResponse, useRouteError } from '@remix-run/react'
import { ButtonLink } from '~/components/ui/button'

/** The spec's not-found screen (any unknown path, and any record that does not exist). */
export function NotFound({ title = '404 Page Not Found', hint = 'Did you forget to add the page to the router?' }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{hint}</p>
      <ButtonLink to="/" variant="outline">
        Back to home
      </ButtonLink>
    </div>
  )
}

/**
 * The one error boundary every route uses: 404s get the not-found screen, other refusals
 * their message, and unexpected errors a calm apology (details go to the server log only).
 */
export function GeneralErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFound />
    const message =
      typeof error.data === 'object' && error.data && 'message' in error.data
        ? String((error.data as { message: unknown }).message)
        : typeof error.data === 'string' && error.data
          ? error.data
          : error.statusText
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">{error.status === 403 ? 'Not allowed' : `Error ${error.status}`}</h1>
        <p className="mt-3 text-muted-foreground">{message}</p>
        <ButtonLink to="/" variant="outline" className="mt-6">
          Back to home
        </ButtonLink>
      </div>
    )
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-3 text-muted-foreground">An unexpected error occurred. Please try again.</p>
      <ButtonLink to="/" variant="outline" className="mt-6">
        Back to home
      </ButtonLink>
    </div>
  )
}
