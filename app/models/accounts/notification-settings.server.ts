import { eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { users } from '~/db/schema'
import type { NotificationSettings } from './user'

const COLUMNS = {
  emailReminderDay: users.emailReminderDay,
  emailReminderHour: users.emailReminderHour,
  emailNewBookings: users.emailNewBookings,
  emailCancellations: users.emailCancellations,
}

/**
 * Which emails a person gets: session reminders (reminders.server.ts reads them) and, for a
 * practitioner, one per new booking and per cancellation (emails.server.ts `notifyPractitioner`).
 */
export function getNotificationSettings(userId: number): NotificationSettings {
  return (
    getDb().select(COLUMNS).from(users).where(eq(users.id, userId)).get() ?? {
      emailReminderDay: true,
      emailReminderHour: true,
      emailNewBookings: true,
      emailCancellations: true,
    }
  )
}

/** Changes the settings given (the others stay) and answers them all. */
export function setNotificationSettings(userId: number, settings: Partial<NotificationSettings>) {
  if (Object.keys(settings).length) {
    getDb()
      .update(users)
      .set({ ...settings, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .run()
  }
  return getNotificationSettings(userId)
}
