import { beforeEach, describe, expect, test } from 'vitest'
import { formatTime } from '~/lib/dates'
import { resetAllLimits } from '~/lib/rate-limit.server'
import { viewerTimeZone } from '~/lib/time-zone.server'
import { INVALID_TIME_ZONE, timeZoneUpdated } from '~/models/accounts/time-zone'
import { timeZoneChoices } from '~/models/accounts/time-zone-choices.server'
import { setTimeZone } from '~/models/accounts/user.server'
import { listSlots } from '~/models/practice/slots.server'
import { getWeeklyHours, saveWeeklyHours } from '~/models/practice/weekly-hours.server'
import * as root from '~/root'
import * as customerSettings from '~/routes/_client.customer-settings'
import * as signupScreen from '~/routes/_public.signup'
import * as timeZonePage from '~/routes/_public.time-zone'
import * as timeZoneApi from '~/routes/api.auth.time-zone'
import * as practitionerSettings from '~/routes/practitioner.settings'
import {
  callApi,
  createListedPractitioner,
  createUser,
  expectRedirect,
  formReply,
  formRequest,
  getRequest,
  insertService,
  jsonRequest,
  readToast,
  routeArgs,
  setCookieFor,
  signIn,
  uniqueEmail,
  userRow,
  userRowByEmail,
} from '../helpers'
import { allInEnglish } from '../helpers/shown-deep'

/**
 * Which zone a person's times are shown in (issue 29, items 2 and 3): the zone picker at
 * /time-zone (signed in it changes the account's setting, signed out it keeps a visitor's
 * choice in a cookie), the settings screens that show it, PATCH /api/auth/time-zone, and the
 * order the server reads a viewer's zone in.
 */

const CHOICE_COOKIE = 'tz-choice'

beforeEach(resetAllLimits)

const choose = (fields: Record<string, string>, cookie?: string) =>
  timeZonePage.action(routeArgs(formRequest('/time-zone', fields, { cookie })))

type PickerData = Awaited<ReturnType<typeof timeZonePage.loader>>
const picker = async (query = '', cookie?: string) =>
  (await timeZonePage.loader(routeArgs(getRequest(`/time-zone${query}`, { cookie })))) as PickerData

describe('the order a viewer’s zone is read in', () => {
  const request = (cookie: string) => getRequest('/', { cookie })

  test('their setting, else the zone they chose, else their browser’s, else Toronto', () => {
    expect(viewerTimeZone(request(''))).toBe('America/Toronto')
    expect(viewerTimeZone(request('tz=Asia%2FTokyo'))).toBe('Asia/Tokyo')
    expect(viewerTimeZone(request('tz=Asia%2FTokyo; tz-choice=Europe%2FParis'))).toBe('Europe/Paris')
    expect(viewerTimeZone(request('tz-choice=Europe%2FParis'), { timeZone: 'America/Edmonton' })).toBe(
      'America/Edmonton',
    )
    // A cookie naming no zone is ignored.
    expect(viewerTimeZone(request('tz-choice=Mars%2FOlympus; tz=%E0'))).toBe('America/Toronto')
  })
})

