import { describe, expect, test, vi } from 'vitest'
import { z } from 'zod'
import { readJson } from '~/lib/api.server'
import { BODY_MAX_BYTES, BodyTooLargeError, readBodyBytes, UnreadableBodyError } from '~/lib/body.server'
import { FORM_TOO_LARGE, readForm } from '~/lib/form-data.server'
import { IMAGE_UPLOAD_MAX_BYTES, INLINE_IMAGE_BODY_MAX_BYTES } from '~/models/body-caps.server'
import { IMAGE_TOO_LARGE } from '~/models/images/image'
import * as contact from '~/routes/_public.contact'
import * as login from '~/routes/_public.login'
import * as updateAccount from '~/routes/api.auth.update-account'
import * as apiLogin from '~/routes/api.login'
import * as servicesScreen from '~/routes/practitioner.services'
import { callApi, createListedPractitioner, createUser, formReply, routeArgs, settle, signIn } from '../helpers'
import { inEnglish } from '../helpers/i18n'
import { shownToast } from '../helpers/practice-i18n'

/**
 * Bodies are read only up to their cap (issue 10, item 1). Each request's body is a stream
 * that would make 50 MB, lazily: the tests count how much of it was ever asked for.
 */

const MB = 1024 * 1024
const CHUNK = 64 * 1024

/** A body of `totalBytes` made chunk by chunk as the reader pulls; it knows how far it got. */
function lazyBody(totalBytes = 50 * MB, fill = 'a') {
  const chunk = new TextEncoder().encode(fill.repeat(CHUNK))
  let produced = 0
  let cancelled = false
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (produced >= totalBytes) return controller.close()
      produced += CHUNK
      controller.enqueue(chunk)
    },
    cancel() {
      cancelled = true
    },
  })
  return { stream, produced: () => produced, cancelled: () => cancelled }
}

/** A request whose body is that stream, a prefix (e.g. the start of a JSON document) first. */
function streamedRequest(
  path: string,
  body: ReturnType<typeof lazyBody>,
  headers: Record<string, string>,
  { prefix = '', method = 'POST' } = {},
) {
  const start = new TextEncoder().encode(prefix)
  const reader = body.stream.getReader()
  let sentPrefix = false
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!sentPrefix && start.length) {
        sentPrefix = true
        return controller.enqueue(start)
      }
      const { done, value } = await reader.read()
      if (done) controller.close()
      else controller.enqueue(value)
    },
    cancel: (reason) => reader.cancel(reason),
  })
  return new Request(`http://localhost${path}`, { method, body: stream, headers, duplex: 'half' } as RequestInit)
}

/** No more than the cap plus a few chunks of read-ahead was ever produced. */
function expectStoppedNear(body: ReturnType<typeof lazyBody>, cap: number) {
  expect(body.produced()).toBeLessThanOrEqual(cap + 4 * CHUNK)
  expect(body.produced()).toBeLessThan(50 * MB)
}

describe('readBodyBytes', () => {
  test('stops a 50 MB stream at the cap and cancels it', async () => {
    const body = lazyBody()
    const request = streamedRequest('/x', body, {})
    await expect(readBodyBytes(request, BODY_MAX_BYTES)).rejects.toBeInstanceOf(BodyTooLargeError)
    expectStoppedNear(body, BODY_MAX_BYTES)
    expect(body.cancelled()).toBe(true)
  })

  test('a declared Content-Length over the cap is refused before the body is read', async () => {
    const body = lazyBody()
    const request = streamedRequest('/x', body, { 'Content-Length': String(50 * MB) })
    await expect(readBodyBytes(request, BODY_MAX_BYTES)).rejects.toBeInstanceOf(BodyTooLargeError)
    // A stream may pull once when it is made, before anyone reads.
    expect(body.produced()).toBeLessThanOrEqual(CHUNK)
  })

  test('a body within the cap is read whole, whatever its chunks', async () => {
    const request = new Request('http://localhost/x', { method: 'POST', body: 'x'.repeat(BODY_MAX_BYTES) })
    expect((await readBodyBytes(request, BODY_MAX_BYTES)).byteLength).toBe(BODY_MAX_BYTES)
  })

  test('a stream that fails midway is unreadable, not too large', async () => {
    const failing = new ReadableStream({
      pull(controller) {
        controller.error(new Error('connection reset'))
      },
    })
    const request = new Request('http://localhost/x', { method: 'POST', body: failing, duplex: 'half' } as RequestInit)
    await expect(readBodyBytes(request, BODY_MAX_BYTES)).rejects.toBeInstanceOf(UnreadableBodyError)
  })
})

