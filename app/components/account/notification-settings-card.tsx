import { Form } from '@remix-run/react'
import { SubmitButton, useIsSubmittingIntent } from '~/components/form-shell'
import { CheckboxField } from '~/components/forms'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import type { NotificationSettings } from '~/models/accounts/user'

export const NOTIFICATIONS_INTENT = 'notifications'

type Box = { name: keyof NotificationSettings; label: string }

const REMINDERS: Box[] = [
  { name: 'emailReminderDay', label: 'Remind me by email a day before each session' },
  { name: 'emailReminderHour', label: 'Remind me by email an hour before each session' },
]
const BOOKINGS: Box[] = [
  { name: 'emailNewBookings', label: 'Email me when a client books a session' },
  { name: 'emailCancellations', label: 'Email me when a client cancels or moves a session' },
]

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
  const pending = useIsSubmittingIntent(NOTIFICATIONS_INTENT)
  const boxes = practitioner ? [...BOOKINGS, ...REMINDERS] : REMINDERS
  return (
    <Card>
      <CardHeader>
        <CardTitle>Email Notifications</CardTitle>
        <CardDescription>
          {practitioner
            ? 'Emails about your own bookings, with the client\u2019s name and the time, and reminders of your sessions.'
            : 'Reminders of your sessions, with the time in your zone and where to join.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {/* A save starts the boxes again from what is stored. */}
        <Form method="post" className="space-y-3" key={JSON.stringify(settings)}>
          <input type="hidden" name="intent" value={NOTIFICATIONS_INTENT} />
          {boxes.map((box) => (
            <CheckboxField
              key={box.name}
              labelProps={{ children: box.label }}
              inputProps={{ name: box.name, defaultChecked: settings[box.name] }}
            />
          ))}
          <SubmitButton size="sm" pending={pending} pendingText="Saving...">
            Save notifications
          </SubmitButton>
        </Form>
      </CardContent>
    </Card>
  )
}
