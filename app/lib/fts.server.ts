/**
 * Turns what a person typed into an FTS5 query: each word becomes a quoted prefix term
 * ("yog" finds "yoga"), all must match. Quoting keeps FTS syntax characters inert.
 * Answers null when nothing searchable is left.
 */
export function toFtsQuery(text: string | undefined) {
  const words = (text ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8)
  return words.length ? words.map((w) => `"${w}"*`).join(' ') : null
}
