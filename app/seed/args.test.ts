import { describe, expect, test } from 'vitest'
import { DEFAULT_LARGE_COUNTS, parseSeedArgs } from './args'

describe('seed command line', () => {
  test('defaults to the demo data set', () => {
    expect(parseSeedArgs([])).toEqual({
      size: 'demo',
      ifEmpty: false,
      large: DEFAULT_LARGE_COUNTS,
      adminAuthenticator: null,
      help: false,
    })
  })

  test('reads --if-empty, --size and count overrides in both spellings', () => {
    const args = parseSeedArgs(['--if-empty', '--size', 'large', '--practitioners=10', '--services', '40'])
    expect(args.ifEmpty).toBe(true)
    expect(args.size).toBe('large')
    expect(args.large).toMatchObject({ practitioners: 10, services: 40, slots: 300_000 })
  })

  test('refuses bad input with a readable message', () => {
    expect(() => parseSeedArgs(['--size', 'huge'])).toThrow('--size must be "demo" or "large"')
    expect(() => parseSeedArgs(['--slots', '2.5'])).toThrow('--slots must be a whole number')
    expect(() => parseSeedArgs(['--practitioners', '10', '--services', '5'])).toThrow(
      '--services must be at least --practitioners',
    )
    expect(() => parseSeedArgs(['--bogus'])).toThrow()
    expect(() => parseSeedArgs(['--admin-authenticator', 'not-base32!'])).toThrow(
      '--admin-authenticator must be a base32 secret',
    )
    expect(() => parseSeedArgs(['--admin-authenticator', 'ABCDEFGH'])).toThrow('at least 16 characters')
  })

  test('reads the admin authenticator secret for the browser tests', () => {
    expect(parseSeedArgs(['--admin-authenticator', 'JBSWY3DPEHPK3PXPJBSWY3DP']).adminAuthenticator).toBe(
      'JBSWY3DPEHPK3PXPJBSWY3DP',
    )
  })
})
