/**
 * A record id taken from the URL: a plain positive whole number, or null. Callers answer null
 * the way they answer an unknown id (404), so `abc`, `1.5` or `0` never cause an error.
 */
export function idFromParam(value: string | undefined) {
  if (!value || !/^[1-9]\d{0,14}$/.test(value)) return null
  return Number(value)
}
