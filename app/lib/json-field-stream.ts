/**
 * Reads one string field of a JSON object while the JSON is still arriving in pieces, and
 * answers the field's text as it grows. The AI's answer comes as the input of a tool call,
 * streamed as fragments of JSON text; the SDK's partial-JSON parser leaves out a string until
 * its closing quote, so it cannot show an answer while it is being written.
 *
 * Only a field of the top-level object is read (a key of the same name in a nested object is
 * not it); its escapes (`\n`, `\"`, `\u00e9`, surrogate pairs) are decoded exactly as
 * `JSON.parse` decodes them, so the pieces put together equal the parsed value. A high
 * surrogate is held back until its pair arrives, so no piece ends in half a character.
 */
export function jsonFieldStream(field: string) {
  let depth = 0
  let inString = false
  /** At depth 1, between `{` or `,` and `:`: the next string is a key. */
  let expectKey = false
  let key = ''
  let stringIsKey = false
  let stringIsField = false
  let lastKey: string | null = null
  /** Characters after a backslash, while an escape is being read ('' right after it). */
  let escape: string | null = null
  let heldSurrogate = ''

  const SIMPLE_ESCAPES: Record<string, string> = {
    '"': '"',
    '\\': '\\',
    '/': '/',
    b: '\b',
    f: '\f',
    n: '\n',
    r: '\r',
    t: '\t',
  }

  function take(text: string, into: { out: string }) {
    if (stringIsKey) key += text
    else if (stringIsField) into.out += text
  }

  return {
    /** Feeds the next piece of JSON text; answers what it added to the field's text (maybe ''). */
    push(json: string): string {
      const result = { out: heldSurrogate }
      heldSurrogate = ''
      for (const char of json) {
        if (inString) {
          if (escape !== null) {
            escape += char
            if (escape[0] === 'u') {
              if (escape.length < 5) continue
              take(String.fromCharCode(parseInt(escape.slice(1), 16)), result)
            } else {
              take(SIMPLE_ESCAPES[escape] ?? escape, result)
            }
            escape = null
          } else if (char === '\\') {
            escape = ''
          } else if (char === '"') {
            inString = false
            if (stringIsKey) lastKey = key
            stringIsKey = stringIsField = false
          } else {
            take(char, result)
          }
          continue
        }
        switch (char) {
          case '"':
            inString = true
            stringIsKey = depth === 1 && expectKey
            stringIsField = depth === 1 && !expectKey && lastKey === field
            key = ''
            break
          case '{':
            depth += 1
            if (depth === 1) expectKey = true
            break
          case '[':
            depth += 1
            break
          case '}':
          case ']':
            depth -= 1
            break
          case ',':
            if (depth === 1) expectKey = true
            break
          case ':':
            if (depth === 1) expectKey = false
            break
        }
      }
      const last = result.out.charCodeAt(result.out.length - 1)
      if (last >= 0xd800 && last <= 0xdbff) {
        heldSurrogate = result.out.slice(-1)
        return result.out.slice(0, -1)
      }
      return result.out
    },
  }
}
