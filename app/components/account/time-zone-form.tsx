import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { ErrorList } from '~/components/forms'
import { useFormats } from '~/components/i18n/use-formats'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Label, Select } from '~/components/ui/input'
import type { TimeZoneGroup, TimeZoneSetting } from '~/models/accounts/time-zone'
import { TIME_ZONE_PATH } from '~/models/accounts/time-zone-link'
import type { TFunction } from 'i18next'

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
  const { t } = useTranslation('account')
  const pending = useIsSubmitting(TIME_ZONE_PATH)
  const errorId = errors?.length ? 'time-zone-error' : undefined
  return (
    <Form method="post" action={TIME_ZONE_PATH} className="space-y-4">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <div className="space-y-1.5">
        <Label htmlFor="time-zone">{t('timeZone.title')}</Label>
        <Select
          id="time-zone"
          name="timeZone"
          defaultValue={current}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
        >
          {choices.map((group) => (
            <optgroup key={group.region} label={regionLabel(t, group.region)}>
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
      <SubmitButton pending={pending} pendingText={t('timeZone.saving')}>
        {t('timeZone.save')}
      </SubmitButton>
    </Form>
  )
}

/** The regions of the runtime's zone names ('America/Toronto'), in the reader's language. */
const REGIONS = [
  'Africa',
  'America',
  'Antarctica',
  'Arctic',
  'Asia',
  'Atlantic',
  'Australia',
  'Europe',
  'Indian',
  'Pacific',
  'Other',
] as const

/** A picker group's label: a known region in the page's language, any other as the zone names it. */
function regionLabel(t: TFunction<'account'>, region: string) {
  const known = REGIONS.find((one) => one === region)
  return known ? t(`timeZone.regions.${known}`) : region
}

/** The settings screens' card: the person's zone, changed for every page and email at once. */
export function TimeZoneCard({
  setting,
  redirectTo,
  title,
}: {
  setting: TimeZoneSetting
  redirectTo: string
  title?: string
}) {
  const { t } = useTranslation('account')
  const formats = useFormats()
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title ?? t('timeZone.cardTitle')}</CardTitle>
        <CardDescription>{t('timeZone.cardDescription', { zone: formats.zoneLabel(setting.current) })}</CardDescription>
      </CardHeader>
      <CardContent>
        <TimeZoneForm current={setting.current} choices={setting.choices} redirectTo={redirectTo} />
      </CardContent>
    </Card>
  )
}
