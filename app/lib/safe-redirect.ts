/**
 * A placeholder origin to resolve return addresses against. `.invalid` never resolves
 * (RFC 2606), so nothing a person sends can name it by accident.
 */
const PLACEHOLDER_ORIGIN = 'http://solace.invalid'

/**
 * What the URL parser strips before it reads a URL (WHATWG URL, "basic URL parser"): leading
 * and trailing C0 controls and spaces, and every tab and newline wherever they are.
 */
function asTheParserReadsIt(input: string) {
  // eslint-disable-next-line no-control-regex
  return input.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '')
}

function parsedOrNull(input: string) {
  try {
    return new URL(input, PLACEHOLDER_ORIGIN)
  } catch {
    return null
  }
}

const hrefOf = (input: string) => parsedOrNull(input)?.href

/**
 * A return address (after sign-in, sign-up…) as the browser will follow it: a path on this
 * site, `/x?y#z`, or `fallback`.
 *
 * Prefix checks cannot say where a browser goes: it reads `\` as `/`, drops tabs and newlines,
 * and resolves dot segments, so `/./\evil.test`, `/\t/evil.test` and `/..//evil.test` all lead
 * to another site. So the candidate is parsed the browser's way, with the WHATWG URL parser
 * against a placeholder origin, and accepted only when
 * - it is a path (`/` then anything but a second slash or backslash): not an absolute URL,
 *   not a scheme-relative one (`//host`, `/\host`), not a relative path;
 * - it resolves on the placeholder's origin (scheme, host and port);
 * - what we answer, the parsed URL's path, query and fragment, resolves to that same URL again
 *   (a path whose dot segments collapse into `//evil.test` would not: it names a host).
 *
 * The answer is the parsed URL's own serialisation, so it is what the browser will go to, and
 * always printable ASCII (non-ASCII and controls percent-escaped): a valid `Location` header.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/') {
  if (typeof to !== 'string') return fallback
  const read = asTheParserReadsIt(to)
  if (read[0] !== '/' || read[1] === '/' || read[1] === '\\') return fallback
  const parsed = parsedOrNull(to)
  if (!parsed) return fallback
  if (parsed.origin !== PLACEHOLDER_ORIGIN) return fallback
  const path = `${parsed.pathname}${parsed.search}${parsed.hash}`
  // `/.//` parses to the path `//`, which read again names a host (an empty one: not a URL).
  if (hrefOf(path) !== parsed.href) return fallback
  return path
}
