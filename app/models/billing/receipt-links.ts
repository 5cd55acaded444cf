/** Where receipts are read (client-safe: the client menu and the Receipts screen link here). */
export const RECEIPTS_PATH = '/receipts'

/** A receipt's file: '/receipts/12.pdf'. */
export const receiptPdfUrl = (id: number) => `${RECEIPTS_PATH}/${id}.pdf`

/** A client's receipts of a year in one file: '/receipts/year/2026.pdf'. */
export const yearPdfUrl = (year: number) => `${RECEIPTS_PATH}/year/${year}.pdf`
