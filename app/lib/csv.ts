/**
 * CSV for spreadsheets (RFC 4180, CRLF line ends). A cell a spreadsheet would read as a formula
 * (one starting with =, +, -, @, or a tab or carriage return that hides one) is prefixed with a
 * single quote and quoted, so text someone typed into a public form is never run when an admin
 * opens the file (OWASP's "CSV injection" advice). A number or a phone number (`+1`,
 * `+44 20 7946 0958`, `-12.5`) can run nothing, so it is left as typed. Other cells with a comma,
 * quote or line break are quoted.
 */

export type CsvValue = string | number | boolean | null | undefined

const FORMULA_START = /^[=+\-@\t\r]/
/** A sign, then digits with the spaces, dots, dashes and brackets numbers and phones are written with. */
const NUMBER_OR_PHONE = /^[+-]?\d[\d .()-]*$/

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`

export function csvCell(value: CsvValue) {
  if (value === null || value === undefined) return ''
  const text = String(value)
  if (FORMULA_START.test(text) && !NUMBER_OR_PHONE.test(text)) return quoted(`'${text}`)
  return /[",\r\n]/.test(text) ? quoted(text) : text
}

/** The file: a byte-order mark (so Excel reads UTF-8), the header row, then one row per record. */
export function toCsv(header: string[], rows: CsvValue[][]) {
  return `\ufeff${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`
}
