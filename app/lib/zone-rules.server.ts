/**
 * A zone's rules as this server's data has them (docs/decisions/034-times-read-with-the-servers-zone-data.md):
 * made here and sent with every page by the root loader; ./zone-rules.ts reads them.
 */
import { readRulesFrom, runtimeOffsetMinutes, runtimeZoneName, type ZoneRules, type ZoneSpan } from './zone-rules'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
/** The window: bookings, payouts and notes a year back, sessions and slots two years ahead. */
const WINDOW_BEFORE = 400 * DAY
const WINDOW_AFTER = 800 * DAY

/**
 * The zone's rules over the window around `now`, from this runtime's data: its offset sampled
 * daily (no zone changes twice in a day), each change found to the minute.
 */
function readRules(zone: string, from: number, to: number): ZoneRules {
  const span = (start: number): ZoneSpan => [start, runtimeOffsetMinutes(start, zone), runtimeZoneName(start, zone)]
  const spans: ZoneSpan[] = [span(from)]
  let offset = spans[0]![1]
  for (let day = from + DAY; day < to; day += DAY) {
    const next = runtimeOffsetMinutes(day, zone)
    if (next === offset) continue
    // The change is in (day - DAY, day]: halve the interval down to the minute.
    let [before, after] = [day - DAY, day]
    while (after - before > MINUTE) {
      const middle = before + Math.floor((after - before) / 2 / MINUTE) * MINUTE
      if (runtimeOffsetMinutes(middle, zone) === offset) before = middle
      else after = middle
    }
    spans.push(span(after))
    offset = next
  }
  return { zone, from, to, spans }
}

/** Rules made today, by zone. */
const made = new Map<string, ZoneRules>()

/**
 * The zone's rules as this server's data has them, for the window around today (kept for the
 * day: a few milliseconds to make). The root loader sends them to the browser.
 */
export function zoneRulesFor(zone: string, now = Date.now()): ZoneRules {
  const from = Math.floor(now / DAY) * DAY - WINDOW_BEFORE
  const kept = made.get(zone)
  if (kept && kept.from === from) return kept
  const rules = readRules(zone, from, from + WINDOW_BEFORE + WINDOW_AFTER)
  if (made.size >= 1000) made.clear()
  made.set(zone, rules)
  return rules
}

// Every time the server reads is read with the same rules it sends (faster than asking Intl).
readRulesFrom(zoneRulesFor)
