/**
 * How a zone's clock is read (docs/decisions/034-times-read-with-the-servers-zone-data.md).
 *
 * Runtimes carry their own copy of the time-zone database, and copies differ: a zone that
 * changed its rules (Alberta keeping daylight time all year, say) is on another offset in an
 * older browser than on the server. So a page must never read a time in the browser with the
 * browser's data: the server writes the offsets and short names of the viewer's zone, as its own
 * data has them, into the page (`ZoneRules`, from the root loader: ./zone-rules.server.ts), and
 * the browser reads every time in that zone with them, so it prints what the server printed
 * from the same data. Outside a rules' window, or in a zone without rules, a time is read with
 * the runtime's own data: on the server, that is the data the rules came from.
 */

import { adoptedZoneRules, type ZoneRules, type ZoneSpan } from './zone-rules-adopted'

export type { ZoneRules, ZoneSpan }

export type WallClock = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>

const MINUTE = 60_000

/* Reading the runtime's own data, where no rules reach. */

const formatters = new Map<string, Intl.DateTimeFormat>()

/** The zone's wall clock and short name at this instant, as this runtime's data has them. */
function runtimeReading(instant: number, timeZone: string) {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      timeZoneName: 'short',
    })
    if (formatters.size >= 1000) formatters.clear()
    formatters.set(timeZone, formatter)
  }
  const fields: Record<string, string> = {}
  for (const part of formatter.formatToParts(instant)) fields[part.type] = part.value
  const clock = Object.fromEntries(
    (['year', 'month', 'day', 'hour', 'minute', 'second'] as const).map((field) => [field, Number(fields[field])]),
  ) as WallClock
  return { clock, name: fields.timeZoneName ?? timeZone }
}

/** Minutes the wall clock is ahead of UTC, from the runtime's data. */
export function runtimeOffsetMinutes(instant: number, timeZone: string) {
  const p = runtimeReading(instant, timeZone).clock
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / MINUTE)
}

/** The zone's short name, from the runtime's data. */
export function runtimeZoneName(instant: number, timeZone: string) {
  return runtimeReading(instant, timeZone).name
}

/* Rules the page brought. */

/** Where a zone's rules come from: in the browser, the page; on the server, its own data. */
let rulesFor = (zone: string): ZoneRules | undefined => adoptedZoneRules.get(zone)

/** On the server: rules made from its own data, for any zone (./zone-rules.server.ts). */
export function readRulesFrom(source: (zone: string) => ZoneRules) {
  rulesFor = source
}

/** The span the instant falls in, or undefined where no rules cover it. */
function spanAt(instant: number, zone: string): ZoneSpan | undefined {
  const rules = rulesFor(zone)
  if (!rules || instant < rules.from || instant >= rules.to) return undefined
  let found = rules.spans[0]
  for (const span of rules.spans) {
    if (span[0] > instant) break
    found = span
  }
  return found
}

/** The zone's wall clock at this instant. */
export function wallClock(instant: number, zone: string): WallClock {
  const span = spanAt(instant, zone)
  if (!span) return runtimeReading(instant, zone).clock
  const shifted = new Date(instant + span[1] * MINUTE)
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  }
}

/** Minutes the zone's wall clock is ahead of UTC at this instant (Toronto in winter: -300). */
export function zoneOffsetMinutes(instant: number, zone: string) {
  return spanAt(instant, zone)?.[1] ?? runtimeOffsetMinutes(instant, zone)
}

/** The short name of the zone at that instant: 'EST', 'MDT', 'GMT+9'. */
export function zoneName(instant: number, zone: string) {
  return spanAt(instant, zone)?.[2] ?? runtimeZoneName(instant, zone)
}
