import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import PDFDocument from 'pdfkit'
import { formatsFor } from '~/lib/i18n/formats'
import { tFor } from '~/lib/i18n/i18n.server'
import { LOCALE_TAGS, type Language } from '~/lib/i18n/languages'
import { receiptNumberLabel, type PrintedWords, type ReceiptSnapshot } from './receipt'
import { wordsIn } from './receipt-words.server'

/**
 * A receipt's PDF, drawn with pdfkit from its snapshot only (docs/decisions/049-receipts.md), so
 * the same snapshot always gives the same document. It holds what a Canadian extended health
 * plan asks of a receipt: who gave the service and their profession, college and registration
 * number, the business and its GST/HST number when tax was charged, the client, the date, time
 * and length of the session, the fee, the tax, the total, how it was paid, and "Paid" (or, on a
 * refund receipt, "Refunded" and the receipt it refers to). The text is real text, so a PDF
 * reader or an insurer's system can read it back, in DejaVu Sans, embedded (only the letters
 * used): PDF's standard fonts know only Western European letters, and a client's or a college's
 * name may be Vietnamese, Polish or Greek (decision 049 says what it still lacks). It is drawn
 * in its reader's language: every label from the catalogue (`files:receipts`), the words the
 * receipt was issued with in that language (receipt-words.server.ts), money as the language
 * writes it (docs/decisions/052-languages.md).
 */

const REGULAR = 'regular'
const BOLD = 'bold'

