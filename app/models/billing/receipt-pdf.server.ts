import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import PDFDocument from 'pdfkit'
import { formatEarnings } from '~/lib/money'
import { receiptNumberLabel, type ReceiptSnapshot } from './receipt'

/**
 * A receipt's PDF, drawn with pdfkit from its snapshot only (docs/decisions/049-receipts.md), so
 * the same snapshot always gives the same document. It holds what a Canadian extended health
 * plan asks of a receipt: who gave the service and their profession, college and registration
 * number, the business and its GST/HST number when tax was charged, the client, the date, time
 * and length of the session, the fee, the tax, the total, how it was paid, and "Paid" (or, on a
 * refund receipt, "Refunded" and the receipt it refers to). The text is real text, so a PDF
 * reader or an insurer's system can read it back, in DejaVu Sans, embedded (only the letters
 * used): PDF's standard fonts know only Western European letters, and a client's or a college's
 * name may be Vietnamese, Polish or Greek (decision 049 says what it still lacks).
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

function heading(doc: Doc, receipt: ReceiptSnapshot) {
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

  const title = receipt.kind === 'refund' ? 'REFUND RECEIPT' : 'RECEIPT'
  const right = { width: width * 0.4, align: 'right' as const }
  doc
    .fillColor('black')
    .font(BOLD)
    .fontSize(16)
    .text(title, MARGIN + width * 0.6, top, right)
  doc.font(REGULAR).fontSize(10)
  doc.text(`Receipt no. ${receiptNumberLabel(receipt.number)}`, right)
  doc.text(`Issued ${receipt.issuedOn}`, right)
  if (receipt.refersToNumber !== null)
    doc.text(`Refers to receipt no. ${receiptNumberLabel(receipt.refersToNumber)}`, right)
  doc.x = MARGIN
  doc.y = Math.max(leftBottom, doc.y) + 24
}

function line(doc: Doc, label: string, value: string | null) {
  if (!value) return
  doc.font(BOLD).text(`${label}: `, { continued: true }).font(REGULAR).text(value)
}

function parties(doc: Doc, receipt: ReceiptSnapshot) {
  const { practitioner } = receipt
  doc.fontSize(11).fillColor('black')
  line(doc, 'Practitioner', practitioner.name)
  line(doc, 'Profession', practitioner.profession)
  line(doc, 'Regulatory college', practitioner.regulatoryBody)
  line(doc, 'Registration no.', practitioner.registrationNumber)
  line(doc, 'GST/HST no.', practitioner.gstHstNumber)
  doc.moveDown(0.8)
  line(doc, 'Client', receipt.client.name)
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

function amounts(doc: Doc, receipt: ReceiptSnapshot) {
  const { service, amounts: money } = receipt
  const sign = receipt.kind === 'refund' ? '-' : ''
  doc.fontSize(11)
  row(doc, 'Service', 'Amount', true)
  rule(doc)
  row(
    doc,
    receipt.package
      ? `${service.name}\nPackage of ${receipt.package.sessions} sessions of ${service.durationMinutes} minutes, valid until ${receipt.package.validUntil}`
      : `${service.name}\n${service.date}, ${service.time} · ${service.durationMinutes} minutes`,
    `${sign}${formatEarnings(money.feeCents)}`,
  )
  if (money.taxName) row(doc, money.taxName, `${sign}${formatEarnings(money.taxCents)}`)
  rule(doc)
  row(doc, 'Total', `${sign}${formatEarnings(money.totalCents)}`, true)
  doc.moveDown(1)
  const paid =
    receipt.kind === 'refund'
      ? `Amount refunded: ${formatEarnings(money.totalCents)} to ${receipt.paymentMethod}`
      : `Amount paid: ${formatEarnings(money.totalCents)} by ${receipt.paymentMethod}`
  doc.font(REGULAR).text(paid)
  doc.moveDown(0.8)
  doc.font(BOLD).fontSize(14).text(receipt.status)
}

function footer(doc: Doc) {
  doc
    .font(REGULAR)
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      'Booked and paid through Solace. Keep this receipt for your records and insurance claims.',
      MARGIN,
      doc.y + 24,
    )
    .fillColor('black')
}

/** The receipts as one PDF, one page each, in the order given (a year's receipts, or one). */
export function renderReceiptsPdf(list: ReceiptSnapshot[], title: string): Promise<Buffer> {
  const first = list[0]
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    autoFirstPage: false,
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
    doc.addPage()
    heading(doc, receipt)
    parties(doc, receipt)
    amounts(doc, receipt)
    footer(doc)
  }
  if (!list.length) doc.addPage().font(REGULAR).fontSize(12).text('No receipts.')
  doc.end()
  return done
}
