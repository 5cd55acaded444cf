import { Badge } from '~/components/ui/badge'
import { buttonClass } from '~/components/ui/button'
import { Link } from '~/components/ui/link'

/** The calendar's list of one day's slots, with Delete on the unbooked ones. */

export type DaySlot = {
  id: number
  timeLabel: string
  serviceName: string
  priceLabel: string | null
  duration: number | null
  isBooked: boolean
  /** Held for a client from the service's waitlist: it may still be deleted. */
  heldForWaitlist?: boolean
  isGenerated: boolean
}

export function DaySlotList({ slots, deleteHref }: { slots: DaySlot[]; deleteHref: (slotId: number) => string }) {
  if (!slots.length) {
    return (
      <p className="text-sm text-muted-foreground">Add a time slot or a batch of slots to open this day for booking.</p>
    )
  }
  return (
    <ul aria-labelledby="day-slots" className="divide-y divide-border">
      {slots.map((slot) => (
        <li key={slot.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="space-y-0.5">
            <p className="font-medium">{slot.timeLabel}</p>
            <p className="text-sm text-muted-foreground">
              {slot.serviceName}
              {slot.priceLabel ? ` · ${slot.priceLabel}` : ''}
              {slot.duration ? ` · ${slot.duration} min` : ''}
              {slot.isGenerated ? ' · From weekly hours' : ''}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <Badge tone={slot.isBooked ? 'default' : 'success'}>
              {slot.heldForWaitlist ? 'Held for waitlist' : slot.isBooked ? 'Booked' : 'Available'}
            </Badge>
            {slot.isBooked && !slot.heldForWaitlist ? null : (
              <Link
                to={deleteHref(slot.id)}
                preventScrollReset
                className={buttonClass({ variant: 'ghost', size: 'sm' })}
                aria-label={`Delete time slot ${slot.timeLabel}`}
              >
                Delete
              </Link>
            )}
          </div>
        </li>
      ))}
    </ul>
  )
}
