import { beforeEach, describe, expect, test } from 'vitest'
import { msg } from '~/lib/i18n/message'
import { CLIENT_IP_HEADER, TOO_MANY_REQUESTS, resetAllLimits } from '~/lib/rate-limit.server'
import { getToast } from '~/lib/toast.server'
import { listContactMessages } from '~/models/marketplace/contact.server'
import { listLeads } from '~/models/marketplace/lead.server'
import * as contactScreen from '~/routes/_public.contact'
import * as launchingScreen from '~/routes/_public.launching-soon'
import * as contactApi from '~/routes/api.contact'
import * as leadsApi from '~/routes/api.leads'
import { inEnglish } from '../helpers/i18n'

/**
 * The contact form and the early-access lead form, end to end through the route modules:
 * the screens (form posts, redirect-after-post with a toast, conform replies) and their
 * /api twins (JSON), over one fresh database.
 */

type Action = (args: {
  request: Request
  params: Record<string, string>
  context: Record<string, unknown>
}) => Promise<unknown>
type FormReply = {
  result: { status?: string; error?: Record<string, string[] | null> }
  toast: { type: string; title: string; description?: string } | null
  placement?: string
}

const HONEYPOT_REFUSAL = msg('common:forms.notAccepted')

const contact = {
  name: 'Maya Chen',
  email: 'maya@example.com',
  subject: 'Question about booking',
  message: 'Can I book two sessions in the same week?',
}

const lead = {
  firstName: 'Amara',
  lastName: 'Okafor',
  email: 'amara@example.com',
  countryCode: '+44',
  phoneNumber: '020 7946 0018',
  practiceType: 'mental-health',
  yearsOfExperience: '5-10',
}

function call(action: Action, request: Request) {
  return action({ request, params: {}, context: {} })
}

function postForm(action: Action, path: string, fields: Record<string, string>, ip = '203.0.113.7') {
  const body = new FormData()
  for (const [key, value] of Object.entries(fields)) body.set(key, value)
  return call(
    action,
    new Request(`http://localhost${path}`, { method: 'POST', body, headers: { [CLIENT_IP_HEADER]: ip } }),
  )
}

function postJson(action: Action, path: string, json: unknown, ip = '203.0.113.7') {
  return call(
    action,
    new Request(`http://localhost${path}`, {
      method: 'POST',
      body: typeof json === 'string' ? json : JSON.stringify(json),
      headers: { 'Content-Type': 'application/json', [CLIENT_IP_HEADER]: ip },
    }),
  ) as Promise<Response>
}

/** A screen action's `data()` answer, as single fetch hands it to a direct caller. */
function reply(result: unknown) {
  expect(result).toMatchObject({ type: 'DataWithResponseInit' })
  const { data, init } = result as { data: FormReply; init: ResponseInit | null }
  return { status: init?.status ?? 200, ...data }
}

/** A toast as an English reader sees it (its words are catalogue keys until shown). */
function shownToast(toast: { type: string; title: string; description?: string } | null | undefined) {
  if (!toast) return toast
  return {
    ...toast,
    title: inEnglish(toast.title),
    ...(toast.description === undefined ? {} : { description: inEnglish(toast.description) }),
  }
}

/** A form's field errors as an English reader sees them. */
function shownErrors(errors: Record<string, string[] | null> | undefined) {
  return errors && Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list?.map(inEnglish)]))
}

/** The toast a redirect carries, read back the way the next page reads it. */
async function toastOf(response: Response) {
  const setCookie = response.headers.get('Set-Cookie')
  expect(setCookie).toBeTruthy()
  const cookie = setCookie!.split(';')[0]!
  const { toast } = await getToast(new Request('http://localhost/', { headers: { Cookie: cookie } }))
  return toast
}

beforeEach(resetAllLimits)

