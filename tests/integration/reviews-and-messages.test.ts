import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { messages, reviews, services } from '~/db/schema'
import { resetAllLimits, TOO_MANY_REQUESTS } from '~/lib/rate-limit.server'
import type { PractitionerProfile } from '~/models/marketplace/practitioner'
import { ALREADY_REVIEWED, NOT_ELIGIBLE_TO_REVIEW, ONLY_CLIENTS_REVIEW } from '~/models/marketplace/review'
import { CANNOT_MESSAGE_SELF, RECIPIENT_NOT_FOUND } from '~/models/messaging/message'
import * as messagesApi from '~/routes/api.messages'
import * as practitionerApi from '~/routes/api.practitioners.$id._index'
import * as reviewsApi from '~/routes/api.reviews'
import {
  callApi,
  createListedPractitioner,
  createUser,
  getRequest,
  insertBooking,
  insertCompletedSession,
  insertService,
  jsonRequest,
  signIn,
  userRow,
} from '../helpers'
import { inEnglish } from '../helpers/i18n'

/** POST /api/reviews (verified reviews, aggregates) and POST /api/messages (questions). */

function postReview(body: unknown, cookie?: string) {
  return callApi(reviewsApi.action, jsonRequest('/api/reviews', 'POST', body, { cookie }))
}

function postMessage(body: unknown, cookie?: string) {
  return callApi(messagesApi.action, jsonRequest('/api/messages', 'POST', body, { cookie }))
}

function serviceRow(id: number) {
  return getDb().select().from(services).where(eq(services.id, id)).get()!
}

async function signedInClient(name = 'Jordan') {
  const user = await createUser({ firstName: name, lastName: 'Lee' })
  return { user, cookie: await signIn(user.id) }
}

let practitioner: Awaited<ReturnType<typeof createListedPractitioner>>
let practitionerCookie: string
let paid: { id: number }
let free: { id: number }

beforeAll(async () => {
  practitioner = await createListedPractitioner({ firstName: 'Maya', lastName: 'Chen' })
  practitionerCookie = await signIn(practitioner.id)
  paid = insertService(practitioner.id, { name: 'Gut reset', priceCents: 9000 })
  free = insertService(practitioner.id, { name: 'Intro call', priceCents: 0, isFreeIntro: true })
})

