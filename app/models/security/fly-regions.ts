import { msg, type Message } from '~/lib/i18n/message'

/**
 * Fly's regions by code, for the sessions list's rough place (the edge a request came in at,
 * which is near the person but not where they are). An unknown code is shown as it is.
 */
const REGIONS = new Set([
  'ams',
  'arn',
  'atl',
  'bog',
  'bom',
  'bos',
  'cdg',
  'den',
  'dfw',
  'ewr',
  'eze',
  'fra',
  'gdl',
  'gig',
  'gru',
  'hkg',
  'iad',
  'jnb',
  'lax',
  'lhr',
  'mad',
  'mia',
  'nrt',
  'ord',
  'otp',
  'phx',
  'qro',
  'scl',
  'sea',
  'sin',
  'sjc',
  'syd',
  'waw',
  'yul',
  'yyz',
])

/** The region's place, as a message in the account catalogue's `regions` (city names differ by language). */
export function regionName(code: string): Message {
  return REGIONS.has(code) ? msg(`account:regions.${code}`) : code.toUpperCase()
}
