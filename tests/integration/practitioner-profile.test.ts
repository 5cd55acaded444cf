import { beforeEach, describe, expect, test } from 'vitest'
import { resetAllLimits } from '~/lib/rate-limit.server'
import { getSpecialties, getUserById } from '~/models/accounts/user.server'
import { NOT_REALLY_AN_IMAGE } from '~/models/images/image'
import { readImage } from '~/models/images/image.server'
import { PractitionerFiltersSchema } from '~/models/marketplace/practitioner-filters'
import { getPractitionerProfile, listPractitioners } from '~/models/marketplace/practitioner.server'
import {
  type ProfileApiSchema,
  ProfileFormSchema,
  ProfileSchema,
  SPECIALTY_EXISTS,
  TOO_MANY_SPECIALTIES,
} from '~/models/practice/profile'
import { updatePractitionerProfile } from '~/models/practice/profile.server'
import * as practitionerByIdApi from '~/routes/api.practitioners.$id._index'
import * as profileApi from '~/routes/api.practitioners.profile'
import * as profileScreen from '~/routes/practitioner.profile'
import {
  callApi,
  createListedPractitioner,
  createUser,
  expectRedirect,
  formReply,
  getRequest,
  jsonRequest,
  readToast,
  routeArgs,
  settle,
  signIn,
  type FormFields,
} from '../helpers'
import { inEnglish } from '../helpers/i18n'
import { shownErrors, shownToast } from '../helpers/practice-i18n'

/** My Profile (screen, API and model): the form, completeness, custom specialties, the API body and toasts. */

const PAGE = '/practitioner/profile'
const API = '/api/practitioners/profile'

