import { describe, expect, test } from 'vitest'
import { pdfPages } from '../../../tests/helpers/pdf'
import { renderReceiptsPdf } from './receipt-pdf.server'
import type { ReceiptSnapshot } from './receipt'

const paid: ReceiptSnapshot = {
  kind: 'receipt',
  number: 12,
  refersToNumber: null,
  issuedAt: '2026-11-20T15:04:00.000Z',
  issuedOn: 'Nov 20, 2026',
  client: { name: 'Casey Client' },
  practitioner: {
    name: 'Priya Sharma',
    profession: 'Registered Massage Therapist',
    regulatoryBody: 'College of Massage Therapists of Ontario',
    registrationNumber: 'RMT-12345',
    businessName: 'Sharma Wellness',
    businessAddress: '12 King St W\nToronto, ON M5H 1A1',
    gstHstNumber: '123456789RT0001',
  },
  service: {
    name: 'Deep Tissue',
    date: 'Nov 24, 2026',
    time: '9:00 AM PST',
    timeZone: 'America/Vancouver',
    durationMinutes: 60,
  },
  amounts: { feeCents: 10000, taxCents: 1300, taxName: 'HST 13%', totalCents: 11300 },
  paymentMethod: 'Visa ending in 4242',
  status: 'Paid',
}

describe('a receipt as a PDF reader reads it', () => {
  test('holds everything an insurer asks for', async () => {
    const [page, ...more] = await pdfPages(await renderReceiptsPdf([paid], 'Receipt #0012'))
    expect(more).toEqual([])
    for (const text of [
      'Sharma Wellness',
      '12 King St W',
      'Toronto, ON M5H 1A1',
      'RECEIPT',
      'Receipt no. #0012',
      'Issued Nov 20, 2026',
      'Practitioner: Priya Sharma',
      'Profession: Registered Massage Therapist',
      'Regulatory college: College of Massage Therapists of Ontario',
      'Registration no.: RMT-12345',
      'GST/HST no.: 123456789RT0001',
      'Client: Casey Client',
      'Deep Tissue',
      'Nov 24, 2026, 9:00 AM PST · 60 minutes',
      '$100.00 CAD',
      'HST 13% $13.00 CAD',
      'Total $113.00 CAD',
      'Amount paid: $113.00 CAD by Visa ending in 4242',
      'Paid',
    ])
      expect(page).toContain(text)
    expect(page).not.toContain('Refers to')
  })

  test('a refund receipt says so, refers to the original and prints the amounts as returned', async () => {
    const refund: ReceiptSnapshot = {
      ...paid,
      kind: 'refund',
      number: 13,
      refersToNumber: 12,
      status: 'Refunded',
      amounts: { ...paid.amounts, feeCents: 5000, taxCents: 650, totalCents: 5650 },
    }
    const [page] = await pdfPages(await renderReceiptsPdf([refund], 'Refund receipt #0013'))
    for (const text of [
      'REFUND RECEIPT',
      'Receipt no. #0013',
      'Refers to receipt no. #0012',
      'HST 13% -$6.50 CAD',
      'Total -$56.50 CAD',
      'Amount refunded: $56.50 CAD to Visa ending in 4242',
      'Refunded',
    ])
      expect(page).toContain(text)
  })

  test('without tax or professional details, only what there is; several receipts, one page each', async () => {
    const plain: ReceiptSnapshot = {
      ...paid,
      number: 3,
      practitioner: {
        name: 'Noor Haddad',
        profession: null,
        regulatoryBody: null,
        registrationNumber: null,
        businessName: null,
        businessAddress: null,
        gstHstNumber: null,
      },
      amounts: { feeCents: 4500, taxCents: 0, taxName: null, totalCents: 4500 },
    }
    const pages = await pdfPages(await renderReceiptsPdf([paid, plain], 'Receipts 2026'))
    expect(pages).toHaveLength(2)
    expect(pages[1]).toContain('Noor Haddad')
    expect(pages[1]).toContain('Total $45.00 CAD')
    for (const absent of ['GST/HST', 'Profession', 'Regulatory college', 'Registration no.', 'HST']) {
      expect(pages[1]).not.toContain(absent)
    }
  })

  test('names beyond Western European letters print as written', async () => {
    const names: ReceiptSnapshot = {
      ...paid,
      client: { name: 'Nguyễn Thị Ánh' },
      practitioner: {
        ...paid.practitioner,
        name: 'Małgorzata Żółć',
        regulatoryBody: 'Ordre des psychothérapeutes du Québec',
      },
    }
    const pdf = await renderReceiptsPdf([names], 'Receipt #0012')
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    const [page] = await pdfPages(pdf)
    expect(page).toContain('Client: Nguyễn Thị Ánh')
    expect(page).toContain('Practitioner: Małgorzata Żółć')
    expect(page).toContain('Ordre des psychothérapeutes du Québec')
  })

  test('the same snapshot always gives the same bytes (a replica serves them drawn, the primary stores them)', async () => {
    const first = await renderReceiptsPdf([paid], 'Receipt #0012')
    const again = await renderReceiptsPdf([paid], 'Receipt #0012')
    expect(again.equals(first)).toBe(true)
  })
})
