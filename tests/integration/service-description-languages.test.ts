import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { services } from '~/db/schema'
import { ServiceApiSchema } from '~/models/practice/service-form'
import { createService, getOwnService, updateService } from '~/models/practice/services.server'
import * as serviceByIdApi from '~/routes/api.services.$id'
import * as servicesApi from '~/routes/api.services._index'
import * as screen from '~/routes/practitioner.services'
import {
  callApi,
  createListedPractitioner,
  expectRedirect,
  formReply,
  formRequest,
  getRequest,
  jsonRequest,
  routeArgs,
  settle,
  signIn,
  updateUserRow,
  type FormFields,
} from '../helpers'
import { inEnglish, inFrench } from '../helpers/i18n'

/**
 * A service's description in two languages (issue 48): the language it is written in and an
 * optional text in the other one, through the model, POST/PATCH /api/services and My Services.
 */

const PAGE = '/practitioner/services'
const FRENCH = 'Une heure de yoga doux pour bien commencer la journée.'

async function practitioner() {
  const user = await createListedPractitioner()
  updateUserRow(user.id, { stripeAccountId: `acct_${user.id}_${Date.now()}` })
  return { user: { ...user, hasPaymentAccount: true }, cookie: await signIn(user.id) }
}

const apiBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Morning Flow Yoga',
  description: 'A gentle hour of yoga to start the day.',
  category: 'Yoga',
  price: 0,
  duration: 60,
  ...overrides,
})

const post = (cookie: string, data: unknown) =>
  callApi(servicesApi.action, jsonRequest('/api/services', 'POST', data, { cookie }))

const patch = (cookie: string, id: number, data: unknown) =>
  callApi(serviceByIdApi.action, jsonRequest(`/api/services/${id}`, 'PATCH', data, { cookie }), { id: String(id) })

const stored = (id: number) =>
  getDb()
    .select({ language: services.descriptionLanguage, translation: services.descriptionTranslation })
    .from(services)
    .where(eq(services.id, id))
    .get()

describe('the model', () => {
  test('a new service is English without a translation unless told; an edit that leaves them out keeps them', async () => {
    const { user } = await practitioner()
    const plain = await createService(user, ServiceApiSchema.parse(apiBody()))
    expect(plain).toMatchObject({ descriptionLanguage: 'en', descriptionTranslation: null })

    const both = await createService(
      user,
      ServiceApiSchema.parse(apiBody({ descriptionLanguage: 'en', descriptionTranslation: FRENCH })),
    )
    expect(stored(both.id)).toEqual({ language: 'en', translation: FRENCH })
    await updateService(user, both.id, ServiceApiSchema.parse(apiBody({ name: 'Renamed' })))
    expect(getOwnService(user.id, both.id)).toMatchObject({
      name: 'Renamed',
      descriptionLanguage: 'en',
      descriptionTranslation: FRENCH,
    })
    // Written in French, with the English beside it; then the translation cleared.
    await updateService(
      user,
      both.id,
      ServiceApiSchema.parse(
        apiBody({ description: FRENCH, descriptionLanguage: 'fr', descriptionTranslation: 'A gentle hour.' }),
      ),
    )
    expect(stored(both.id)).toEqual({ language: 'fr', translation: 'A gentle hour.' })
    await updateService(user, both.id, ServiceApiSchema.parse(apiBody({ descriptionTranslation: null })))
    expect(stored(both.id)).toEqual({ language: 'fr', translation: null })
  })

  test('the translation follows the description’s rules: plain text over lines, at most 2000 characters', () => {
    const refusal = (schema: typeof ServiceApiSchema, value: unknown) =>
      schema.safeParse(apiBody({ descriptionTranslation: value })).error?.issues[0]
    expect(refusal(ServiceApiSchema, 'Deux lignes\nde texte')).toBeUndefined()
    expect(refusal(ServiceApiSchema, ' ')).toBeUndefined()
    expect(ServiceApiSchema.parse(apiBody({ descriptionTranslation: '  ' })).descriptionTranslation).toBeNull()
    const long = refusal(ServiceApiSchema, 'a'.repeat(2001))
    expect(long?.path).toEqual(['descriptionTranslation'])
    expect(inEnglish(long!.message)).toBe('The description in the other language must be at most 2000 characters')
    expect(inFrench(long!.message)).toBe('La description dans l’autre langue doit compter au plus 2000 caractères')
    expect(refusal(ServiceApiSchema, 'hidden\u202etext')?.path).toEqual(['descriptionTranslation'])
    const language = ServiceApiSchema.safeParse(apiBody({ descriptionLanguage: 'de' })).error?.issues[0]
    expect(language?.path).toEqual(['descriptionLanguage'])
    expect(inEnglish(language!.message)).toBe('Please choose English or French for the description')
  })
})