describe('JSON bodies (/api)', () => {
  test('a 50 MB login body answers 413 JSON after reading no more than 256 KB', async () => {
    const body = lazyBody()
    const request = streamedRequest(
      '/api/login',
      body,
      { 'Content-Type': 'application/json' },
      { prefix: '{"email":"' },
    )
    const answer = await callApi(apiLogin.action, request)
    expect(answer.status).toBe(413)
    expect(answer.body).toEqual({ message: 'The request body is too large (at most 256 KB).' })
    expectStoppedNear(body, BODY_MAX_BYTES)
  })

  test('readJson takes a larger cap where a picture may come inline, and still stops there', async () => {
    const schema = z.object({ picture: z.string() })
    const picture = `data:image/png;base64,${'A'.repeat(2 * MB)}`
    const fits = new Request('http://localhost/x', { method: 'POST', body: JSON.stringify({ picture }) })
    await expect(readJson(fits, schema, { maxBytes: INLINE_IMAGE_BODY_MAX_BYTES })).resolves.toEqual({ picture })

    const tooBig = new Request('http://localhost/x', { method: 'POST', body: JSON.stringify({ picture }) })
    const refused = await settle(() => readJson(tooBig, schema))
    expect(refused).toBeInstanceOf(Response)
    expect((refused as Response).status).toBe(413)
  })

  test('PATCH /api/auth/update-account reads an inline picture past 256 KB, and refuses 50 MB at its own cap', async () => {
    const user = await createUser()
    const cookie = await signIn(user.id)
    const fields = { firstName: 'Ada', lastName: 'Lovelace', email: user.email }
    // Over 256 KB but within the picture's cap: read, then judged as a picture (not a real one).
    const junk = `data:image/png;base64,${'A'.repeat(MB)}`
    const picture = await callApi(
      updateAccount.action,
      new Request('http://localhost/api/auth/update-account', {
        method: 'PATCH',
        headers: { Cookie: cookie, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...fields, profilePicture: junk }),
      }),
    )
    expect(picture.status).not.toBe(413)

    const body = lazyBody()
    const request = streamedRequest(
      '/api/auth/update-account',
      body,
      { Cookie: cookie, 'Content-Type': 'application/json' },
      { prefix: '{"profilePicture":"', method: 'PATCH' },
    )
    const huge = await callApi(updateAccount.action, request)
    expect(huge.status).toBe(413)
    expect(huge.body).toEqual({ message: 'The request body is too large (at most 7 MB).' })
    expectStoppedNear(body, INLINE_IMAGE_BODY_MAX_BYTES)
  })
})

describe('forms (screens)', () => {
  test('a 50 MB contact form answers a 413 page after reading no more than 256 KB', async () => {
    const body = lazyBody()
    const request = streamedRequest(
      '/contact',
      body,
      { 'Content-Type': 'application/x-www-form-urlencoded' },
      { prefix: 'message=' },
    )
    const answer = await settle(() => contact.action(routeArgs(request)))
    expect(answer).toBeInstanceOf(Response)
    expect((answer as Response).status).toBe(413)
    expect(await (answer as Response).json()).toEqual({ message: FORM_TOO_LARGE })
    expectStoppedNear(body, BODY_MAX_BYTES)
  })

  // The login screen once read a copy of its body (`request.clone()`) and let remix-auth read
  // the other: past the cap, cancelling one branch of the copy waited for the other forever,
  // and the request was never answered nor its memory freed.
  test('a 50 MB login form answers a 413 page after reading no more than 256 KB, and the body is read once', async () => {
    const body = lazyBody()
    const request = streamedRequest(
      '/login',
      body,
      { 'Content-Type': 'application/x-www-form-urlencoded' },
      { prefix: 'email=a%40b.test&password=' },
    )
    const clone = vi.spyOn(Request.prototype, 'clone')
    try {
      const answer = await settle(() => login.action(routeArgs(request)))
      expect((answer as Response).status).toBe(413)
      expect(await (answer as Response).json()).toEqual({ message: FORM_TOO_LARGE })
      expect(clone).not.toHaveBeenCalled()
    } finally {
      clone.mockRestore()
    }
    expectStoppedNear(body, BODY_MAX_BYTES)
    expect(body.cancelled()).toBe(true)
  })

  test('a 50 MB upload is cut off at the picture’s cap and refused on its field, with the form’s toast', async () => {
    const practitioner = await createListedPractitioner()
    const cookie = await signIn(practitioner.id)
    const body = lazyBody()
    const boundary = 'solace-test-boundary'
    const request = streamedRequest(
      '/practitioner/services?new=1',
      body,
      { Cookie: cookie, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      {
        prefix:
          `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\ncreate-service\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="imageFile"; filename="big.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      },
    )
    const reply = formReply(await servicesScreen.action(routeArgs(request)))
    expect(reply.status).toBe(413)
    expect(reply.result.error).toMatchObject({ imageFile: [IMAGE_TOO_LARGE] })
    expect(shownToast(reply.toast)).toMatchObject({
      type: 'error',
      title: 'Failed to create service',
      description: inEnglish(IMAGE_TOO_LARGE),
    })
    expectStoppedNear(body, IMAGE_UPLOAD_MAX_BYTES)
  })

  test('a url-encoded body gets no upload allowance', async () => {
    const body = lazyBody(IMAGE_UPLOAD_MAX_BYTES)
    const request = streamedRequest('/x', body, { 'Content-Type': 'application/x-www-form-urlencoded' })
    const answer = await settle(() =>
      readForm(request, { upload: { maxBytes: IMAGE_UPLOAD_MAX_BYTES, tooLargeMessage: IMAGE_TOO_LARGE } }),
    )
    expect((answer as Response).status).toBe(413)
    expectStoppedNear(body, BODY_MAX_BYTES)
  })
})
