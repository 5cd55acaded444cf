// @ts-check
import crypto from 'node:crypto'
import { expect, test } from 'vitest'
import {
  allowMarkedScripts,
  contentSecurityPolicy,
  contentSecurityPolicyHeader,
  newScriptMark,
} from './content-security-policy.js'

const sha256 = (/** @type {string} */ text) =>
  `sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}`

test('only the inline scripts marked by this render are allowed, by the hash of their exact text; the mark leaves the page', () => {
  const mark = newScriptMark()
  const context = 'window.__remixContext = {"state":"é ✓"};'
  const html = [
    `<html><head><script nonce="${mark}">var z=1</script>`,
    `<script nonce="${mark}" type="module" async="">import "/assets/entry.client.js";</script>`,
    `<link rel="modulepreload" href="/assets/x.js" nonce="${mark}"/>`,
    '<script>alert("put here by a component")</script>',
    `<script nonce="${newScriptMark()}">alert("a guess")</script>`,
    `</head><body><script nonce="${mark}">${context}</script><script nonce="${mark}">var z=1</script></body></html>`,
  ].join('')
  const allowed = allowMarkedScripts(Buffer.from(html), mark)
  expect(allowed.scriptHashes.sort()).toEqual(
    [sha256('var z=1'), sha256('import "/assets/entry.client.js";'), sha256(context)].sort(),
  )
  const page = allowed.page.toString()
  expect(page).not.toContain(mark)
  expect(page).toBe(html.replaceAll(` nonce="${mark}"`, ''))
  expect(page).toContain('<script>var z=1</script>')
  expect(newScriptMark()).toMatch(/^[0-9a-f]{32}$/)
})

test('the policy: our scripts, Stripe and the hashes given; no inline handler, no nonce, no framing', () => {
  const policy = contentSecurityPolicy({ isProduction: true, scriptHashes: ['sha256-abc'] })
  const directives = Object.fromEntries(
    policy.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]),
  )
  expect(directives['script-src']).toEqual(["'self'", 'https://js.stripe.com', "'sha256-abc'"])
  expect(directives['script-src-attr']).toEqual(["'none'"])
  expect(directives['frame-ancestors']).toEqual(["'none'"])
  expect(directives['object-src']).toEqual(["'none'"])
  expect(directives['connect-src']).not.toContain('ws:')
  expect(policy).not.toContain('nonce')
  expect(contentSecurityPolicy({ isProduction: false })).toContain('ws:')
  expect(contentSecurityPolicyHeader(true)).toBe('Content-Security-Policy')
  expect(contentSecurityPolicyHeader(false)).toBe('Content-Security-Policy-Report-Only')
})
