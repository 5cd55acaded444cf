import { Form } from '@remix-run/react'
import { SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { ErrorList } from '~/components/forms'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Label, Select } from '~/components/ui/input'
import type { TimeZoneGroup, TimeZoneSetting } from '~/models/accounts/time-zone'
import { TIME_ZONE_PATH } from '~/models/accounts/time-zone-link'

/**
 * The zone picker, on /time-zone and in both settings screens. It posts to /time-zone, which
 * saves a signed-in person's setting or a visitor's choice and returns to `redirectTo`. The
 * server alone checks the zone: a browser's zone data may lack one the server offers.
 */
export function TimeZoneForm({
  current,
  choices,
  redirectTo,
  errors,
}: {
  current: string
  choices: TimeZoneGroup[]
  redirectTo: string
  errors?: string[]
}) {
  const pending = useIsSubmitting(TIME_ZONE_PATH)
  const errorId = errors?.length ? 'time-zone-error' : undefined
  return (
    <Form method="post" action={TIME_ZONE_PATH} className="space-y-4">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <div className="space-y-1.5">
        <Label htmlFor="time-zone">Time zone</Label>
        <Select
          id="time-zone"
          name="timeZone"
          defaultValue={current}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
        >
          {choices.map((group) => (
            <optgroup key={group.region} label={group.region}>
              {group.zones.map((zone) => (
                <option key={zone.value} value={zone.value}>
                  {zone.label}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
        <ErrorList id={errorId} errors={errors} />
      </div>
      <SubmitButton pending={pending} pendingText="Saving...">
        Save time zone
      </SubmitButton>
    </Form>
  )
}

/** The settings screens' card: the person's zone, changed for every page and email at once. */
export function TimeZoneCard({
  setting,
  redirectTo,
  title = 'Time Zone',
}: {
  setting: TimeZoneSetting
  redirectTo: string
  title?: string
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>Every time on your pages and in your emails is shown in {setting.label}.</CardDescription>
      </CardHeader>
      <CardContent>
        <TimeZoneForm current={setting.current} choices={setting.choices} redirectTo={redirectTo} />
      </CardContent>
    </Card>
  )
}
