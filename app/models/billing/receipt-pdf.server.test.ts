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
    const [page, ...more] = await pdfPages(await renderReceiptsPdf([paid], 'Receipt #0012', 'en'))
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
    const [page] = await pdfPages(await renderReceiptsPdf([refund], 'Refund receipt #0013', 'en'))
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
    const pages = await pdfPages(await renderReceiptsPdf([paid, plain], 'Receipts 2026', 'en'))
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
    const pdf = await renderReceiptsPdf([names], 'Receipt #0012', 'en')
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    const [page] = await pdfPages(pdf)
    expect(page).toContain('Client: Nguyễn Thị Ánh')
    expect(page).toContain('Practitioner: Małgorzata Żółć')
    expect(page).toContain('Ordre des psychothérapeutes du Québec')
  })

  test('in French: every label, the date, money and the tax as a French reader reads them', async () => {
    // A receipt issued with its French words (receipts.server.ts words both when issuing).
    const french: ReceiptSnapshot = {
      ...paid,
      fr: {
        issuedOn: '20 nov. 2026',
        service: { name: 'Deep Tissue', date: '24 nov. 2026', time: '9 h 00 HNP' },
        validUntil: null,
        profession: 'Massothérapeute agréé(e)',
        taxName: 'TVH 13 %',
        paymentMethod: 'Visa se terminant par 4242',
      },
    }
    const [page] = await pdfPages(await renderReceiptsPdf([french], 'Reçu #0012', 'fr'))
    // pdfPages reads the no-break spaces French puts before ':' and '$' as spaces.
    for (const text of [
      'REÇU',
      'Numéro de reçu : #0012',
      'Émis le 20 nov. 2026',
      'Praticien : Priya Sharma',
      'Profession : Massothérapeute agréé(e)',
      'Ordre professionnel : College of Massage Therapists of Ontario',
      'Numéro de permis : RMT-12345',
      'Numéro d’inscription à la TPS/TVH : 123456789RT0001',
      'Client : Casey Client',
      'Service Montant',
      '24 nov. 2026, 9 h 00 HNP · 60 minutes',
      '100,00 $',
      'TVH 13 % 13,00 $',
      'Total 113,00 $',
      'Montant payé : 113,00 $ par Visa se terminant par 4242',
      'Payé',
      'Conservez ce reçu',
    ])
      expect(page).toContain(text)
    for (const english of ['Receipt', 'Issued', 'Practitioner', 'Amount', 'HST', 'CAD', 'Paid', 'ending in', 'Nov'])
      expect(page).not.toContain(english)

    const refund: ReceiptSnapshot = {
      ...french,
      kind: 'refund',
      number: 13,
      refersToNumber: 12,
      status: 'Refunded',
      amounts: { ...paid.amounts, feeCents: 5000, taxCents: 650, totalCents: 5650 },
    }
    const [refunded] = await pdfPages(await renderReceiptsPdf([refund], 'Reçu de remboursement #0013', 'fr'))
    for (const text of [
      'REÇU DE REMBOURSEMENT',
      'Se rapporte au reçu #0012',
      'TVH 13 % -6,50 $',
      'Montant remboursé : 56,50 $ sur Visa se terminant par 4242',
      'Remboursé',
    ])
      expect(refunded).toContain(text)
  })

  test('a receipt issued before French is read back into French: its dates, package, profession, tax and card', async () => {
    const pack: ReceiptSnapshot = {
      ...paid,
      service: {
        ...paid.service,
        name: 'Deep Tissue: package of 5 sessions',
        date: 'Jul 3, 2026',
        time: '1:05 PM PDT',
      },
      package: { sessions: 5, validUntil: 'Jan 3, 2027' },
      paymentMethod: 'Card',
      amounts: { ...paid.amounts, taxName: 'GST + QST 14.975%' },
    }
    const [page] = await pdfPages(await renderReceiptsPdf([pack], 'Reçu #0012', 'fr'))
    for (const text of [
      'Émis le 20 nov. 2026',
      'Profession : Massothérapeute agréé(e)',
      'Deep Tissue : forfait de 5 séances',
      'Forfait de 5 séances de 60 minutes, valide jusqu’au 3 janv. 2027',
      'TPS + TVQ 14,975 %',
      'par Carte',
    ])
      expect(page).toContain(text)
    const [session] = await pdfPages(await renderReceiptsPdf([paid], 'Reçu #0012', 'fr'))
    expect(session).toContain('24 nov. 2026, 9 h 00 HNP · 60 minutes')
    expect(session).toContain('Visa se terminant par 4242')
    expect(session).toContain('TVH 13 % 13,00 $')
  })

  test('the same snapshot always gives the same bytes (a replica serves them drawn, the primary stores them)', async () => {
    const first = await renderReceiptsPdf([paid], 'Receipt #0012', 'en')
    const again = await renderReceiptsPdf([paid], 'Receipt #0012', 'en')
    expect(again.equals(first)).toBe(true)
    const french = await renderReceiptsPdf([paid], 'Reçu #0012', 'fr')
    expect((await renderReceiptsPdf([paid], 'Reçu #0012', 'fr')).equals(french)).toBe(true)
  })
})
