/**
 * `%text%` for a case-insensitive LIKE over `lower(column)`, with the text's own `%`, `_` and
 * `\` taken literally: use it with `ESCAPE '\'`.
 */
export function containsPattern(text: string) {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
