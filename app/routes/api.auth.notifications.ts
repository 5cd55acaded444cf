import { handleApi, readJson, requireMethod } from '~/lib/api.server'
import { requireApiUser } from '~/models/accounts/auth.server'
import { getNotificationSettings, setNotificationSettings } from '~/models/accounts/notification-settings.server'
import { notificationPatchSchemaFor } from '~/models/accounts/user'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'

/**
 * GET /api/auth/notifications → { emailReminderDay, emailReminderHour, emailNewBookings,
 * emailCancellations }: which emails the signed-in person gets (the settings screens' Email
 * Notifications card).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => Response.json(getNotificationSettings((await requireApiUser(request)).id)))
}

/**
 * PATCH /api/auth/notifications { emailReminderDay?, emailReminderHour? } (and, for a
 * practitioner, emailNewBookings?, emailCancellations?) → the settings as they now are.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'PATCH')
    const user = await requireApiUser(request)
    const settings = await readJson(request, notificationPatchSchemaFor(user))
    return Response.json(setNotificationSettings(user.id, settings))
  })
}