/** The font files, read once per process (each document embeds the letters it uses). */
let fontFiles: Record<typeof REGULAR | typeof BOLD, Buffer> | undefined
function fonts() {
  const file = (name: string) =>
    readFileSync(createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}.ttf`))
  return (fontFiles ??= { regular: file('DejaVuSans'), bold: file('DejaVuSans-Bold') })
}

const MARGIN = 56
const MUTED = '#555555'

type Doc = InstanceType<typeof PDFDocument>

/** What one page is drawn with: the receipt, its words and labels in the reader's language, and money. */
type Page = {
  receipt: ReceiptSnapshot
  words: PrintedWords
  t: ReturnType<typeof tFor<'files'>>
  money: (cents: number) => string
}

function heading(doc: Doc, { receipt, words, t }: Page) {
  const { practitioner } = receipt
  const width = doc.page.width - MARGIN * 2
  const top = doc.y
  doc
    .font(BOLD)
    .fontSize(16)
    .text(practitioner.businessName ?? practitioner.name, MARGIN, top, {
      width: width * 0.6,
    })
  doc.font(REGULAR).fontSize(10).fillColor(MUTED)
  if (practitioner.businessAddress) doc.text(practitioner.businessAddress, { width: width * 0.6 })
  const leftBottom = doc.y

  const title = t(receipt.kind === 'refund' ? 'receipts.refundHeading' : 'receipts.heading')
  const right = { width: width * 0.4, align: 'right' as const }
  doc
    .fillColor('black')
    .font(BOLD)
    .fontSize(16)
    .text(title, MARGIN + width * 0.6, top, right)
  doc.font(REGULAR).fontSize(10)
  doc.text(t('receipts.number', { number: receiptNumberLabel(receipt.number) }), right)
  doc.text(t('receipts.issued', { date: words.issuedOn }), right)
  if (receipt.refersToNumber !== null)
    doc.text(t('receipts.refersTo', { number: receiptNumberLabel(receipt.refersToNumber) }), right)
  doc.x = MARGIN
  doc.y = Math.max(leftBottom, doc.y) + 24
}

/** 'Client: Casey Client' ('Client : Casey Client'): the label's colon as the language writes it. */
function line(doc: Doc, t: Page['t'], label: string, value: string | null) {
  if (!value) return
  doc
    .font(BOLD)
    .text(`${t('receipts.labelled', { label })} `, { continued: true })
    .font(REGULAR)
    .text(value)
}

function parties(doc: Doc, { receipt, words, t }: Page) {
  const { practitioner } = receipt
  doc.fontSize(11).fillColor('black')
  line(doc, t, t('receipts.practitioner'), practitioner.name)
  line(doc, t, t('receipts.profession'), words.profession)
  line(doc, t, t('receipts.college'), practitioner.regulatoryBody)
  line(doc, t, t('receipts.registration'), practitioner.registrationNumber)
  line(doc, t, t('receipts.gstHst'), practitioner.gstHstNumber)
  doc.moveDown(0.8)
  line(doc, t, t('receipts.client'), receipt.client.name)
  doc.moveDown(1.2)
}

/** One row of the amounts table: a description on the left, its amount on the right. */
function row(doc: Doc, label: string, amount: string, bold = false) {
  const width = doc.page.width - MARGIN * 2
  const y = doc.y
  doc.font(bold ? BOLD : REGULAR)
  doc.text(label, MARGIN, y, { width: width * 0.72 })
  const bottom = doc.y
  doc.text(amount, MARGIN + width * 0.72, y, { width: width * 0.28, align: 'right' })
  doc.x = MARGIN
  doc.y = Math.max(bottom, doc.y) + 6
}

function rule(doc: Doc) {
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(doc.page.width - MARGIN, doc.y)
    .strokeColor('#cccccc')
    .stroke()
  doc.y += 8
}

function amounts(doc: Doc, { receipt, words, t, money }: Page) {
  const { service, amounts: cents } = receipt
  const sign = receipt.kind === 'refund' ? '-' : ''
  const minutes = service.durationMinutes
  doc.fontSize(11)
  row(doc, t('receipts.service'), t('receipts.amount'), true)
  rule(doc)
  const what =
    receipt.package && words.validUntil
      ? t('receipts.packageLine', { sessions: receipt.package.sessions, minutes, date: words.validUntil })
      : t('receipts.sessionLine', { date: words.service.date, time: words.service.time, minutes })
  row(doc, `${words.service.name}\n${what}`, `${sign}${money(cents.feeCents)}`)
  if (words.taxName) row(doc, words.taxName, `${sign}${money(cents.taxCents)}`)
  rule(doc)
  row(doc, t('receipts.total'), `${sign}${money(cents.totalCents)}`, true)
  doc.moveDown(1)
  const paid = t(receipt.kind === 'refund' ? 'receipts.amountRefunded' : 'receipts.amountPaid', {
    amount: money(cents.totalCents),
    method: words.paymentMethod,
  })
  doc.font(REGULAR).text(paid)
  doc.moveDown(0.8)
  doc
    .font(BOLD)
    .fontSize(14)
    .text(t(receipt.kind === 'refund' ? 'receipts.refunded' : 'receipts.paid'))
}

function footer(doc: Doc, { t }: Page) {
  doc
    .font(REGULAR)
    .fontSize(9)
    .fillColor(MUTED)
    .text(t('receipts.footer'), MARGIN, doc.y + 24)
    .fillColor('black')
}

/**
 * The receipts as one PDF, one page each, in the order given (a year's receipts, or one), in
 * the reader's language; `title` is the document's, in that language too.
 */
export function renderReceiptsPdf(list: ReceiptSnapshot[], title: string, language: Language): Promise<Buffer> {
  const t = tFor(language, 'files')
  const { money } = formatsFor(language)
  const first = list[0]
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    autoFirstPage: false,
    // The document says its language, so a screen reader reads it in the right voice.
    lang: LOCALE_TAGS[language],
    info: { Title: title, Author: 'Solace', ...(first ? { CreationDate: new Date(first.issuedAt) } : {}) },
  })
  for (const [name, file] of Object.entries(fonts())) doc.registerFont(name, file)
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  for (const receipt of list) {
    const page: Page = { receipt, words: wordsIn(receipt, language), t, money }
    doc.addPage()
    heading(doc, page)
    parties(doc, page)
    amounts(doc, page)
    footer(doc, page)
  }
  if (!list.length) doc.addPage().font(REGULAR).fontSize(12).text(t('receipts.none'))
  doc.end()
  return done
}
