import { msg } from '~/lib/i18n/message'

/**
 * The calendar subscription's client-safe parts: its address's shape, the settings form's
 * intent and buttons, and what each button says once done (calendar-feed.server.ts does it).
 */

/** The subscription address (`webcal:` opens the calendar app) and the same over https. */
export type CalendarFeedAddress = { webcal: string; https: string }

export const CALENDAR_FEED_INTENT = 'calendar-feed'

/** What the settings card's buttons do (`change` in the form), each with its toast. */
export const CALENDAR_FEED_CHANGES = {
  start: { title: msg('account:calendarFeed.started'), description: msg('account:calendarFeed.startedDescription') },
  reset: { title: msg('account:calendarFeed.reset'), description: msg('account:calendarFeed.resetDescription') },
  stop: { title: msg('account:calendarFeed.stopped'), description: msg('account:calendarFeed.stoppedDescription') },
} as const
export type CalendarFeedChange = keyof typeof CALENDAR_FEED_CHANGES
