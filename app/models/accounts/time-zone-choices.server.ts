import { zoneLabel } from '~/lib/dates'
import { tFor } from '~/lib/i18n/i18n.server'
import { DEFAULT_LANGUAGE, type Language } from '~/lib/i18n/languages'
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

/** A zone's catalogue key: 'America/Mexico_City' is `timeZone.places.americaMexicoCity`. */
export function placeKey(zone: string) {
  const [first = '', ...rest] = zone.split(/[/_-]/).filter(Boolean)
  return `${first[0]?.toLowerCase() ?? ''}${first.slice(1)}${rest.map((part) => `${part[0]!.toUpperCase()}${part.slice(1)}`).join('')}`
}

/**
 * A zone's place as the reader's language names it: 'Mexico City' is « Mexico », 'St Johns'
 * « Saint-Jean de Terre-Neuve » (account.json `timeZone.places`, where French differs; no Intl
 * API names the places). Elsewhere the zone's own name: 'Argentina / Salta' without its underscores.
 */
function placeName(value: string, t: ReturnType<typeof tFor<'account'>>) {
  const slash = value.indexOf('/')
  const place = (slash < 0 ? value : value.slice(slash + 1)).replaceAll('_', ' ').replaceAll('/', ' / ')
  const lookUp = t as unknown as (key: string, options: { defaultValue: string }) => string
  return lookUp(`timeZone.places.${placeKey(value)}`, { defaultValue: place })
}

function groupZones(names: string[], now: number, language: Language): TimeZoneGroup[] {
  const t = tFor(language, 'account')
  const groups = new Map<string, TimeZoneChoice[]>()
  for (const value of [...new Set(names)].sort()) {
    const slash = value.indexOf('/')
    const region = slash < 0 ? 'Other' : value.slice(0, slash)
    const zones = groups.get(region) ?? []
    zones.push({ value, label: `${placeName(value, t)} (${offsetLabel(runtimeOffsetMinutes(now, value))})` })
    groups.set(region, zones)
  }
  return [...groups].map(([region, zones]) => ({ region, zones }))
}

/** Made once an hour for each language: the offsets in the labels change a few times a year. */
const made = new Map<Language, { hour: number; groups: TimeZoneGroup[] }>()

/**
 * Every zone this server knows, grouped by region, with its offset now, named in the reader's
 * language; `current` is always among them (a browser may report an alias the list does not name).
 */
export function timeZoneChoices(current: string, now = Date.now(), language: Language = DEFAULT_LANGUAGE) {
  const hour = Math.floor(now / HOUR)
  let kept = made.get(language)
  if (kept?.hour !== hour) {
    kept = { hour, groups: groupZones([...Intl.supportedValuesOf('timeZone'), 'UTC'], now, language) }
    made.set(language, kept)
  }
  if (kept.groups.some((group) => group.zones.some((zone) => zone.value === current))) return kept.groups
  return groupZones([...kept.groups.flatMap((group) => group.zones.map((zone) => zone.value)), current], now, language)
}

/** What a zone picker shows for `zone`, to a reader of `language`. */
export function timeZoneSetting(zone: string, language: Language = DEFAULT_LANGUAGE): TimeZoneSetting {
  return { current: zone, label: zoneLabel(zone), choices: timeZoneChoices(zone, Date.now(), language) }
}
