import { beforeEach, describe, expect, test } from 'vitest'
import { resetAllLimits } from '~/lib/rate-limit.server'
import { credentialsLine } from '~/models/marketplace/practitioner'
import { getPractitionerProfile } from '~/models/marketplace/practitioner.server'
import {
  GST_HST_IN_USE,
  INVALID_GST_HST_NUMBER,
  INVALID_PROFESSION,
  PROFESSION_OTHER_REQUIRED,
} from '~/models/practice/professional-details'
import {
  hasGstHstNumber,
  professionalDetailsOf,
  readProfessionalDetails,
} from '~/models/practice/professional-details.server'
import { ProfileApiSchema, ProfileFormSchema } from '~/models/practice/profile'
import { updatePractitionerProfile } from '~/models/practice/profile.server'
import * as practitionerPage from '~/routes/_public.practitioners.$id'
import * as practitionerByIdApi from '~/routes/api.practitioners.$id._index'
import * as profileApi from '~/routes/api.practitioners.profile'
import * as profileScreen from '~/routes/practitioner.profile'
import {
  callApi,
  createListedPractitioner,
  createUser,
  expectRedirect,
  formReply,
  getApi,
  getRequest,
  insertService,
  jsonRequest,
  readToast,
  routeArgs,
  settle,
  signIn,
  updateServiceRow,
  updateUserRow,
  type FormFields,
} from '../helpers'
import { inEnglish, inFrench } from '../helpers/i18n'
import { shownToast } from '../helpers/practice-i18n'

/**
 * A practitioner's professional details (issue 44) on My Profile and PATCH
 * /api/practitioners/profile: one schema, one write; the GST/HST rule; what the public profile
 * and GET /api/practitioners/:id show of them (and do not).
 */

const PAGE = '/practitioner/profile'
const API = '/api/practitioners/profile'
const base = { firstName: 'Jordan', lastName: 'Reyes' }

const DETAILS = {
  profession: 'massage_therapist' as const,
  regulatoryBody: 'College of Massage Therapists of Ontario',
  registrationNumber: '12345',
  businessName: 'Reyes Massage Therapy',
  businessAddress: '100 King Street West, Suite 5\nToronto ON  M5X 1A9',
  gstHstNumber: '123456789 RT 0001',
}
const SAVED = { ...DETAILS, professionOther: null, gstHstNumber: '123456789RT0001' }
const NONE = {
  profession: null,
  professionOther: null,
  regulatoryBody: null,
  registrationNumber: null,
  businessName: null,
  businessAddress: null,
  gstHstNumber: null,
}

beforeEach(resetAllLimits)

async function practitioner() {
  const user = await createListedPractitioner({ firstName: 'Jordan', lastName: 'Reyes' })
  return { user, cookie: await signIn(user.id) }
}

function saveForm(cookie: string, fields: FormFields) {
  const body = new FormData()
  for (const [key, value] of Object.entries(fields)) body.append(key, value)
  const request = new Request(`http://localhost${PAGE}`, { method: 'POST', body, headers: { Cookie: cookie } })
  return settle(() => profileScreen.action(routeArgs(request)))
}

const patch = (body: unknown, cookie?: string) =>
  callApi(profileApi.action, jsonRequest(API, 'PATCH', body, { cookie }))

function errorsOf(value: unknown) {
  const parsed = ProfileApiSchema.safeParse({ ...base, ...(value as object) })
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), inEnglish(i.message)]))
}

describe('the schema (the form and the API build theirs from the same fields)', () => {
  test('a GST/HST number is 9 digits, RT and 4 digits; spaces are dropped and rt is capitalised', () => {
    expect(ProfileApiSchema.parse({ ...base, gstHstNumber: ' 123456789 rt 0001 ' }).gstHstNumber).toBe(
      '123456789RT0001',
    )
    for (const bad of ['12345', '123456789RC0001', '123456789RT001', '123-456-789-RT-0001', 'RT0001123456789']) {
      expect(errorsOf({ gstHstNumber: bad }), bad).toEqual({ gstHstNumber: inEnglish(INVALID_GST_HST_NUMBER) })
    }
    expect(ProfileApiSchema.parse({ ...base, gstHstNumber: '' }).gstHstNumber).toBeNull()
    expect(ProfileApiSchema.parse(base).gstHstNumber).toBeUndefined()
  })

  test('lengths are bounded, the profession comes from the list, and "other" needs a name', () => {
    expect(errorsOf({ regulatoryBody: 'a'.repeat(121), businessAddress: 'a'.repeat(301) })).toEqual({
      regulatoryBody: 'Regulatory college must be at most 120 characters',
      businessAddress: 'Business address must be at most 300 characters',
    })
    expect(
      errorsOf({ businessName: 'a'.repeat(120), businessAddress: `${'a'.repeat(150)}\n${'b'.repeat(149)}` }),
    ).toEqual({})
    expect(errorsOf({ registrationNumber: 'A1\nB2' })).toHaveProperty('registrationNumber')
    expect(errorsOf({ profession: 'wizard' })).toEqual({ profession: inEnglish(INVALID_PROFESSION) })
    expect(errorsOf({ profession: 'other', professionOther: ' ' })).toEqual({
      professionOther: inEnglish(PROFESSION_OTHER_REQUIRED),
    })
    const form = ProfileFormSchema.safeParse({ ...base, profession: 'other' })
    expect(form.error?.issues).toEqual([
      expect.objectContaining({ path: ['professionOther'], message: PROFESSION_OTHER_REQUIRED }),
    ])
  })
})