describe('contact screen', () => {
  const submit = (fields: Record<string, string>, ip?: string) =>
    postForm(contactScreen.action as Action, '/contact', fields, ip)

  test('a valid message is stored, then redirect-after-post with the success toast', async () => {
    const response = (await submit({ ...contact, website: '' })) as Response
    expect(response).toBeInstanceOf(Response)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/contact')
    expect(shownToast(await toastOf(response))).toEqual({
      type: 'success',
      title: 'Message Sent!',
      description: "Thank you for contacting us. We'll get back to you within 24 hours.",
    })
    expect(listContactMessages().messages[0]).toMatchObject({ ...contact, isRead: false })
  })

  test('missing fields answer 400 with each field’s message and store nothing', async () => {
    const before = listContactMessages().total
    const answer = reply(await submit({ name: '', email: 'not-an-email', subject: ' ', message: '' }))
    expect(answer.status).toBe(400)
    expect(answer.toast).toBeNull()
    expect(shownErrors(answer.result.error)).toEqual({
      name: ['Name is required'],
      email: ['Please enter a valid email address'],
      subject: ['Subject is required'],
      message: ['Message is required'],
    })
    expect(listContactMessages().total).toBe(before)
  })

  test('a filled honeypot is refused with an error toast', async () => {
    const before = listContactMessages().total
    const answer = reply(await submit({ ...contact, website: 'https://spam.example' }))
    expect(answer.status).toBe(400)
    expect(shownToast(answer.toast)).toEqual({
      type: 'error',
      title: 'Failed to Send Message',
      description: inEnglish(HONEYPOT_REFUSAL),
    })
    expect(shownErrors(answer.result.error)).toEqual({ '': [inEnglish(HONEYPOT_REFUSAL)] })
    expect(listContactMessages().total).toBe(before)
  })

  test('the sixth message from one address within the hour is refused with 429', async () => {
    for (let i = 0; i < 5; i++) expect(((await submit(contact)) as Response).status).toBe(302)
    const answer = reply(await submit(contact))
    expect(answer.status).toBe(429)
    expect(shownToast(answer.toast)).toEqual({
      type: 'error',
      title: 'Failed to Send Message',
      description: inEnglish(TOO_MANY_REQUESTS),
    })
    // Another address is not affected.
    expect(((await submit(contact, '198.51.100.20')) as Response).status).toBe(302)
  })
})

describe('POST /api/contact', () => {
  const send = (json: unknown, ip?: string) => postJson(contactApi.action as Action, '/api/contact', json, ip)

  test('201 { message, id } and the row is stored', async () => {
    const response = await send({ ...contact, email: ' Maya@Example.com ' })
    expect(response.status).toBe(201)
    const body = (await response.json()) as { message: string; id: number }
    expect(body).toEqual({ message: 'Message sent', id: expect.any(Number) })
    expect(listContactMessages().messages.find((m) => m.id === body.id)).toMatchObject({ ...contact })
  })

  test('400 { message } with the schema’s text for invalid input or a bad body', async () => {
    expect(await (await send({ ...contact, name: '' })).json()).toEqual({ message: 'Name is required' })
    const invalidEmail = await send({ ...contact, email: 'maya' })
    expect(invalidEmail.status).toBe(400)
    expect(await invalidEmail.json()).toEqual({ message: 'Please enter a valid email address' })
    expect(await (await send({ ...contact, message: '  ' })).json()).toEqual({ message: 'Message is required' })
    const badJson = await send('{not json')
    expect(badJson.status).toBe(400)
    expect(await badJson.json()).toEqual({ message: 'The request body must be valid JSON' })
  })

  test('a filled honeypot is refused', async () => {
    const before = listContactMessages().total
    const response = await send({ ...contact, website: 'bot' })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: inEnglish(HONEYPOT_REFUSAL) })
    expect(listContactMessages().total).toBe(before)
  })

  test('shares the screen’s limit: 429 { message } once the window is full', async () => {
    for (let i = 0; i < 3; i++) await postForm(contactScreen.action as Action, '/contact', contact)
    for (let i = 0; i < 2; i++) expect((await send(contact)).status).toBe(201)
    const response = await send(contact)
    expect(response.status).toBe(429)
    expect(await response.json()).toEqual({ message: inEnglish(TOO_MANY_REQUESTS) })
  })

  test('other methods answer 405 JSON', async () => {
    const get = await contactApi.loader({
      request: new Request('http://localhost/api/contact'),
      params: {},
      context: {},
    })
    expect(get.status).toBe(405)
    expect(get.headers.get('Allow')).toBe('POST')
    expect(await get.json()).toEqual({ message: 'Method not allowed' })
    const put = (await call(
      contactApi.action as Action,
      new Request('http://localhost/api/contact', { method: 'PUT', body: JSON.stringify(contact) }),
    )) as Response
    expect(put.status).toBe(405)
    expect(await put.json()).toEqual({ message: 'Method not allowed' })
  })
})

