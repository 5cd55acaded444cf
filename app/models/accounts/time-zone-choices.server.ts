import { zoneLabel } from '~/lib/dates'
import { runtimeOffsetMinutes } from '~/lib/zone-rules'
import type { TimeZoneChoice, TimeZoneGroup, TimeZoneSetting } from './time-zone'

const HOUR = 60 * 60_000

/** 'UTC+05:30', 'UTC−06:00' (a real minus sign, as people write it), 'UTC'. */
function offsetLabel(minutes: number) {
  if (minutes === 0) return 'UTC'
  const sign = minutes > 0 ? '+' : '−'
  const abs = Math.abs(minutes)
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
}

function groupZones(names: string[], now: number): TimeZoneGroup[] {
  const groups = new Map<string, TimeZoneChoice[]>()
  for (const value of [...new Set(names)].sort()) {
    const slash = value.indexOf('/')
    const region = slash < 0 ? 'Other' : value.slice(0, slash)
    const place = (slash < 0 ? value : value.slice(slash + 1)).replaceAll('_', ' ').replaceAll('/', ' / ')
    const zones = groups.get(region) ?? []
    zones.push({ value, label: `${place} (${offsetLabel(runtimeOffsetMinutes(now, value))})` })
    groups.set(region, zones)
  }
  return [...groups].map(([region, zones]) => ({ region, zones }))
}

/** Made once an hour: the offsets in the labels change a few times a year. */
let made: { hour: number; groups: TimeZoneGroup[] } | null = null

/**
 * Every zone this server knows, grouped by region, with its offset now; `current` is always
 * among them (a browser may report an alias the list does not name).
 */
export function timeZoneChoices(current: string, now = Date.now()): TimeZoneGroup[] {
  const hour = Math.floor(now / HOUR)
  if (made?.hour !== hour) made = { hour, groups: groupZones([...Intl.supportedValuesOf('timeZone'), 'UTC'], now) }
  if (made.groups.some((group) => group.zones.some((zone) => zone.value === current))) return made.groups
  return groupZones([...made.groups.flatMap((group) => group.zones.map((zone) => zone.value)), current], now)
}

/** What a zone picker shows for `zone`. */
export function timeZoneSetting(zone: string): TimeZoneSetting {
  return { current: zone, label: zoneLabel(zone), choices: timeZoneChoices(zone) }
}