describe('My Profile screen', () => {
  test('saves the details, loads them back, and empty fields clear them', async () => {
    const { user, cookie } = await practitioner()
    const response = expectRedirect(await saveForm(cookie, { ...base, ...DETAILS, professionOther: 'Ignored' }), PAGE)
    expect(shownToast(await readToast(response))).toMatchObject({ type: 'success', title: 'Profile updated' })
    // The no-JavaScript form always sends the "Other" name; it is kept only with "Other".
    expect(readProfessionalDetails(user.id)).toEqual(SAVED)
    const loaded = await profileScreen.loader(routeArgs(getRequest(PAGE, { cookie })))
    expect(loaded.details).toMatchObject({ ...SAVED, professionOther: '' })

    const cleared = Object.fromEntries(Object.keys(NONE).map((key) => [key, '']))
    expectRedirect(await saveForm(cookie, { ...base, ...cleared }), PAGE)
    expect(readProfessionalDetails(user.id)).toEqual(NONE)
  })

  test('"Other" is saved with its name, and refused without one', async () => {
    const { user, cookie } = await practitioner()
    const reply = formReply(await saveForm(cookie, { ...base, profession: 'other', professionOther: '' }))
    expect(reply.status).toBe(400)
    expect(reply.result.error).toMatchObject({ professionOther: [PROFESSION_OTHER_REQUIRED] })
    expect(shownToast(reply.toast)).toMatchObject({
      title: 'Failed to update profile',
      description: inEnglish(PROFESSION_OTHER_REQUIRED),
    })
    expectRedirect(await saveForm(cookie, { ...base, profession: 'other', professionOther: 'Doula' }), PAGE)
    expect(professionalDetailsOf(user.id).profession).toBe('Doula')
  })

  test('a bad GST/HST number is refused on its field and nothing is saved', async () => {
    const { user, cookie } = await practitioner()
    const reply = formReply(await saveForm(cookie, { ...base, ...DETAILS, gstHstNumber: '12345 RT' }))
    expect(reply.status).toBe(400)
    expect(reply.result.error).toMatchObject({ gstHstNumber: [INVALID_GST_HST_NUMBER] })
    expect(reply.result.initialValue).toMatchObject({ regulatoryBody: DETAILS.regulatoryBody })
    expect(readProfessionalDetails(user.id)).toEqual(NONE)
  })

  test('the GST/HST number cannot be removed while a service charges tax', async () => {
    const { user, cookie } = await practitioner()
    expectRedirect(await saveForm(cookie, { ...base, ...DETAILS }), PAGE)
    const service = insertService(user.id, { taxKind: 'hst13' })
    const reply = formReply(await saveForm(cookie, { ...base, ...DETAILS, gstHstNumber: '', businessName: 'New' }))
    expect(reply.status).toBe(400)
    expect(reply.result.error).toMatchObject({ gstHstNumber: [GST_HST_IN_USE] })
    expect(shownToast(reply.toast)).toMatchObject({
      title: 'Failed to update profile',
      description: inEnglish(GST_HST_IN_USE),
    })
    expect(readProfessionalDetails(user.id)).toEqual(SAVED)
    // Another number is fine; so is removing it once no service charges tax.
    expectRedirect(await saveForm(cookie, { ...base, ...DETAILS, gstHstNumber: '987654321RT0002' }), PAGE)
    expect(hasGstHstNumber(user.id)).toBe(true)
    updateServiceRow(service.id, { taxKind: 'none' })
    expectRedirect(await saveForm(cookie, { ...base, ...DETAILS, gstHstNumber: '' }), PAGE)
    expect(hasGstHstNumber(user.id)).toBe(false)
  })
})

