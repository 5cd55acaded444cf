import type { EXPERIENCE_VALUES, LEAD_SOURCES, LEAD_USER_TYPES, PRACTICE_TYPES } from '~/db/schema'

export interface MessageSeed {
  key: string
  /** Person keys (see accounts.ts). */
  from: string
  to: string
  subject: string
  content: string
  hoursAgo: number
  isRead: boolean
  /** Key of the message this one answers. */
  replyTo?: string
}

/**
 * A short thread between the demo client and the demo practitioner (its last two messages
 * unread, one for each of them, so both inboxes show a badge) and a few other conversations.
 */
export const MESSAGES: MessageSeed[] = [
  {
    key: 'casey-asks-priya',
    from: 'casey',
    to: 'priya',
    subject: 'Question about Restorative Yin',
    content:
      'Hi Priya, I just booked Restorative Yin with you. I have some stiffness in my lower back after long days at my desk. Is there anything I should prepare or avoid beforehand?',
    hoursAgo: 74,
    isRead: true,
  },
  {
    key: 'priya-answers-casey',
    from: 'priya',
    to: 'casey',
    subject: 'Re: Question about Restorative Yin',
    content:
      'Hi Casey, thanks for letting me know! Have two firm pillows and a blanket nearby, and we will keep every hold supported. Avoid a heavy meal in the hour before. We will start with a short check-in about your back.',
    hoursAgo: 52,
    isRead: true,
    replyTo: 'casey-asks-priya',
  },
  {
    key: 'casey-thanks-priya',
    from: 'casey',
    to: 'priya',
    subject: 'Re: Question about Restorative Yin',
    content: 'Perfect, thank you! I found a bolster at home too. See you then.',
    hoursAgo: 5,
    isRead: false,
    replyTo: 'priya-answers-casey',
  },
  {
    key: 'priya-shares-sequence',
    from: 'priya',
    to: 'casey',
    subject: 'Your evening sequence',
    content:
      'Hi Casey, as promised after our flow class, here is the short evening sequence: legs up the wall for three minutes, a supported child pose, then a gentle twist on each side. Let me know how it feels!',
    hoursAgo: 2,
    isRead: false,
  },
  {
    key: 'noah-asks-daniel',
    from: 'noah',
    to: 'daniel',
    subject: 'Rescheduling next session',
    content:
      'Hi Daniel, work has been hectic and I may need to move our next session to later in the week. Do you have any evening availability?',
    hoursAgo: 30,
    isRead: false,
  },
  {
    key: 'emma-asks-maya',
    from: 'emma',
    to: 'maya',
    subject: 'Lunch ideas',
    content:
      'Hi Maya, the breakfast changes are going really well! Could you suggest a couple of quick lunches I can bring to the office?',
    hoursAgo: 96,
    isRead: true,
  },
  {
    key: 'maya-answers-emma',
    from: 'maya',
    to: 'emma',
    subject: 'Re: Lunch ideas',
    content:
      'So glad to hear it, Emma! Try a lentil and roasted vegetable salad with feta, or whole-grain wraps with hummus and leftover chicken. Both keep well for two days.',
    hoursAgo: 90,
    isRead: false,
    replyTo: 'emma-asks-maya',
  },
  {
    key: 'lucas-asks-grace',
    from: 'lucas',
    to: 'grace',
    subject: 'Is coaching right for me?',
    content:
      'Hello Grace, I am thinking about leaving my engineering job to retrain as a teacher. Would the Career Clarity Session be a good place to start?',
    hoursAgo: 20,
    isRead: false,
  },
]

export interface ContactMessageSeed {
  name: string
  email: string
  subject: string
  message: string
  hoursAgo: number
  isRead: boolean
}

export const CONTACT_MESSAGES: ContactMessageSeed[] = [
  {
    name: 'Olivia Grant',
    email: 'olivia.grant@example.com',
    subject: 'Gift cards?',
    message:
      'Hello! Do you offer gift cards or vouchers? I would love to give my sister a few yoga sessions for her birthday.',
    hoursAgo: 9,
    isRead: false,
  },
  {
    name: 'Raj Malhotra',
    email: 'raj.malhotra@example.com',
    subject: 'Corporate wellness program',
    message:
      'Our team of 40 is interested in weekly mindfulness sessions. Is there a way to book group or company-wide sessions through Solace?',
    hoursAgo: 50,
    isRead: false,
  },
  {
    name: 'Chloe Bernard',
    email: 'chloe.bernard@example.com',
    subject: 'Receipt for insurance',
    message:
      'Hi, where can I find a receipt for my counselling session? My insurance provider needs one for reimbursement. Thanks!',
    hoursAgo: 140,
    isRead: true,
  },
]

export interface LeadSeed {
  firstName: string
  lastName: string
  email: string
  countryCode: string
  phoneNumber: string
  practiceType: (typeof PRACTICE_TYPES)[number]
  yearsOfExperience: (typeof EXPERIENCE_VALUES)[number]
  userType: (typeof LEAD_USER_TYPES)[number]
  source: (typeof LEAD_SOURCES)[number]
  daysAgo: number
}

/** Early-access sign-ups from the launching-soon page (its form always sends these values). */
export const LEADS: LeadSeed[] = [
  {
    firstName: 'Fatima',
    lastName: 'Haddad',
    email: 'fatima.haddad@example.com',
    countryCode: '+1',
    phoneNumber: '416-555-0177',
    practiceType: 'naturopath',
    yearsOfExperience: '5-10',
    userType: 'practitioner',
    source: 'launching_soon',
    daysAgo: 3,
  },
  {
    firstName: 'Oliver',
    lastName: 'Bennett',
    email: 'oliver.bennett@example.com',
    countryCode: '+44',
    phoneNumber: '20 7946 0958',
    practiceType: 'acupuncture',
    yearsOfExperience: '10+',
    userType: 'practitioner',
    source: 'launching_soon',
    daysAgo: 8,
  },
  {
    firstName: 'Isabelle',
    lastName: 'Roy',
    email: 'isabelle.roy@example.com',
    countryCode: '+1',
    phoneNumber: '514-555-0102',
    practiceType: 'life-coaching',
    yearsOfExperience: '1-2',
    userType: 'practitioner',
    source: 'launching_soon',
    daysAgo: 15,
  },
]