describe('/time-zone', () => {
  test('a visitor sees their zone preselected among every zone, grouped by region', async () => {
    const data = await picker('?redirectTo=%2Fservices%2F4%3Fdate%3D2031-01-15', 'tz=America%2FEdmonton')
    expect(data.setting.current).toBe('America/Edmonton')
    expect(data.setting.label).toMatch(/^America\/Edmonton \(M[DS]T\)$/)
    expect(data.redirectTo).toBe('/services/4?date=2031-01-15')
    const america = data.setting.choices.find((group) => group.region === 'America')
    expect(america?.zones.find((zone) => zone.value === 'America/Edmonton')?.label).toMatch(
      /^Edmonton \(UTC−0[67]:00\)$/,
    )
    expect(data.setting.choices.find((group) => group.region === 'Other')?.zones).toEqual([
      { value: 'UTC', label: 'UTC (UTC)' },
    ])
    // Another site is never where the picker returns to.
    expect((await picker('?redirectTo=https%3A%2F%2Fevil.test')).redirectTo).toBe('/')
  })

  test('a French reader reads the places in French where French names them otherwise; English as ever', async () => {
    // The place's name, its offset now aside (tested above).
    const label = (language: 'en' | 'fr', zone: string) =>
      timeZoneChoices('America/Toronto', Date.UTC(2031, 0, 15), language)
        .flatMap((group) => group.zones)
        .find((choice) => choice.value === zone)
        ?.label.replace(/ \(UTC[^)]*\)$/, '')
    expect(label('fr', 'America/Toronto')).toBe('Toronto, Montréal, Québec')
    expect(label('fr', 'America/Mexico_City')).toBe('Mexico')
    expect(label('fr', 'America/St_Johns')).toBe('Saint-Jean de Terre-Neuve')
    expect(label('fr', 'America/Argentina/Tucuman')).toBe('Argentine / Tucumán')
    expect(label('fr', 'Europe/London')).toBe('Londres')
    expect(label('fr', 'America/Edmonton')).toBe('Edmonton')
    expect(label('en', 'America/Toronto')).toBe('Toronto')
    expect(label('en', 'America/Mexico_City')).toBe('Mexico City')
    expect(label('en', 'America/St_Johns')).toBe('St Johns')
    expect(label('en', 'America/Argentina/Tucuman')).toBe('Argentina / Tucuman')
    // The page, for a visitor who chose French.
    const page = await picker('', 'lng=fr')
    const mexico = page.setting.choices.flatMap((group) => group.zones).find((z) => z.value === 'America/Mexico_City')
    expect(mexico?.label).toMatch(/^Mexico \(UTC−0[56]:00\)$/)
  })

  test('a zone the list does not name (an alias a browser reports) is still offered', () => {
    const zones = timeZoneChoices('US/Pacific').flatMap((group) => group.zones.map((zone) => zone.value))
    expect(zones).toContain('US/Pacific')
    expect(zones).toContain('America/Los_Angeles')
  })

  test('a visitor’s choice is kept in a cookie and read back; the toast names it', async () => {
    const response = expectRedirect(
      await choose({ timeZone: 'Asia/Tokyo', redirectTo: '/services/4?date=2031-01-15#book' }),
      '/services/4?date=2031-01-15#book',
    )
    const cookie = setCookieFor(response, CHOICE_COOKIE)
    expect(cookie).toMatch(/^tz-choice=Asia%2FTokyo; Path=\/; Max-Age=31536000; SameSite=Lax$/)
    expect(allInEnglish(await readToast(response))).toEqual(
      allInEnglish({
        type: 'success',
        title: 'Time zone updated',
        description: 'Times are now shown in Asia/Tokyo time.',
      }),
    )
    expect((await picker('', 'tz=UTC; tz-choice=Asia%2FTokyo')).setting.current).toBe('Asia/Tokyo')
  })

  test('signing up takes the visitor’s chosen zone into the account', async () => {
    const email = uniqueEmail('zoned')
    const fields = {
      email,
      password: 'secret-pass',
      confirmPassword: 'secret-pass',
      firstName: 'Ada',
      lastName: 'Zone',
      phoneNumber: '416-555-0199',
      agreeToTerms: 'on',
      website: '',
    }
    await signupScreen.action(
      routeArgs(formRequest('/signup', fields, { cookie: 'tz=UTC; tz-choice=Pacific%2FAuckland', ip: '203.0.113.77' })),
    )
    expect(userRowByEmail(email)?.timeZone).toBe('Pacific/Auckland')
    const page = (await signupScreen.loader(
      routeArgs(getRequest('/signup', { cookie: 'tz-choice=Pacific%2FAuckland' })),
    )) as { zoneLabel: string }
    expect(page.zoneLabel).toMatch(/^Pacific\/Auckland \(GMT\+1[23]\)$/)
  })

  test('signed in, the choice is the account’s setting (no cookie), and every page reads it', async () => {
    const user = await createUser({ timeZone: 'America/Toronto' })
    const cookie = await signIn(user.id)
    const response = expectRedirect(
      await choose({ timeZone: 'america/edmonton', redirectTo: '/customer-settings' }, cookie),
      '/customer-settings',
    )
    expect(setCookieFor(response, CHOICE_COOKIE)).toBeUndefined()
    // Stored as the zone database names it.
    expect(userRow(user.id)?.timeZone).toBe('America/Edmonton')
    const rootData = (await root.loader(routeArgs(getRequest('/client-dashboard', { cookie })))) as unknown as {
      data: { zoneRules: { zone: string } }
    }
    expect(rootData.data.zoneRules.zone).toBe('America/Edmonton')
  })

  test('a zone that does not exist is refused with a clear message, nothing stored', async () => {
    const user = await createUser({ timeZone: 'America/Toronto' })
    const cookie = await signIn(user.id)
    for (const timeZone of ['Mars/Olympus', '', 'x'.repeat(200)]) {
      const reply = formReply(await choose({ timeZone, redirectTo: '/' }, cookie))
      expect(reply.status).toBe(400)
      expect(reply.result.error?.timeZone).toEqual([INVALID_TIME_ZONE])
    }
    expect(userRow(user.id)?.timeZone).toBe('America/Toronto')
  })
})

