import { useTranslation } from 'react-i18next'
import { Badge } from '~/components/ui/badge'
import { buttonClass } from '~/components/ui/button'
import { Link } from '~/components/ui/link'

/** The calendar's list of one day's slots, with Delete on the unbooked ones. */

export type DaySlot = {
  id: number
  timeLabel: string
  /** null: a slot made without a service (by the API), said as such in the page's language. */
  serviceName: string | null
  priceLabel: string | null
  duration: number | null
  isBooked: boolean
  /** Held for a client from the service's waitlist: it may still be deleted. */
  heldForWaitlist?: boolean
  isGenerated: boolean
}

export function DaySlotList({ slots, deleteHref }: { slots: DaySlot[]; deleteHref: (slotId: number) => string }) {
  const { t } = useTranslation('practice')
  if (!slots.length) {
    return <p className="text-sm text-muted-foreground">{t('calendar.emptyDay')}</p>
  }
  return (
    <ul aria-labelledby="day-slots" className="divide-y divide-border">
      {slots.map((slot) => (
        <li key={slot.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="space-y-0.5">
            <p className="font-medium">{slot.timeLabel}</p>
            <p className="text-sm text-muted-foreground">
              {[
                slot.serviceName ?? t('calendar.noService'),
                slot.priceLabel,
                slot.duration ? t('calendar.minutes', { minutes: slot.duration }) : null,
                slot.isGenerated ? t('calendar.fromWeeklyHours') : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <Badge tone={slot.isBooked ? 'default' : 'success'}>
              {slot.heldForWaitlist
                ? t('calendar.heldForWaitlist')
                : slot.isBooked
                  ? t('calendar.booked')
                  : t('calendar.available')}
            </Badge>
            {slot.isBooked && !slot.heldForWaitlist ? null : (
              <Link
                to={deleteHref(slot.id)}
                preventScrollReset
                className={buttonClass({ variant: 'ghost', size: 'sm' })}
                aria-label={t('calendar.deleteLabel', { time: slot.timeLabel })}
              >
                {t('calendar.delete')}
              </Link>
            )}
          </div>
        </li>
      ))}
    </ul>
  )
}