/** A 1×1 transparent PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
const pngFile = () => new File([Buffer.from(PNG_BASE64, 'base64')], 'me.png', { type: 'image/png' })

const imageName = (url: string | null | undefined) => url!.replace('/uploads/images/', '')

function errorsOf(schema: typeof ProfileSchema | typeof ProfileApiSchema, value: unknown) {
  const parsed = schema.safeParse(value)
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), inEnglish(i.message)]))
}

function saveForm(cookie: string, fields: FormFields | [string, string | File][]) {
  const entries = Array.isArray(fields) ? fields : Object.entries(fields)
  const body = new FormData()
  for (const [key, value] of entries) body.append(key, value)
  const request = new Request(`http://localhost${PAGE}`, { method: 'POST', body, headers: { Cookie: cookie } })
  return settle(() => profileScreen.action(routeArgs(request)))
}

async function newPractitioner() {
  const user = await createUser({ isPractitioner: true, firstName: 'Jordan', lastName: 'Reyes' })
  return { user, cookie: await signIn(user.id) }
}

const base = { firstName: 'Jordan', lastName: 'Reyes' }

beforeEach(resetAllLimits)

describe('the profile schema', () => {
  test('first and last name are required; title and bio are optional, blank means none', () => {
    expect(errorsOf(ProfileSchema, { firstName: ' ', lastName: '' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
    })
    expect(ProfileSchema.parse({ ...base, title: '  ', bio: '' })).toEqual({
      ...base,
      title: null,
      bio: null,
      specialties: [],
    })
  })

  test('the bio is at most 2000 characters', () => {
    expect(ProfileSchema.safeParse({ ...base, bio: 'a'.repeat(2000) }).success).toBe(true)
    expect(errorsOf(ProfileSchema, { ...base, bio: 'a'.repeat(2001) })).toEqual({
      bio: 'Professional bio must be at most 2000 characters',
    })
  })

  test('specialties are trimmed, non-empty, at most 12 and unique ignoring case', () => {
    expect(ProfileSchema.parse({ ...base, specialties: ['  Yoga ', 'Reiki'] }).specialties).toEqual(['Yoga', 'Reiki'])
    expect(errorsOf(ProfileSchema, { ...base, specialties: ['Yoga', '  '] })).toEqual({
      'specialties.1': 'Specialty cannot be empty',
    })
    expect(errorsOf(ProfileSchema, { ...base, specialties: ['Yoga', 'yoga '] })).toEqual({
      specialties: inEnglish(SPECIALTY_EXISTS),
    })
    expect(inEnglish(SPECIALTY_EXISTS)).toBe('Specialty already exists: This specialty is already in your list')
    const thirteen = Array.from({ length: 13 }, (_, i) => `Specialty ${i}`)
    expect(errorsOf(ProfileSchema, { ...base, specialties: thirteen })).toEqual({
      specialties: inEnglish(TOO_MANY_SPECIALTIES),
    })
  })

  test('the form puts a duplicate on the control that brought it in', () => {
    const form = ProfileFormSchema.safeParse({
      ...base,
      specialties: ['Yoga'],
      customSpecialty: ' YOGA ',
      removeProfilePicture: false,
    })
    expect(form.success).toBe(false)
    expect(form.error!.issues).toEqual([
      expect.objectContaining({ path: ['customSpecialty'], message: SPECIALTY_EXISTS }),
    ])
    const same = ProfileFormSchema.safeParse({ ...base, suggestedSpecialty: 'Reiki', customSpecialty: 'reiki' })
    expect(same.error!.issues).toEqual([
      expect.objectContaining({ path: ['customSpecialty'], message: SPECIALTY_EXISTS }),
    ])
  })
})

describe('saving the profile (model)', () => {
  test('specialties are replaced in the given order, in one write with the fields', async () => {
    const p = await createListedPractitioner({ specialties: ['Yoga', 'Reiki', 'Meditation'] })
    await updatePractitionerProfile(p.id, {
      ...base,
      title: 'Coach',
      bio: 'Bio',
      specialties: ['Meditation', 'Breathwork', 'Yoga'],
    })
    expect(getSpecialties(p.id)).toEqual(['Meditation', 'Breathwork', 'Yoga'])
    expect(getUserById(p.id)).toMatchObject({ firstName: 'Jordan', title: 'Coach', bio: 'Bio' })
    await updatePractitionerProfile(p.id, { ...base, title: 'Coach', bio: 'Bio', specialties: [] })
    expect(getSpecialties(p.id)).toEqual([])
  })

  test('a failing specialty write leaves the fields unchanged too', async () => {
    const p = await createListedPractitioner({ title: 'Before' })
    // Exact repeats break the (user, specialty) key: only a caller skipping the schema can send
    // them, and the transaction must then roll the users row back as well.
    await expect(
      updatePractitionerProfile(p.id, { ...base, title: 'After', bio: 'Bio', specialties: ['Yoga', 'Yoga'] }),
    ).rejects.toThrow()
    expect(getUserById(p.id)?.title).toBe('Before')
  })

  test('search finds the practitioner by a new specialty, and forgets a removed one', async () => {
    const p = await createListedPractitioner({ firstName: 'Quinn', specialties: ['Reiki'] })
    const found = (search: string) =>
      listPractitioners(PractitionerFiltersSchema.parse({ search })).practitioners.map((x) => x.id)
    // The listing keeps this page until the catalogue changes: the update must show at once.
    expect(found('reiki')).toContain(p.id)
    await updatePractitionerProfile(p.id, {
      firstName: 'Quinn',
      lastName: 'Stone',
      title: 'Coach',
      bio: 'Bio',
      specialties: ['Craniosacral Therapy'],
    })
    expect(found('craniosacral')).toContain(p.id)
    expect(found('reiki')).not.toContain(p.id)
    const bySpecialty = listPractitioners(PractitionerFiltersSchema.parse({ specialty: 'craniosacral therapy' }))
    expect(bySpecialty.practitioners.map((x) => x.id)).toContain(p.id)
  })

  test('a complete profile is listed; removing the photo unlists it', async () => {
    const { user } = await newPractitioner()
    expect(getPractitionerProfile(user.id)).toBeNull()
    await updatePractitionerProfile(
      user.id,
      { ...base, title: 'Yoga Therapist', bio: 'Twenty years of practice.', specialties: ['Yoga'] },
      { kind: 'replace', file: pngFile() },
    )
    expect(getPractitionerProfile(user.id)).toMatchObject({ title: 'Yoga Therapist', specialties: ['Yoga'] })
    await updatePractitionerProfile(
      user.id,
      { ...base, title: 'Yoga Therapist', bio: 'Twenty years of practice.', specialties: ['Yoga'] },
      { kind: 'remove' },
    )
    expect(getPractitionerProfile(user.id)).toBeNull()
  })

  test('a replaced photo file is deleted; a non-image is refused and nothing changes', async () => {
    const { user } = await newPractitioner()
    const first = await updatePractitionerProfile(
      user.id,
      { ...base, title: null, bio: null, specialties: [] },
      { kind: 'replace', file: pngFile() },
    )
    expect(await readImage(imageName(first.profileImageUrl))).not.toBeNull()
    const second = await updatePractitionerProfile(
      user.id,
      { ...base, title: null, bio: null, specialties: [] },
      { kind: 'replace', file: pngFile() },
    )
    expect(second.profileImageUrl).not.toBe(first.profileImageUrl)
    expect(await readImage(imageName(first.profileImageUrl))).toBeNull()
    expect(await readImage(imageName(second.profileImageUrl))).not.toBeNull()

    const text = new File(['not an image'], 'fake.png', { type: 'image/png' })
    await expect(
      updatePractitionerProfile(
        user.id,
        { ...base, title: 'X', bio: null, specialties: [] },
        { kind: 'replace', file: text },
      ),
    ).rejects.toThrow(NOT_REALLY_AN_IMAGE)
    expect(getUserById(user.id)).toMatchObject({ title: null, profileImageUrl: second.profileImageUrl })
  })
})

describe('My Profile screen', () => {
  test('signed out goes to login; a client goes to their own dashboard', async () => {
    expectRedirect(
      await settle(() => profileScreen.loader(routeArgs(getRequest(PAGE)))),
      '/login?redirect=%2Fpractitioner%2Fprofile',
    )
    const client = await createUser()
    const answer = await saveForm(await signIn(client.id), base)
    expectRedirect(answer, '/client-dashboard')
  })

  test('saves fields, keeps checked specialties, adds a suggested and a custom one, uploads a photo', async () => {
    const { user, cookie } = await newPractitioner()
    await updatePractitionerProfile(user.id, { ...base, title: null, bio: null, specialties: ['Reiki', 'Yoga'] })
    const answer = await saveForm(cookie, [
      ['firstName', 'Jordan'],
      ['lastName', 'Reyes-Lee'],
      ['title', 'Yoga Therapist'],
      ['bio', 'Twenty years of practice.'],
      ['specialties', 'Yoga'],
      ['suggestedSpecialty', 'Meditation'],
      ['customSpecialty', '  Prenatal Yoga  '],
      ['profilePictureFile', pngFile()],
    ])
    const response = expectRedirect(answer, PAGE)
    expect(shownToast(await readToast(response))).toMatchObject({ type: 'success', title: 'Profile updated' })
    const saved = getUserById(user.id)!
    expect(saved).toMatchObject({ lastName: 'Reyes-Lee', title: 'Yoga Therapist', bio: 'Twenty years of practice.' })
    expect(saved.specialties).toEqual(['Yoga', 'Meditation', 'Prenatal Yoga'])
    expect(saved.profileImageUrl).toMatch(/^\/uploads\/images\/.+\.webp$/)
    const loaded = await profileScreen.loader(routeArgs(getRequest(PAGE, { cookie })))
    expect(loaded.missing).toEqual([])
  })

  test('a duplicate custom specialty is refused with the spec message and toast', async () => {
    const { user, cookie } = await newPractitioner()
    await updatePractitionerProfile(user.id, { ...base, title: null, bio: null, specialties: ['Yoga'] })
    const reply = formReply(await saveForm(cookie, { ...base, specialties: 'Yoga', customSpecialty: 'yoga' }))
    expect(reply.status).toBe(400)
    expect(reply.result.error).toMatchObject({ customSpecialty: [SPECIALTY_EXISTS] })
    expect(shownToast(reply.toast)).toEqual({
      type: 'error',
      title: 'Specialty already exists',
      description: 'This specialty is already in your list',
    })
    expect(getSpecialties(user.id)).toEqual(['Yoga'])
  })

  test('missing names fail with the "Failed to update profile" toast', async () => {
    const { cookie } = await newPractitioner()
    const reply = formReply(await saveForm(cookie, { firstName: '', lastName: 'Reyes' }))
    expect(reply.status).toBe(400)
    expect(shownErrors(reply.result.error)).toMatchObject({ firstName: ['First name is required'] })
    expect(shownToast(reply.toast)).toMatchObject({ type: 'error', title: 'Failed to update profile' })
  })

  test('a file that is not an image is refused on the photo field', async () => {
    const { cookie } = await newPractitioner()
    const fake = new File(['hello'], 'fake.png', { type: 'image/png' })
    const reply = formReply(await saveForm(cookie, { ...base, profilePictureFile: fake }))
    expect(reply.status).toBe(400)
    expect(reply.result.error).toMatchObject({ profilePictureFile: [NOT_REALLY_AN_IMAGE] })
    expect(shownToast(reply.toast)).toMatchObject({
      title: 'Failed to update profile',
      description: inEnglish(NOT_REALLY_AN_IMAGE),
    })
  })

  test('unchecking every specialty removes them all; "remove picture" clears the photo', async () => {
    const { user, cookie } = await newPractitioner()
    await updatePractitionerProfile(
      user.id,
      { ...base, title: 'T', bio: 'B', specialties: ['Yoga', 'Reiki'] },
      { kind: 'replace', file: pngFile() },
    )
    const before = getUserById(user.id)!.profileImageUrl
    expectRedirect(await saveForm(cookie, { ...base, title: 'T', bio: 'B', removeProfilePicture: 'on' }), PAGE)
    expect(getUserById(user.id)).toMatchObject({ specialties: [], profileImageUrl: null })
    expect(await readImage(imageName(before))).toBeNull()
  })
})

describe('PATCH /api/practitioners/profile', () => {
  const patch = (body: unknown, cookie?: string) =>
    callApi(profileApi.action, jsonRequest(API, 'PATCH', body, { cookie }))

  test('the static route is its own module: "profile" is never read as a practitioner id', async () => {
    // Flat routes rank a static segment above a dynamic one, so /api/practitioners/profile
    // matches this module; the :id module would only ever answer 404 for it.
    const byId = await callApi(practitionerByIdApi.loader, getRequest(API), { id: 'profile' })
    expect(byId.status).toBe(404)
    const get = await callApi(profileApi.loader, getRequest(API))
    expect(get.status).toBe(405)
  })

  test('401 signed out, 403 for a client, 405 for other methods', async () => {
    expect((await patch(base)).status).toBe(401)
    const client = await createUser()
    const forbidden = await patch(base, await signIn(client.id))
    expect(forbidden).toMatchObject({ status: 403, body: { message: 'Only practitioners can do this' } })
    const { cookie } = await newPractitioner()
    const post = await callApi(profileApi.action, jsonRequest(API, 'POST', base, { cookie }))
    expect(post.status).toBe(405)
  })

  test('400 with the message for invalid bodies', async () => {
    const { cookie } = await newPractitioner()
    expect(await patch({ ...base, firstName: '' }, cookie)).toMatchObject({
      status: 400,
      body: { message: 'First name is required' },
    })
    expect(await patch({ ...base, specialties: ['Yoga', 'YOGA'] }, cookie)).toMatchObject({
      status: 400,
      body: { message: inEnglish(SPECIALTY_EXISTS) },
    })
    expect(await patch({ ...base, profileImageUrl: '/uploads/images/someone-else.png' }, cookie)).toMatchObject({
      status: 400,
      body: { message: 'Please select an image file' },
    })
  })

  test('200 { user } with the saved profile; omitted fields are kept', async () => {
    const { user, cookie } = await newPractitioner()
    const answer = await patch(
      {
        ...base,
        title: 'Nutritionist',
        bio: 'Food as medicine.',
        specialties: ['Nutrition', 'Sports Nutrition'],
        profileImageUrl: `data:image/png;base64,${PNG_BASE64}`,
      },
      cookie,
    )
    expect(answer.status).toBe(200)
    expect(answer.body.user).toMatchObject({
      id: user.id,
      title: 'Nutritionist',
      specialties: ['Nutrition', 'Sports Nutrition'],
    })
    const url = answer.body.user.profileImageUrl as string
    expect(url).toMatch(/^\/uploads\/images\//)
    expect(getPractitionerProfile(user.id)).not.toBeNull()

    const again = await patch({ firstName: 'Jo', lastName: 'Reyes', profileImageUrl: url }, cookie)
    expect(again.body.user).toMatchObject({
      firstName: 'Jo',
      title: 'Nutritionist',
      bio: 'Food as medicine.',
      profileImageUrl: url,
    })
    expect(again.body.user.specialties).toEqual(['Nutrition', 'Sports Nutrition'])
    expect(await readImage(imageName(url))).not.toBeNull()

    const removed = await patch({ ...base, profileImageUrl: null }, cookie)
    expect(removed.body.user.profileImageUrl).toBeNull()
    expect(await readImage(imageName(url))).toBeNull()
    expect(getPractitionerProfile(user.id)).toBeNull()
  })

  test("profileImageUrl '' (the spec’s client clearing the picture) removes the photo and discards its file", async () => {
    const { user, cookie } = await newPractitioner()
    const saved = await patch(
      { ...base, title: 'Coach', bio: 'Hello.', profileImageUrl: `data:image/png;base64,${PNG_BASE64}` },
      cookie,
    )
    const url = saved.body.user.profileImageUrl as string
    expect(url).toMatch(/^\/uploads\/images\//)
    expect(await readImage(imageName(url))).not.toBeNull()

    const cleared = await patch({ ...base, title: 'Coach', bio: 'Hello.', profileImageUrl: '' }, cookie)
    expect(cleared.status).toBe(200)
    expect(cleared.body.user.profileImageUrl).toBeNull()
    expect(getUserById(user.id)).toMatchObject({ profileImageUrl: null, title: 'Coach', bio: 'Hello.' })
    expect(await readImage(imageName(url))).toBeNull()
  })
})
