import { useBookingWords } from '~/components/booking/use-booking-words'
import { GeneralErrorBoundary, NotFound } from '~/components/error-boundary'

/**
 * The error boundary of a page about one booking: a booking that is not there, or not this
 * person's (on this side), says the loader's own words ('Booking not found', a catalogue key
 * until shown here in the page's language) with a way `back`.
 */
export function BookingErrorBoundary({ back }: { back: { to: string; label: string } }) {
  const { t, say } = useBookingWords()
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: (error) => {
          const message = (error.data as { message?: string } | null)?.message
          return <NotFound title={message ? say(message) : undefined} hint={t('errorBoundary.notYours')} back={back} />
        },
      }}
    />
  )
}