describe('launching-soon screen', () => {
  const submit = (fields: Record<string, string>, ip?: string) =>
    postForm(launchingScreen.action as Action, '/launching-soon', fields, ip)

  test('a valid lead is stored, then redirect to the thank-you state with the success toast', async () => {
    const response = (await submit({ ...lead, placement: 'hero', website: '' })) as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/launching-soon?joined=1')
    expect(shownToast(await toastOf(response))).toEqual({
      type: 'success',
      title: 'Thank you!',
      description: "We'll notify you as soon as we launch!",
    })
    expect(listLeads().leads[0]).toMatchObject({ ...lead, userType: 'practitioner', source: 'launching_soon' })
  })

  test('missing fields answer 400 with the spec’s messages, tagged with the form that was sent', async () => {
    const before = listLeads().total
    const answer = reply(await submit({ placement: 'cta', countryCode: '' }))
    expect(answer.status).toBe(400)
    expect(answer.placement).toBe('cta')
    expect(answer.toast).toBeNull()
    expect(shownErrors(answer.result.error)).toEqual({
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      email: ['Please enter a valid email address'],
      countryCode: ['Country code is required'],
      phoneNumber: ['Phone number is required'],
      practiceType: ['Practice type is required'],
      yearsOfExperience: ['Years of experience is required'],
    })
    expect(reply(await submit({ ...lead, email: '' })).placement).toBe('hero')
    expect(listLeads().total).toBe(before)
  })

  test('a filled honeypot is refused with the spec’s error title', async () => {
    const before = listLeads().total
    const answer = reply(await submit({ ...lead, placement: 'hero', website: 'https://spam.example' }))
    expect(answer.status).toBe(400)
    expect(answer.placement).toBe('hero')
    expect(shownToast(answer.toast)).toEqual({
      type: 'error',
      title: 'Error',
      description: inEnglish(HONEYPOT_REFUSAL),
    })
    expect(listLeads().total).toBe(before)
  })

  test('the sixth lead from one address within the hour is refused with 429', async () => {
    for (let i = 0; i < 5; i++) expect(((await submit(lead)) as Response).status).toBe(302)
    const answer = reply(await submit({ ...lead, placement: 'cta' }))
    expect(answer.status).toBe(429)
    expect(answer.placement).toBe('cta')
    expect(shownToast(answer.toast)).toEqual({
      type: 'error',
      title: 'Error',
      description: inEnglish(TOO_MANY_REQUESTS),
    })
  })
})

describe('POST /api/leads', () => {
  const send = (json: unknown, ip?: string) => postJson(leadsApi.action as Action, '/api/leads', json, ip)

  test('201 { id } and the row is stored with the spec’s userType and source', async () => {
    const response = await send({ ...lead, userType: 'practitioner', source: 'launching_soon' })
    expect(response.status).toBe(201)
    const body = (await response.json()) as { id: number }
    expect(body).toEqual({ id: expect.any(Number) })
    expect(listLeads().leads.find((l) => l.id === body.id)).toMatchObject({
      ...lead,
      userType: 'practitioner',
      source: 'launching_soon',
    })
  })

  test('400 { message } with the schema’s text', async () => {
    const cases: [Partial<typeof lead>, string][] = [
      [{ firstName: '' }, 'First name is required'],
      [{ lastName: '' }, 'Last name is required'],
      [{ email: 'x' }, 'Please enter a valid email address'],
      [{ countryCode: '' }, 'Country code is required'],
      [{ phoneNumber: '' }, 'Phone number is required'],
      [{ practiceType: '' }, 'Practice type is required'],
      [{ yearsOfExperience: '' }, 'Years of experience is required'],
    ]
    for (const [change, message] of cases) {
      const response = await send({ ...lead, ...change })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ message })
    }
  })

  test('a filled honeypot is refused and 429 follows a full window', async () => {
    const honeypot = await send({ ...lead, website: 'bot' })
    expect(honeypot.status).toBe(400)
    expect(await honeypot.json()).toEqual({ message: inEnglish(HONEYPOT_REFUSAL) })
    for (let i = 0; i < 5; i++) expect((await send(lead)).status).toBe(201)
    const limited = await send(lead)
    expect(limited.status).toBe(429)
    expect(await limited.json()).toEqual({ message: inEnglish(TOO_MANY_REQUESTS) })
  })

  test('GET answers 405 JSON', async () => {
    const get = await leadsApi.loader({ request: new Request('http://localhost/api/leads'), params: {}, context: {} })
    expect(get.status).toBe(405)
    expect(await get.json()).toEqual({ message: 'Method not allowed' })
  })
})
