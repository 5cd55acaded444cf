/**
 * CSV for spreadsheets (RFC 4180, CRLF line ends). A cell a spreadsheet would read as a formula
 * (one starting with =, +, -, @, or a tab or carriage return that hides one) is prefixed with a
 * single quote, so text someone typed into a public form is never run when an admin opens the
 * file (OWASP's "CSV injection" advice). Cells with a comma, quote or line break are quoted.
 */

export type CsvValue = string | number | boolean | null | undefined

const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: CsvValue) {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** The file: a byte-order mark (so Excel reads UTF-8), the header row, then one row per record. */
export function toCsv(header: string[], rows: CsvValue[][]) {
  return `\ufeff${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`
}
