import { z } from 'zod'
import { msg } from '~/lib/i18n/message'
import { isTimeZone } from '~/lib/zoned-time'

/**
 * A person's time zone: every time on their pages and in their emails is shown in it
 * (docs/decisions/003-times-and-zones.md). Shared by the settings screens, the zone picker
 * (/time-zone), the time-slot forms and PATCH /api/auth/time-zone.
 */

export const INVALID_TIME_ZONE = msg('account:timeZone.invalid')

/** The zone as the runtime names it ('america/toronto' is stored as 'America/Toronto'). */
const canonicalZone = (zone: string) => new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone

/** An IANA zone name this server knows. */
export const timeZoneField = z
  .string({ error: INVALID_TIME_ZONE })
  .trim()
  .refine((zone) => zone.length <= 64 && isTimeZone(zone), INVALID_TIME_ZONE)
  .transform(canonicalZone)

export const TimeZoneSchema = z.object({ timeZone: timeZoneField })

export const TIME_ZONE_UPDATED = msg('account:timeZone.updated')

/** The toast after a change: where times are shown from now on. */
export const timeZoneUpdated = (zone: string) =>
  msg('account:timeZone.updatedDescription', { zone: zone.replaceAll('_', ' ') })

/** One zone in a picker: its IANA name and 'Edmonton (UTC−06:00)'. */
export type TimeZoneChoice = { value: string; label: string }
/** The picker's groups: 'America', 'Europe'… and 'Other' for names without a region (UTC). */
export type TimeZoneGroup = { region: string; zones: TimeZoneChoice[] }
/** A zone picker's data: the zone now, its label ('America/Edmonton (MDT)') and every choice. */
export type TimeZoneSetting = { current: string; label: string; choices: TimeZoneGroup[] }