describe('POST /api/reviews', () => {
  test('a client with a completed session reviews once (201); the ratings move; a second try is 409', async () => {
    const { user, cookie } = await signedInClient('Ana')
    const session = insertCompletedSession({ clientId: user.id, practitionerId: practitioner.id, serviceId: paid.id })

    const created = await postReview(
      { practitionerId: practitioner.id, rating: 4, content: '  Really helpful session.  ' },
      cookie,
    )
    expect(created.status).toBe(201)
    expect(created.body).toEqual({
      id: expect.any(Number),
      rating: 4,
      content: 'Really helpful session.',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      practitionerId: practitioner.id,
    })
    const row = getDb().select().from(reviews).where(eq(reviews.id, created.body.id)).get()!
    expect(row).toMatchObject({
      bookingId: session.id,
      clientId: user.id,
      practitionerId: practitioner.id,
      serviceId: paid.id,
    })

    expect(userRow(practitioner.id)).toMatchObject({ rating: 4, reviewCount: 1 })
    expect(serviceRow(paid.id)).toMatchObject({ rating: 4, reviewCount: 1 })

    const again = await postReview({ practitionerId: practitioner.id, rating: 5, content: 'Once more.' }, cookie)
    expect(again).toMatchObject({ status: 409, body: { message: inEnglish(ALREADY_REVIEWED) } })
    expect(userRow(practitioner.id)).toMatchObject({ rating: 4, reviewCount: 1 })
  })

  test('a client with two completed sessions may review twice; the ratings are averages', async () => {
    const { user, cookie } = await signedInClient('Ben')
    // The newest unreviewed session is reviewed first.
    insertCompletedSession({ clientId: user.id, practitionerId: practitioner.id, serviceId: paid.id, hoursAgo: 72 })
    insertCompletedSession({ clientId: user.id, practitionerId: practitioner.id, serviceId: free.id, hoursAgo: 24 })

    expect(
      (await postReview({ practitionerId: practitioner.id, rating: 5, content: 'Great intro.' }, cookie)).status,
    ).toBe(201)
    expect(serviceRow(free.id)).toMatchObject({ rating: 5, reviewCount: 1 })
    expect(
      (await postReview({ practitionerId: practitioner.id, rating: 2, content: 'Less good.' }, cookie)).status,
    ).toBe(201)

    // Ana's 4, Ben's 5 and 2.
    const after = userRow(practitioner.id)!
    expect(after.reviewCount).toBe(3)
    expect(after.rating).toBeCloseTo(11 / 3, 10)
    expect(serviceRow(paid.id)).toMatchObject({ rating: 3, reviewCount: 2 })
    expect(serviceRow(free.id)).toMatchObject({ rating: 5, reviewCount: 1 })

    expect(await postReview({ practitionerId: practitioner.id, rating: 3, content: 'A third?' }, cookie)).toMatchObject(
      {
        status: 409,
        body: { message: inEnglish(ALREADY_REVIEWED) },
      },
    )
  })

  test('the profile shows the new reviews and the new rating', async () => {
    const { body } = await callApi<PractitionerProfile>(
      practitionerApi.loader,
      getRequest(`/api/practitioners/${practitioner.id}`),
      { id: String(practitioner.id) },
    )
    expect(body.reviewCount).toBe(3)
    expect(body.rating).toBeCloseTo(11 / 3, 10)
    expect(body.reviews.map((r) => r.content)).toEqual(['Less good.', 'Great intro.', 'Really helpful session.'])
    expect(body.reviews[0]).toMatchObject({ clientName: 'Ben L.', clientImage: null })
  })

  test('without a completed session with this practitioner: 403', async () => {
    const { user, cookie } = await signedInClient('Cara')
    const body = { practitionerId: practitioner.id, rating: 5, content: 'I would like to.' }
    expect(await postReview(body, cookie)).toMatchObject({
      status: 403,
      body: { message: inEnglish(NOT_ELIGIBLE_TO_REVIEW) },
    })

    // A confirmed future session, a cancelled one, a pending one: still not eligible.
    for (const [status, hours] of [
      ['confirmed', 48],
      ['cancelled', -48],
      ['pending', 72],
    ] as const) {
      insertBooking({
        clientId: user.id,
        practitionerId: practitioner.id,
        serviceId: paid.id,
        startsInHours: hours,
        status,
      })
    }
    expect(await postReview(body, cookie)).toMatchObject({
      status: 403,
      body: { message: inEnglish(NOT_ELIGIBLE_TO_REVIEW) },
    })

    // A completed session with someone else does not count either.
    const other = await createListedPractitioner({ firstName: 'Other' })
    const otherService = insertService(other.id)
    insertCompletedSession({ clientId: user.id, practitionerId: other.id, serviceId: otherService.id })
    expect(await postReview(body, cookie)).toMatchObject({
      status: 403,
      body: { message: inEnglish(NOT_ELIGIBLE_TO_REVIEW) },
    })
    expect(await postReview({ ...body, practitionerId: 999_999 }, cookie)).toMatchObject({ status: 403 })
    expect(userRow(practitioner.id)!.reviewCount).toBe(3)
  })

  test('practitioners and admins cannot review (403), even with a completed session', async () => {
    const other = await createListedPractitioner({ firstName: 'Peer' })
    insertCompletedSession({ clientId: other.id, practitionerId: practitioner.id, serviceId: paid.id })
    const body = { practitionerId: practitioner.id, rating: 5, content: 'Colleague review.' }
    expect(await postReview(body, await signIn(other.id))).toMatchObject({
      status: 403,
      body: { message: inEnglish(ONLY_CLIENTS_REVIEW) },
    })
    expect(await postReview(body, practitionerCookie)).toMatchObject({
      status: 403,
      body: { message: inEnglish(ONLY_CLIENTS_REVIEW) },
    })
    const admin = await createUser({ isAdmin: true })
    expect(await postReview(body, await signIn(admin.id))).toMatchObject({
      status: 403,
      body: { message: inEnglish(ONLY_CLIENTS_REVIEW) },
    })
  })

  test('a visitor: 401 Authentication required', async () => {
    const answer = await postReview({ practitionerId: practitioner.id, rating: 5, content: 'Anonymous.' })
    expect(answer).toMatchObject({ status: 401, body: { message: 'Authentication required' } })
  })

  describe('invalid input: 400 with the form messages', () => {
    let cookie: string
    beforeAll(async () => {
      const client = await signedInClient('Dee')
      cookie = client.cookie
      insertCompletedSession({ clientId: client.user.id, practitionerId: practitioner.id, serviceId: paid.id })
    })

    test.each([0, 6, 4.5, -1, 'five', null, undefined, ''])('rating %s', async (rating) => {
      const answer = await postReview({ practitionerId: practitioner.id, rating, content: 'Fine.' }, cookie)
      expect(answer).toMatchObject({ status: 400, body: { message: 'Please select a star rating.' } })
    })

    test.each(['', '   ', '\n\t ', undefined, null, 42])('content %s', async (content) => {
      const answer = await postReview({ practitionerId: practitioner.id, rating: 5, content }, cookie)
      expect(answer).toMatchObject({ status: 400, body: { message: 'Please write a review.' } })
    })

    test('content too long', async () => {
      const answer = await postReview({ practitionerId: practitioner.id, rating: 5, content: 'x'.repeat(2001) }, cookie)
      expect(answer).toMatchObject({ status: 400, body: { message: 'Reviews can be at most 2000 characters.' } })
    })

    test('practitionerId missing, malformed JSON', async () => {
      expect(await postReview({ rating: 5, content: 'Fine.' }, cookie)).toMatchObject({
        status: 400,
        body: { message: 'practitionerId is required' },
      })
      expect(await postReview('{not json', cookie)).toMatchObject({
        status: 400,
        body: { message: 'The request body must be valid JSON' },
      })
    })

    test('nothing was stored by the refused attempts; a valid one still works', async () => {
      const answer = await postReview(
        { practitionerId: practitioner.id, rating: '5', content: 'Finally valid.' },
        cookie,
      )
      expect(answer.status).toBe(201)
      expect(answer.body.rating).toBe(5)
    })
  })

  test('GET /api/reviews: 405 with Allow: POST', async () => {
    const answer = await callApi(reviewsApi.loader, getRequest('/api/reviews'))
    expect(answer).toMatchObject({ status: 405, body: { message: 'Method not allowed' } })
    expect(answer.headers.get('Allow')).toBe('POST')
  })
})

