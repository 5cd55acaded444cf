// @ts-check
import { describe, expect, test } from 'vitest'
import { cacheControlFor, carriesCookie } from './private-cache.js'

describe('private answers', () => {
  const session = '__session=abc.def; tz=America%2FToronto'

  test('an answer to a request with the session cookie is private, no-store, whatever it said', () => {
    expect(cacheControlFor({ cookieHeader: session, setsCookie: false })).toBe('private, no-store')
    expect(cacheControlFor({ cookieHeader: session, setsCookie: false, cacheControl: 'max-age=60' })).toBe(
      'private, no-store',
    )
  })

  test('an answer that sets a cookie is private even to a visitor, even if it said public', () => {
    expect(cacheControlFor({ cookieHeader: undefined, setsCookie: true })).toBe('private, no-store')
    expect(cacheControlFor({ cookieHeader: undefined, setsCookie: true, cacheControl: 'public, max-age=60' })).toBe(
      'private, no-store',
    )
  })

  test('a visitor’s answer keeps its own caching; so does one the app declared public', () => {
    expect(cacheControlFor({ cookieHeader: 'tz=UTC; toast-session=x', setsCookie: false })).toBeUndefined()
    expect(
      cacheControlFor({
        cookieHeader: session,
        setsCookie: false,
        cacheControl: 'public, max-age=31536000, immutable',
      }),
    ).toBeUndefined()
  })

  test('an answer that must not be transformed (a stream of events) stays so when made private', () => {
    expect(cacheControlFor({ cookieHeader: session, setsCookie: false, cacheControl: 'no-store, no-transform' })).toBe(
      'private, no-store, no-transform',
    )
    expect(cacheControlFor({ cookieHeader: undefined, setsCookie: true, cacheControl: 'no-transform' })).toBe(
      'private, no-store, no-transform',
    )
  })

  test('the session cookie is recognised by its exact name', () => {
    expect(carriesCookie('a=1;  __session=x', '__session')).toBe(true)
    expect(carriesCookie('my__session=x; __session_old=y', '__session')).toBe(false)
    expect(carriesCookie(undefined, '__session')).toBe(false)
  })
})