describe('POST and PATCH /api/services', () => {
  test('take and answer descriptionLanguage and descriptionTranslation; an empty string clears the translation', async () => {
    const { cookie } = await practitioner()
    const created = await post(cookie, apiBody({ descriptionLanguage: 'fr', description: FRENCH }))
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ descriptionLanguage: 'fr', descriptionTranslation: null })
    const id = created.body.id as number

    const translated = await patch(
      cookie,
      id,
      apiBody({ descriptionLanguage: 'fr', description: FRENCH, descriptionTranslation: 'A gentle hour of yoga.' }),
    )
    expect(translated.status).toBe(200)
    expect(translated.body).toMatchObject({
      descriptionLanguage: 'fr',
      descriptionTranslation: 'A gentle hour of yoga.',
    })

    // Left out (the spec's client never sends them): both kept.
    const kept = await patch(cookie, id, apiBody({ description: FRENCH }))
    expect(kept.body).toMatchObject({ descriptionLanguage: 'fr', descriptionTranslation: 'A gentle hour of yoga.' })
    const mine = await callApi(servicesApi.loader, getRequest('/api/services?scope=mine', { cookie }))
    expect(mine.body[0]).toMatchObject({
      id,
      descriptionLanguage: 'fr',
      descriptionTranslation: 'A gentle hour of yoga.',
    })

    const cleared = await patch(cookie, id, apiBody({ descriptionTranslation: '' }))
    expect(cleared.body).toMatchObject({ descriptionLanguage: 'fr', descriptionTranslation: null })
    expect(stored(id)).toEqual({ language: 'fr', translation: null })

    const refused = await post(cookie, apiBody({ descriptionLanguage: 'es' }))
    expect(refused).toMatchObject({
      status: 400,
      body: { message: 'Please choose English or French for the description' },
    })
  })
})

describe('the My Services screen', () => {
  const action = (cookie: string, fields: FormFields, query = '?new=1') =>
    settle(() => screen.action(routeArgs(formRequest(`${PAGE}${query}`, fields, { cookie }))))
  const fields = (overrides: FormFields = {}): FormFields => ({
    intent: 'create-service',
    name: 'Sound Bath',
    description: 'Relax with singing bowls.',
    descriptionLanguage: 'en',
    descriptionTranslation: 'Détendez-vous au son des bols chantants.',
    category: 'Meditation',
    price: '0',
    duration: '45',
    details: '',
    meetingLink: '',
    taxKind: 'none',
    isActive: 'on',
    ...overrides,
  })

  test('the form (as sent without JavaScript) saves both texts; an emptied box clears the translation', async () => {
    const { user, cookie } = await practitioner()
    expectRedirect(await action(cookie, fields()), PAGE)
    const service = getDb()
      .select({ id: services.id })
      .from(services)
      .where(eq(services.practitionerId, user.id))
      .get()!
    expect(stored(service.id)).toEqual({ language: 'en', translation: 'Détendez-vous au son des bols chantants.' })

    // The edit dialog starts from the saved texts.
    const loaded = await screen.loader(routeArgs(getRequest(`${PAGE}?edit=${service.id}`, { cookie })))
    expect(loaded.editing).toMatchObject({
      descriptionLanguage: 'en',
      descriptionTranslation: 'Détendez-vous au son des bols chantants.',
    })

    const edit = { intent: 'update-service', serviceId: String(service.id) }
    expectRedirect(await action(cookie, fields({ ...edit, descriptionLanguage: 'fr' }), `?edit=${service.id}`), PAGE)
    expect(stored(service.id)?.language).toBe('fr')
    expectRedirect(await action(cookie, fields({ ...edit, descriptionTranslation: '' }), `?edit=${service.id}`), PAGE)
    expect(stored(service.id)).toEqual({ language: 'en', translation: null })
  })

  test('a translation too long comes back on its own box, with what was typed', async () => {
    const { cookie } = await practitioner()
    const reply = formReply(await action(cookie, fields({ descriptionTranslation: 'a'.repeat(2001) })))
    expect(reply.status).toBe(400)
    expect(reply.result.error?.descriptionTranslation?.map(inEnglish)).toEqual([
      'The description in the other language must be at most 2000 characters',
    ])
    expect(reply.result.initialValue).toMatchObject({ descriptionTranslation: 'a'.repeat(2001) })
  })

  test('a form that does not name the language saves English; one naming another is refused on its field', async () => {
    const { user, cookie } = await practitioner()
    const { descriptionLanguage: _language, ...withoutLanguage } = fields({ name: 'No language named' })
    expectRedirect(await action(cookie, withoutLanguage), PAGE)
    const saved = getDb().select({ id: services.id }).from(services).where(eq(services.practitionerId, user.id)).get()!
    expect(stored(saved.id)?.language).toBe('en')
    const reply = formReply(await action(cookie, fields({ descriptionLanguage: 'de' })))
    expect(reply.status).toBe(400)
    expect(reply.result.error?.descriptionLanguage?.map(inEnglish)).toEqual([
      'Please choose English or French for the description',
    ])
  })
})
