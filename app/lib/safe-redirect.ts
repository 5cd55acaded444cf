/**
 * Only a same-site path may be a return address: `/x?y`, never `//evil.test`, `/\evil.test`
 * or `https://...`. Anything else falls back.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/') {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) {
    return fallback
  }
  // Control characters (a newline, a tab) can smuggle a second URL past the checks above.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(to)) return fallback
  return to
}
