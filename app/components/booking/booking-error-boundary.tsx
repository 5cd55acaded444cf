import { GeneralErrorBoundary, NotFound } from '~/components/error-boundary'

/**
 * The error boundary of a page about one booking: a booking that is not there, or not this
 * person's (on this side), says the loader's own words ('Booking not found') with a way `back`.
 */
export function BookingErrorBoundary({ back }: { back: { to: string; label: string } }) {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: (error) => (
          <NotFound
            title={(error.data as { message?: string } | null)?.message}
            hint="This booking does not exist or is not yours."
            back={back}
          />
        ),
      }}
    />
  )
}
