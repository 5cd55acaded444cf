import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { SubmitButton, useIsSubmittingIntent } from '~/components/form-shell'
import { CheckboxField } from '~/components/forms'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import type { NotificationSettings } from '~/models/accounts/user'

export const NOTIFICATIONS_INTENT = 'notifications'

/** The boxes, by setting: each one's label is `notifications.<name>` in the account catalogue. */
const REMINDERS = ['emailReminderDay', 'emailReminderHour'] as const satisfies (keyof NotificationSettings)[]
const BOOKINGS = ['emailNewBookings', 'emailCancellations'] as const satisfies (keyof NotificationSettings)[]

/**
 * Both settings screens: which emails the person gets. Everyone chooses their session
 * reminders; a practitioner also the emails about their own bookings.
 */
export function NotificationSettingsCard({
  settings,
  practitioner = false,
}: {
  settings: NotificationSettings
  practitioner?: boolean
}) {
  const { t } = useTranslation('account')
  const pending = useIsSubmittingIntent(NOTIFICATIONS_INTENT)
  const boxes = practitioner ? [...BOOKINGS, ...REMINDERS] : REMINDERS
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('notifications.title')}</CardTitle>
        <CardDescription>
          {practitioner ? t('notifications.practitionerDescription') : t('notifications.clientDescription')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {/* A save starts the boxes again from what is stored. */}
        <Form method="post" className="space-y-3" key={JSON.stringify(settings)}>
          <input type="hidden" name="intent" value={NOTIFICATIONS_INTENT} />
          {boxes.map((name) => (
            <CheckboxField
              key={name}
              labelProps={{ children: t(`notifications.${name}`) }}
              inputProps={{ name, defaultChecked: settings[name] }}
            />
          ))}
          <SubmitButton size="sm" pending={pending} pendingText={t('notifications.saving')}>
            {t('notifications.save')}
          </SubmitButton>
        </Form>
      </CardContent>
    </Card>
  )
}
