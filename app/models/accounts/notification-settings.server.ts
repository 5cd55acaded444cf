import { eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { users } from '~/db/schema'
import type { NotificationSettings } from './user'

/** Which emails about their bookings a practitioner gets (emails.server.ts `notifyPractitioner` reads them). */
export function getNotificationSettings(userId: number): NotificationSettings {
  return (
    getDb()
      .select({ emailNewBookings: users.emailNewBookings, emailCancellations: users.emailCancellations })
      .from(users)
      .where(eq(users.id, userId))
      .get() ?? { emailNewBookings: true, emailCancellations: true }
  )
}

export function setNotificationSettings(userId: number, settings: NotificationSettings) {
  getDb()
    .update(users)
    .set({ ...settings, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .run()
}
