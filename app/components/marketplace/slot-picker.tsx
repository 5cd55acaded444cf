import { Link } from '~/components/ui/link'

/** A slot as the booking page shows it: the time already formatted in the viewer's zone. */
export type SlotOption = {
  id: number
  label: string
  /** Why paying for this time gets no refund on cancelling (it is less than 24 hours away), or null. */
  noRefund: string | null
}

export const NO_REFUND_MARK = 'no refund'
export const NO_REFUND_LEGEND = `Times marked “${NO_REFUND_MARK}” start within 24 hours: they cannot be refunded if you cancel.`

/**
 * The open times of one day as radio buttons (name `timeSlotId`) in a three-column grid: a
 * plain form control, so choosing works without JavaScript. The zone is named once, with a way to change it.
 */
export function SlotPicker({
  slots,
  chosenSlot = null,
  dateLabel,
  zoneLabel,
  changeZoneHref,
  hint,
  errorId,
}: {
  slots: SlotOption[]
  /** The time checked at first, if any. */
  chosenSlot?: number | null
  dateLabel: string
  zoneLabel: string
  /** The zone picker, coming back to this day. */
  changeZoneHref: string
  hint?: string
  /** The id of the message that explains a refused submission, if one is shown. */
  errorId?: string
}) {
  return (
    <fieldset aria-describedby={errorId}>
      <legend className="text-sm font-semibold">Available times for {dateLabel}</legend>
      {hint ? <p className="mt-1 text-xs text-muted-foreground">{hint}</p> : null}
      <p className="mt-1 text-xs text-muted-foreground">
        Times shown in {zoneLabel} ·{' '}
        <Link to={changeZoneHref} className="font-medium text-primary underline">
          Change time zone
        </Link>
      </p>
      {slots.length ? (
        <>
          <div className="mt-3 grid grid-cols-3 gap-2">
            {slots.map((slot) => (
              <label
                key={slot.id}
                className="relative flex min-h-10 flex-col items-center justify-center rounded-md border border-input bg-card text-sm font-medium transition-colors hover:bg-muted has-checked:border-primary has-checked:bg-primary has-checked:text-primary-foreground has-focus-visible:ring-2 has-focus-visible:ring-ring has-focus-visible:ring-offset-1"
              >
                {/* The input covers its whole box (invisibly), so a click anywhere lands on it. */}
                <input
                  type="radio"
                  name="timeSlotId"
                  value={slot.id}
                  defaultChecked={slot.id === chosenSlot}
                  className="absolute inset-0 cursor-pointer appearance-none rounded-md focus:outline-none"
                />
                <span className="pointer-events-none relative whitespace-nowrap">{slot.label}</span>
                {slot.noRefund ? (
                  <span className="pointer-events-none relative text-[0.65rem] leading-tight opacity-80">
                    {NO_REFUND_MARK}
                  </span>
                ) : null}
              </label>
            ))}
          </div>
          {slots.some((slot) => slot.noRefund) ? (
            <p className="mt-2 text-xs text-muted-foreground">{NO_REFUND_LEGEND}</p>
          ) : null}
        </>
      ) : (
        <div className="mt-3 rounded-md border border-dashed border-border bg-muted/50 px-4 py-6 text-center text-sm">
          <p className="font-medium">No available time slots for this date.</p>
          <p className="mt-1 text-muted-foreground">Please select another date.</p>
        </div>
      )}
    </fieldset>
  )
}