describe('PATCH /api/practitioners/profile with professional details', () => {
  test('401 signed out and 403 for a client, whatever the details', async () => {
    expect((await patch({ ...base, ...DETAILS })).status).toBe(401)
    const client = await createUser()
    expect(await patch({ ...base, ...DETAILS }, await signIn(client.id))).toMatchObject({
      status: 403,
      body: { message: 'Only practitioners can do this' },
    })
    expect(readProfessionalDetails(client.id)).toEqual(NONE)
  })

  test('sets them, answers them, keeps those left out, and clears those sent empty', async () => {
    const { user, cookie } = await practitioner()
    const set = await patch({ ...base, ...DETAILS }, cookie)
    expect(set.status).toBe(200)
    expect(set.body.user).toMatchObject({ id: user.id, title: 'Wellness Coach', ...SAVED })
    const kept = await patch({ ...base, title: 'Massage therapist' }, cookie)
    expect(kept.body.user).toMatchObject({ title: 'Massage therapist', ...SAVED })
    // The spec's client sends '' for a cleared field.
    const cleared = await patch({ ...base, businessAddress: '', gstHstNumber: '', registrationNumber: null }, cookie)
    expect(cleared.body.user).toMatchObject({
      ...SAVED,
      businessAddress: null,
      gstHstNumber: null,
      registrationNumber: null,
    })
    expect(readProfessionalDetails(user.id)).toMatchObject({
      regulatoryBody: DETAILS.regulatoryBody,
      gstHstNumber: null,
    })
  })

  test('400 with the message for a bad GST/HST number, "other" with no name, and the tax rule', async () => {
    const { user, cookie } = await practitioner()
    expect(await patch({ ...base, gstHstNumber: '123456789' }, cookie)).toMatchObject({
      status: 400,
      body: { message: inEnglish(INVALID_GST_HST_NUMBER) },
    })
    expect(await patch({ ...base, profession: 'other', professionOther: '' }, cookie)).toMatchObject({
      status: 400,
      body: { message: inEnglish(PROFESSION_OTHER_REQUIRED) },
    })
    // Left out, the name is the saved one: none yet, so the model refuses it.
    expect(await patch({ ...base, profession: 'other' }, cookie)).toMatchObject({
      status: 400,
      body: { message: inEnglish(PROFESSION_OTHER_REQUIRED) },
    })
    expect((await patch({ ...base, profession: 'other', professionOther: 'Doula' }, cookie)).status).toBe(200)
    expect((await patch({ ...base, profession: 'other' }, cookie)).body.user.professionOther).toBe('Doula')

    expect((await patch({ ...base, gstHstNumber: '123456789RT0001' }, cookie)).status).toBe(200)
    insertService(user.id, { taxKind: 'gst5' })
    expect(await patch({ ...base, gstHstNumber: '', title: 'Changed' }, cookie)).toMatchObject({
      status: 400,
      body: { message: inEnglish(GST_HST_IN_USE) },
    })
    expect(readProfessionalDetails(user.id)?.gstHstNumber).toBe('123456789RT0001')
    const { professionOther, ...printed } = NONE
    expect(professionOther).toBeNull()
    expect(professionalDetailsOf(user.id)).toEqual({
      ...printed,
      profession: 'Doula',
      gstHstNumber: '123456789RT0001',
    })
    expect(readProfessionalDetails(user.id)).not.toHaveProperty('title')
  })
})

describe('what clients see', () => {
  test('the public profile and GET /api/practitioners/:id show profession, college and number, at once', async () => {
    const { user } = await practitioner()
    // Read first, so the memoised profile and page are the old ones (no specialty changes below).
    expect(getPractitionerProfile(user.id)).toMatchObject({ profession: null, registrationNumber: null })
    await updatePractitionerProfile(
      user.id,
      { ...base, title: 'Wellness Coach', bio: 'Helping people feel better, one session at a time.', specialties: [] },
      { kind: 'keep' },
      SAVED,
    )
    const profile = getPractitionerProfile(user.id)!
    expect(profile).toMatchObject({
      profession: 'Registered Massage Therapist',
      regulatoryBody: 'College of Massage Therapists of Ontario',
      registrationNumber: '12345',
    })
    expect(credentialsLine(profile).map(inEnglish).join(' · ')).toBe(
      'Registered Massage Therapist · College of Massage Therapists of Ontario · Reg. no. 12345',
    )
    expect(inFrench(credentialsLine(profile).at(-1)!)).toBe('Permis no\u00a012345')

    const api = await getApi(practitionerByIdApi.loader, `/api/practitioners/${user.id}`, { id: String(user.id) })
    expect(api.body).toMatchObject({
      profession: 'Registered Massage Therapist',
      regulatoryBody: 'College of Massage Therapists of Ontario',
      registrationNumber: '12345',
    })
    const page = await practitionerPage.loader(
      routeArgs(getRequest(`/practitioners/${user.id}`), { id: String(user.id) }),
    )
    for (const shown of [JSON.stringify(api.body), JSON.stringify(page)]) {
      expect(shown).toContain('College of Massage Therapists of Ontario')
      expect(shown).not.toContain('King Street')
      expect(shown).not.toContain('123456789RT0001')
      expect(shown).not.toContain('Reyes Massage Therapy')
    }
  })

  test('a practitioner with none shows no line; "other" shows their own name for it', async () => {
    const { user } = await practitioner()
    expect(credentialsLine(getPractitionerProfile(user.id)!)).toEqual([])
    updateUserRow(user.id, { profession: 'other', professionOther: 'Doula', registrationNumber: 'D-77' })
    expect(professionalDetailsOf(user.id)).toMatchObject({ profession: 'Doula', registrationNumber: 'D-77' })
  })
})
