import { Form } from '@remix-run/react'
import { SubmitButton, useIsSubmittingIntent } from '~/components/form-shell'
import { CheckboxField } from '~/components/forms'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import type { NotificationSettings } from '~/models/accounts/user'

export const NOTIFICATIONS_INTENT = 'notifications'

/** /practitioner/settings: which emails about their own bookings a practitioner gets. */
export function NotificationSettingsCard({ settings }: { settings: NotificationSettings }) {
  const pending = useIsSubmittingIntent(NOTIFICATIONS_INTENT)
  return (
    <Card>
      <CardHeader>
        <CardTitle>Email Notifications</CardTitle>
        <CardDescription>Emails about your own bookings, with the client&apos;s name and the time.</CardDescription>
      </CardHeader>
      <CardContent>
        {/* A save starts the boxes again from what is stored. */}
        <Form method="post" className="space-y-3" key={JSON.stringify(settings)}>
          <input type="hidden" name="intent" value={NOTIFICATIONS_INTENT} />
          <CheckboxField
            labelProps={{ children: 'Email me when a client books a session' }}
            inputProps={{ name: 'emailNewBookings', defaultChecked: settings.emailNewBookings }}
          />
          <CheckboxField
            labelProps={{ children: 'Email me when a client cancels a session' }}
            inputProps={{ name: 'emailCancellations', defaultChecked: settings.emailCancellations }}
          />
          <SubmitButton size="sm" pending={pending} pendingText="Saving...">
            Save notifications
          </SubmitButton>
        </Form>
      </CardContent>
    </Card>
  )
}
