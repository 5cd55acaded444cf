/**
 * The zone rules a page brought (docs/decisions/034-times-read-with-the-servers-zone-data.md),
 * kept apart from ./zone-rules.ts so the root layout can adopt them without bringing the code
 * that reads times into pages that show none.
 */

/** [start in epoch ms, minutes ahead of UTC, short name ('EST', 'GMT+9')], each until the next. */
export type ZoneSpan = [start: number, offsetMinutes: number, name: string]

export interface ZoneRules {
  zone: string
  /** The window the spans cover, in epoch ms: [from, to). */
  from: number
  to: number
  spans: ZoneSpan[]
}

/** The rules adopted, by zone (a page brings its viewer's). */
export const adoptedZoneRules = new Map<string, ZoneRules>()

/** In the browser: read this zone's times with the rules the server sent (the root layout, before any child renders). */
export function adoptZoneRules(rules: ZoneRules) {
  adoptedZoneRules.set(rules.zone, rules)
}
