import { useTranslation } from 'react-i18next'
import { AcceptNewTimeForm } from '~/components/booking/accept-new-time-form'
import { buttonClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Link } from '~/components/ui/link'

/**
 * The practitioner moved the session: the new time, and the client's two answers (accept it, or
 * cancel for a full refund through the dashboard's confirmation).
 */
export function MovedNotice({
  bookingId,
  serviceName,
  when,
  message,
  practitionerName,
}: {
  bookingId: number
  serviceName: string
  when: { date: string; time: string }
  message: string | null
  practitionerName: string
}) {
  const { t } = useTranslation('booking')
  return (
    <Card className="space-y-3 border-accent p-5" role="region" aria-label={t('confirmation.moved.label')}>
      <p className="font-medium">{t('confirmation.moved.text', { date: when.date, time: when.time })}</p>
      {message ? (
        <figure className="space-y-1">
          <figcaption className="text-sm text-muted-foreground">
            {t('confirmation.moved.wrote', { name: practitionerName })}
          </figcaption>
          {/* Plain text as typed: React escapes it, and its line breaks stay. */}
          <blockquote className="whitespace-pre-line border-l-4 border-accent pl-3">{message}</blockquote>
        </figure>
      ) : null}
      <p className="text-sm">{t('confirmation.moved.ifNot')}</p>
      <div className="flex flex-wrap items-center gap-3">
        <AcceptNewTimeForm bookingId={bookingId} serviceName={serviceName} />
        <Link to={`/client-dashboard?cancel=${bookingId}`} className={buttonClass({ size: 'sm', variant: 'outline' })}>
          {t('confirmation.moved.cancel')}
        </Link>
      </div>
    </Card>
  )
}
