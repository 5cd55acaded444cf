/**
 * The calendar subscription's client-safe parts: its address's shape, the settings form's
 * intent and buttons, and what each button says once done (calendar-feed.server.ts does it).
 */

/** The subscription address (`webcal:` opens the calendar app) and the same over https. */
export type CalendarFeedAddress = { webcal: string; https: string }

export const CALENDAR_FEED_INTENT = 'calendar-feed'

/** What the settings card's buttons do (`change` in the form), each with its toast. */
export const CALENDAR_FEED_CHANGES = {
  start: { title: 'Calendar subscription on', description: 'Add the address to your calendar app.' },
  reset: { title: 'Calendar address reset', description: 'The old address no longer works.' },
  stop: { title: 'Calendar subscription off', description: 'The address no longer works.' },
} as const
export type CalendarFeedChange = keyof typeof CALENDAR_FEED_CHANGES
