import type { PROFESSIONS } from '~/db/enums'

/**
 * The demo practitioners' professional details (issue 44), as their receipts print them and
 * their public profiles show the profession, college and registration number. All fictional:
 * the registration numbers were made up, the business names and suite numbers too, and the two
 * GST/HST numbers (Liam's and Hannah's, whose services charge HST) are placeholders in the CRA's
 * format, not real accounts. The regulated professions name their real Ontario college; the unregulated ones
 * (yoga, coaching, mindfulness, holistic nutrition) have no college, as in life. Keyed by the
 * practitioner's `key` in accounts.ts; the two practitioners in the United States give a
 * profession and a business name only.
 */
export interface ProfessionalDetailsSeed {
  profession: (typeof PROFESSIONS)[number]
  professionOther?: string
  regulatoryBody?: string
  registrationNumber?: string
  businessName?: string
  businessAddress?: string
  gstHstNumber?: string
}

export const PROFESSIONAL_DETAILS: Record<string, ProfessionalDetailsSeed> = {
  priya: {
    profession: 'other',
    professionOther: 'Yoga Teacher',
    businessName: 'Priya Sharma Yoga',
    businessAddress: '1200 Bay Street, Suite 400\nToronto ON  M5R 2A5',
  },
  maya: {
    profession: 'dietitian',
    regulatoryBody: 'College of Dietitians of Ontario',
    registrationNumber: '48213',
    businessName: 'Maya Chen Nutrition',
    businessAddress: '2150 Yonge Street, Unit 12\nToronto ON  M4S 2A8',
  },
  daniel: {
    profession: 'psychotherapist',
    regulatoryBody: 'College of Registered Psychotherapists of Ontario',
    registrationNumber: '009417',
    businessName: 'Okafor Counselling & Psychotherapy',
    businessAddress: '180 Elgin Street, Suite 900\nOttawa ON  K2P 2K3',
  },
  sofia: {
    profession: 'other',
    professionOther: 'Personal Trainer',
    businessName: 'Alvarez Strength LLC',
  },
  liam: {
    profession: 'other',
    professionOther: 'Mindfulness Teacher',
    businessName: 'Still Harbour Mindfulness',
    businessAddress: '1505 Barrington Street, Suite 1100\nHalifax NS  B3J 3K5',
    // Fictional: the CRA's format (9 digits, RT, 4 digits), no real business's number.
    gstHstNumber: '123456789RT0001',
  },
  hannah: {
    profession: 'acupuncturist',
    regulatoryBody: 'College of Traditional Chinese Medicine Practitioners and Acupuncturists of Ontario',
    registrationNumber: '3157',
    businessName: 'Hannah Kim Acupuncture & TCM',
    businessAddress: '55 Eglinton Avenue East, Suite 708\nToronto ON  M4P 1G8',
    // Fictional: the CRA's format, no real business's number. Her paid services charge HST 13%.
    gstHstNumber: '987654321RT0001',
  },
  marcus: {
    profession: 'other',
    professionOther: 'Health & Wellness Coach',
    businessName: 'Reid Wellness Coaching',
  },
  amara: {
    profession: 'nutritionist',
    businessName: 'Amara Nwosu Holistic Nutrition',
    businessAddress: '4200 boulevard Saint-Laurent, bureau 310\nMontréal QC  H2W 2R2',
  },
  julien: {
    profession: 'yoga_therapist',
    businessName: 'Yoga thérapeutique Tremblay',
    businessAddress: '330 rue Saint-Joseph Est, bureau 205\nQuébec QC  G1K 3B2',
  },
  grace: {
    profession: 'other',
    professionOther: 'Life Coach',
  },
}
