import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { drizzleConnection } from '~/db/client.server'
import { resetAllLimits, TOO_MANY_REQUESTS } from '~/lib/rate-limit.server'
import * as profileScreen from '~/routes/_public.practitioners.$id'
import {
  createListedPractitioner,
  createUser,
  formReply,
  formRequest,
  insertCompletedSession,
  insertService,
  routeArgs,
  settle,
  signIn,
} from '../helpers'
import { inEnglish } from '../helpers/i18n'

/**
 * A practitioner's profile, its two forms (Ask a Question, Write a Review) failing: the toasts
 * say it in the spec's words (§8), whether a rule refused or something unexpected broke.
 */

let practitioner: Awaited<ReturnType<typeof createListedPractitioner>>

beforeAll(async () => {
  practitioner = await createListedPractitioner({ firstName: 'Maya', lastName: 'Chen' })
})
beforeEach(() => {
  resetAllLimits()
})
afterEach(() => vi.restoreAllMocks())

function post(fields: Record<string, string>, cookie: string) {
  const path = `/practitioners/${practitioner.id}`
  return settle(() =>
    profileScreen.action(routeArgs(formRequest(path, fields, { cookie }), { id: String(practitioner.id) })),
  )
}

/** The database refuses the next write into `table`, as a full disk would: an unexpected failure. */
function breakInsertsInto(table: string) {
  const connection = drizzleConnection()
  const prepare = connection.prepare.bind(connection)
  vi.spyOn(connection, 'prepare').mockImplementation(((source: string) => {
    if (new RegExp(`^insert into "?${table}"?`, 'i').test(source.trim())) throw new Error('SQLITE_FULL')
    return prepare(source)
  }) as typeof connection.prepare)
}

/** A toast as an English reader sees it (the messaging texts are catalogue keys until shown). */
function inEnglishToast(toast: { title: string; description?: string } | null | undefined) {
  return (
    toast && { ...toast, title: inEnglish(toast.title), description: toast.description && inEnglish(toast.description) }
  )
}

const question = { intent: 'message', subject: 'About sleep', content: 'Do you work with early risers?' }

describe('Ask a Question', () => {
  test("a refusal is titled 'Failed to send message' over the server's reason", async () => {
    const client = await createUser()
    const cookie = await signIn(client.id)
    for (let n = 0; n < 20; n++) expect(await post(question, cookie)).toBeInstanceOf(Response)
    const refused = formReply(await post(question, cookie))
    expect(refused.status).toBe(429)
    expect(inEnglishToast(refused.toast)).toEqual({
      type: 'error',
      title: 'Failed to send message',
      description: inEnglish(TOO_MANY_REQUESTS),
    })
  })

  test("an unexpected failure keeps the title, with 'Please try again later.'", async () => {
    const cookie = await signIn((await createUser()).id)
    breakInsertsInto('messages')
    const failed = formReply(await post(question, cookie))
    expect(failed.status).toBe(500)
    expect(inEnglishToast(failed.toast)).toEqual({
      type: 'error',
      title: 'Failed to send message',
      description: 'Please try again later.',
    })
  })
})

describe('Write a Review', () => {
  test("an unexpected failure is 'Error' / 'Failed to submit your review. Please try again.'", async () => {
    const client = await createUser()
    const service = insertService(practitioner.id)
    insertCompletedSession({ clientId: client.id, practitionerId: practitioner.id, serviceId: service.id })
    breakInsertsInto('reviews')
    const failed = formReply(
      await post({ intent: 'review', rating: '5', content: 'Calm and kind.' }, await signIn(client.id)),
    )
    expect(failed.status).toBe(500)
    expect({
      ...failed.toast,
      title: inEnglish(failed.toast!.title),
      description: inEnglish(failed.toast!.description!),
    }).toEqual({
      type: 'error',
      title: 'Error',
      description: 'Failed to submit your review. Please try again.',
    })
  })
})