describe('POST /api/messages', () => {
  beforeEach(() => resetAllLimits())

  const question = { subject: 'Question about sessions', content: 'Do you offer evening sessions?' }

  test('a signed-in person asks a question: 201 with the stored message', async () => {
    const { user, cookie } = await signedInClient('Eli')
    const answer = await postMessage({ recipientId: practitioner.id, ...question }, cookie)
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({
      id: expect.any(Number),
      senderId: user.id,
      recipientId: practitioner.id,
      subject: 'Question about sessions',
      content: 'Do you offer evening sessions?',
      isRead: false,
      isReplyTo: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    })
    const row = getDb().select().from(messages).where(eq(messages.id, answer.body.id)).get()
    expect(row).toMatchObject({
      senderId: user.id,
      recipientId: practitioner.id,
      subject: question.subject,
      isRead: false,
    })
  })

  test('the text is trimmed; without isReplyTo the message answers none', async () => {
    const { cookie } = await signedInClient('Fay')
    const answer = await postMessage(
      { recipientId: String(practitioner.id), subject: '  Hello  ', content: '  Ten chars!  ' },
      cookie,
    )
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({ subject: 'Hello', content: 'Ten chars!', isReplyTo: null })
  })

  test('a visitor: 401', async () => {
    const answer = await postMessage({ recipientId: practitioner.id, ...question })
    expect(answer).toMatchObject({ status: 401, body: { message: 'Authentication required' } })
  })

  test('validation: the spec texts', async () => {
    const { cookie } = await signedInClient('Gus')
    for (const subject of ['', '   ', undefined]) {
      expect(
        await postMessage({ recipientId: practitioner.id, subject, content: question.content }, cookie),
      ).toMatchObject({
        status: 400,
        body: { message: 'Subject is required' },
      })
    }
    for (const content of ['too short', '   123456789   ', '', undefined]) {
      expect(await postMessage({ recipientId: practitioner.id, subject: 'Hi', content }, cookie)).toMatchObject({
        status: 400,
        body: { message: 'Message must be at least 10 characters long' },
      })
    }
    expect(
      (await postMessage({ recipientId: practitioner.id, subject: 'Hi', content: '1234567890' }, cookie)).status,
    ).toBe(201)
    expect(await postMessage({ subject: 'Hi', content: question.content }, cookie)).toMatchObject({
      status: 400,
      body: { message: 'recipientId is required' },
    })
  })

  test('unknown recipient: 404; oneself: 400', async () => {
    const { user, cookie } = await signedInClient('Hal')
    expect(await postMessage({ recipientId: 999_999, ...question }, cookie)).toMatchObject({
      status: 404,
      body: { message: inEnglish(RECIPIENT_NOT_FOUND) },
    })
    expect(await postMessage({ recipientId: user.id, ...question }, cookie)).toMatchObject({
      status: 400,
      body: { message: inEnglish(CANNOT_MESSAGE_SELF) },
    })
  })

  test('20 messages an hour per sender, then 429; another sender is not affected', async () => {
    const { user, cookie } = await signedInClient('Ivy')
    for (let n = 0; n < 20; n++) {
      expect((await postMessage({ recipientId: practitioner.id, ...question }, cookie)).status).toBe(201)
    }
    expect(await postMessage({ recipientId: practitioner.id, ...question }, cookie)).toMatchObject({
      status: 429,
      body: { message: inEnglish(TOO_MANY_REQUESTS) },
    })
    const stored = getDb().select().from(messages).where(eq(messages.senderId, user.id)).all()
    expect(stored).toHaveLength(20)
    const other = await signedInClient('Jay')
    expect((await postMessage({ recipientId: practitioner.id, ...question }, other.cookie)).status).toBe(201)
  })

  test('a practitioner can answer a client who wrote to them (the rules: messaging.test.ts)', async () => {
    const { user, cookie } = await signedInClient('Kim')
    expect((await postMessage({ recipientId: practitioner.id, ...question }, cookie)).status).toBe(201)
    const answer = await postMessage(
      { recipientId: user.id, subject: 'Your session', content: 'See you on Monday at 9.' },
      practitionerCookie,
    )
    expect(answer).toMatchObject({ status: 201, body: { senderId: practitioner.id, recipientId: user.id } })
  })

  test('GET /api/messages lists the question asked (the listing: messaging.test.ts)', async () => {
    const { cookie } = await signedInClient('Lou')
    const sent = await postMessage({ recipientId: practitioner.id, ...question }, cookie)
    const answer = await callApi(messagesApi.loader, getRequest('/api/messages', { cookie }))
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual([
      expect.objectContaining({ id: sent.body.id, recipient: expect.objectContaining({ id: practitioner.id }) }),
    ])
  })
})