describe('the settings screens show the zone', () => {
  test('a client’s and a practitioner’s settings carry their zone and the choices', async () => {
    const client = await createUser({ timeZone: 'Europe/Paris' })
    const clientData = (await customerSettings.loader(
      routeArgs(getRequest('/customer-settings', { cookie: await signIn(client.id) })),
    )) as { timeZone: { current: string; choices: unknown[] } }
    expect(clientData.timeZone.current).toBe('Europe/Paris')
    expect(clientData.timeZone.choices.length).toBeGreaterThan(5)

    const practitioner = await createUser({ isPractitioner: true, timeZone: 'Asia/Tokyo' })
    const practitionerData = (await practitionerSettings.loader(
      routeArgs(getRequest('/practitioner/settings', { cookie: await signIn(practitioner.id) })),
    )) as { timeZone: { current: string } }
    expect(practitionerData.timeZone.current).toBe('Asia/Tokyo')
  })
})

describe('PATCH /api/auth/time-zone', () => {
  const patch = (body: unknown, cookie?: string) =>
    callApi<{ user: { timeZone: string }; message: string }>(
      timeZoneApi.action,
      jsonRequest('/api/auth/time-zone', 'PATCH', body, { cookie }),
    )

  test('signed out 401; a bad zone 400; a good one stored and answered', async () => {
    expect((await patch({ timeZone: 'Asia/Tokyo' })).status).toBe(401)
    const user = await createUser({ timeZone: 'America/Toronto' })
    const cookie = await signIn(user.id)
    const bad = await patch({ timeZone: 'Nowhere/Special' }, cookie)
    expect(bad.status).toBe(400)
    expect(allInEnglish(JSON.stringify(bad.body))).toContain(allInEnglish(INVALID_TIME_ZONE))
    const good = await patch({ timeZone: 'Asia/Tokyo' }, cookie)
    expect(good.status).toBe(200)
    expect(allInEnglish(good.body)).toMatchObject(
      allInEnglish({ user: { timeZone: 'Asia/Tokyo' }, message: timeZoneUpdated('Asia/Tokyo') }),
    )
    expect(userRow(user.id)?.timeZone).toBe('Asia/Tokyo')
  })
})

describe('a practitioner’s calendar follows their zone', () => {
  test('weekly hours keep their wall clock in the new zone, and their slots move with them', async () => {
    const practitioner = await createListedPractitioner({ timeZone: 'America/Toronto' })
    const serviceId = insertService(practitioner.id, { name: 'Moving Hours', durationMinutes: 60 }).id
    const now = new Date()
    saveWeeklyHours(
      practitioner.id,
      {
        ranges: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '10:00', serviceId })),
        sessions: [],
      },
      'America/Toronto',
      now,
    )
    const hours = () => getWeeklyHours(practitioner.id, 'UTC')
    const clocks = (zone: string) =>
      listSlots(practitioner.id, now, new Date(now.getTime() + 14 * 86_400_000)).map((slot) =>
        formatTime(slot.startTime, zone),
      )
    expect(new Set(clocks('America/Toronto'))).toEqual(new Set(['9:00 AM']))

    setTimeZone(practitioner.id, 'America/Vancouver')
    expect(hours().timeZone).toBe('America/Vancouver')
    expect(hours().ranges[0]).toMatchObject({ start: '09:00', end: '10:00' })
    expect(new Set(clocks('America/Vancouver'))).toEqual(new Set(['9:00 AM']))
  })
})
