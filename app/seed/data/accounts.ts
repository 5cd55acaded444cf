/**
 * The people in the demo data set. Everything here is fictional: `.test` addresses (a reserved
 * domain, so no real mailbox is ever written to) and 555-01xx phone numbers.
 */
export const DEMO_PASSWORD = 'Solace-demo-2026'

export const DEMO_ADMIN_EMAIL = 'admin@solace.test'
export const DEMO_PRACTITIONER_EMAIL = 'practitioner@solace.test'
export const DEMO_CLIENT_EMAIL = 'client@solace.test'
export const DEMO_ACCOUNT_EMAILS = [
  DEMO_ADMIN_EMAIL,
  DEMO_PRACTITIONER_EMAIL,
  DEMO_CLIENT_EMAIL,
] as const

/** Every seeded practitioner works Eastern hours; slots are laid out on this clock. */
export const DEMO_TIME_ZONE = 'America/Toronto'

export interface PersonSeed {
  /** Stable handle that the other data files use to point at this person. */
  key: string
  email: string
  firstName: string
  lastName: string
  phoneNumber: string
  country: string
  timeZone: string
  joinedDaysAgo: number
}

export interface PractitionerSeed extends PersonSeed {
  title: string
  bio: string
  specialties: string[]
  /** Served from public/. */
  profileImageUrl: string
  stripeAccountId: string
  /** A newcomer has no past sessions, so no reviews yet (the "no rating" state on cards). */
  isNewcomer?: boolean
}

export const DEMO_ADMIN: PersonSeed = {
  key: 'avery',
  email: DEMO_ADMIN_EMAIL,
  firstName: 'Avery',
  lastName: 'Adams',
  phoneNumber: '+1 416-555-0100',
  country: 'CA',
  timeZone: DEMO_TIME_ZONE,
  joinedDaysAgo: 400,
}

export const DEMO_CLIENT: PersonSeed = {
  key: 'casey',
  email: DEMO_CLIENT_EMAIL,
  firstName: 'Casey',
  lastName: 'Morgan',
  phoneNumber: '+1 647-555-0123',
  country: 'CA',
  timeZone: DEMO_TIME_ZONE,
  joinedDaysAgo: 150,
}

/** The demo practitioner comes first; the rest are listed in no particular order. */
export const PRACTITIONERS: PractitionerSeed[] = [
  {
    key: 'priya',
    email: DEMO_PRACTITIONER_EMAIL,
    firstName: 'Priya',
    lastName: 'Sharma',
    phoneNumber: '+1 416-555-0147',
    country: 'CA',
    timeZone: DEMO_TIME_ZONE,
    joinedDaysAgo: 320,
    title: 'Registered Yoga Teacher (E-RYT 500)',
    bio: 'Priya has taught yoga and breathwork for over twelve years, first in Toronto studios and now online. Her classes pair steady, well-cued movement with simple breathing practices you can take into a busy day. She trained in Mysore and Vancouver and specialises in helping beginners and desk workers feel at home on the mat.',
    specialties: ['Vinyasa Yoga', 'Yin Yoga', 'Breathwork', 'Meditation'],
    profileImageUrl: '/images/practitioners/priya-sharma.svg',
    stripeAccountId: 'acct_demo_practitioner',
  },
  {
    key: 'maya',
    email: 'maya.chen@solace.test',
    firstName: 'Maya',
    lastName: 'Chen',
    phoneNumber: '+1 604-555-0162',
    country: 'CA',
    timeZone: DEMO_TIME_ZONE,
    joinedDaysAgo: 290,
    title: 'Registered Dietitian (RD), MSc Nutrition',
    bio: 'Maya is a registered dietitian who believes good food advice should fit real kitchens and real budgets. She works with clients on digestive health, energy and sustainable eating habits, with no fad diets. Every plan she writes starts from what you already enjoy eating.',
    specialties: ['Gut Health', 'Meal Planning', 'Sports Nutrition'],
    profileImageUrl: '/images/practitioners/maya-chen.svg',
    stripeAccountId: 'acct_demo_1',
  },
  {
    key: 'daniel',
    email: 'daniel.okafor@solace.test',
    firstName: 'Daniel',
    lastName: 'Okafor',
    phoneNumber: '+1 613-555-0118',
    country: 'CA',
    timeZone: DEMO_TIME_ZONE,
    joinedDaysAgo: 260,
    title: 'Registered Psychotherapist (RP), MA Counselling Psychology',
    bio: 'Daniel offers a calm, practical space to work through anxiety, stress and life changes. He draws on cognitive behavioural therapy and acceptance-based approaches, and sessions always end with one small step to try before next time. He has supported adults and young professionals for nine years.',
    specialties: ['Anxiety', 'Stress Management', 'CBT', 'Burnout Recovery'],
    profileImageUrl: '/images/practitioners/daniel-okafor.svg',
    stripeAccountId: 'acct_demo_2',
  },
  {
    key: 'sofia',
    email: 'sofia.alvarez@solace.test',
    firstName: 'Sofia',
    lastName: 'Alvarez',
    phoneNumber: '+1 212-555-0175',
    country: 'US',
    timeZone: 'America/New_York',
    joinedDaysAgo: 240,
    title: 'Certified Personal Trainer (NASM-CPT)',
    bio: 'Sofia builds home workouts that need little more than a mat and a pair of dumbbells. A former physiotherapy assistant, she pays close attention to form, mobility and recovery. Her clients range from first-time exercisers to new parents getting back into training.',
    specialties: ['Strength Training', 'Mobility', 'Postnatal Fitness'],
    profileImageUrl: '/images/practitioners/sofia-alvarez.svg',
    stripeAccountId: 'acct_demo_3',
  },
  {
    key: 'liam',
    email: 'liam.oconnor@solace.test',
    firstName: 'Liam',
    lastName: "O'Connor",
    phoneNumber: '+1 902-555-0131',
    country: 'CA',
    timeZone: DEMO_TIME_ZONE,
    joinedDaysAgo: 220,
    title: 'Certified Mindfulness Teacher (MBSR)',
    bio: 'Liam teaches mindfulness-based stress reduction in plain language, without incense or jargon. He came to meditation after years of shift work and poor sleep, and his sessions focus on practices that fit into ten quiet minutes. He has guided more than a thousand people through their first sit.',
    specialties: ['Mindfulness', 'Meditation', 'Sleep'],
    profileImageUrl: '/images/practitioners/liam-oconnor.svg',
    stripeAccountId: 'acct_demo_4',
  },
  {
    key: 'hannah',
    email: 'hannah.kim@solace.test',
    firstName: 'Hannah',
    lastName: 'Kim',
    phoneNumber: '+1 416-555-0189',
    country: 'CA',
    timeZone: DEMO_TIME_ZONE,
    joinedDaysAgo: 200,
    title: 'Registered Acupuncturist (R.Ac), Doctor of TCM',
    bio: "Hannah brings fifteen years of Traditional Chinese Medicine practice to online consultations. She assesses lifestyle, sleep and diet, then teaches acupressure and simple routines you can do at home between in-person visits. Her approach is gentle and always works alongside your physician's care.",
    specialties: ['Traditional Chinese Medicine', 'Acupressure', 'Stress Management'],
    profileImageUrl: '/images/practitioners/hannah-kim.svg',
    stripeAccountId: 'acct_demo_5',
  },
  {
    key: 'marcus',
    email: 'marcus.reid@solace.test',
    firstName: 'Marcus',
    lastName: 'Reid',
    phoneNumber: '+1 617-555-0154',
    country: 'US',
    timeZone: 'America/New_York',
    joinedDaysAgo: 180,
    title: 'Board-Certified Health & Wellness Coach (NBC-HWC)',
    bio: 'Marcus helps busy people sleep better and build habits that survive a hectic week. Sessions are structured and encouraging, with clear goals and a simple way to track progress. Before coaching he spent a decade in emergency medicine, so he knows what running on empty feels like.',
    specialties: ['Sleep', 'Habit Coaching', 'Stress Management'],
    profileImageUrl: '/images/practitioners/marcus-reid.svg',
    stripeAccountId: 'acct_demo_6',
  },
  {
    key: 'amara',
    email: 'amara.nwosu@solace.test',
    firstName: 'Amara',
    lastName: 'Nwosu',
    phoneNumber: '+1 514-555-0196',
    country: 'CA',
    timeZone: DEMO_TIME_ZONE,
    joinedDaysAgo: 150,
    title: 'Certified Holistic Nutritionist (CHN)',
    bio: 'Amara looks at the whole picture: food, movement, rest and the stress that ties them together. She is known for warm, unhurried sessions and colourful plant-forward meal ideas. Her plans are written to be followed, not framed.',
    specialties: ['Holistic Nutrition', 'Plant-Based Nutrition', 'Gut Health'],
    profileImageUrl: '/images/practitioners/amara-nwosu.svg',
    stripeAccountId: 'acct_demo_7',
  },
  {
    key: 'julien',
    email: 'julien.tremblay@solace.test',
    firstName: 'Julien',
    lastName: 'Tremblay',
    phoneNumber: '+1 418-555-0127',
    country: 'CA',
    timeZone: DEMO_TIME_ZONE,
    joinedDaysAgo: 120,
    title: 'Certified Yoga Therapist (C-IAYT)',
    bio: 'Julien uses therapeutic yoga to help people move with less pain, especially through the back, hips and shoulders. He adapts every pose to your body and your space, including chair-based options. Sessions are offered in English and French.',
    specialties: ['Yoga Therapy', 'Back Pain', 'Mobility'],
    profileImageUrl: '/images/practitioners/julien-tremblay.svg',
    stripeAccountId: 'acct_demo_8',
  },
  {
    key: 'grace',
    email: 'grace.whitfield@solace.test',
    firstName: 'Grace',
    lastName: 'Whitfield',
    phoneNumber: '+1 416-555-0168',
    country: 'CA',
    timeZone: DEMO_TIME_ZONE,
    joinedDaysAgo: 12,
    title: 'ICF Associate Certified Coach (ACC)',
    bio: 'Grace is a life coach for people standing at a crossroads: a new career, a move, or an empty nest. She asks good questions and helps you turn vague hopes into a plan with dates on it. She joined Solace this month and is welcoming her first clients.',
    specialties: ['Life Coaching', 'Career Transitions'],
    profileImageUrl: '/images/practitioners/grace-whitfield.svg',
    stripeAccountId: 'acct_demo_9',
    isNewcomer: true,
  },
]

/** Clients besides the demo one, so reviews and conversations come from several people. */
export const OTHER_CLIENTS: PersonSeed[] = [
  {
    key: 'noah',
    email: 'noah.williams@solace.test',
    firstName: 'Noah',
    lastName: 'Williams',
    phoneNumber: '+1 905-555-0110',
    country: 'CA',
    timeZone: DEMO_TIME_ZONE,
    joinedDaysAgo: 210,
  },
  {
    key: 'emma',
    email: 'emma.dubois@solace.test',
    firstName: 'Emma',
    lastName: 'Dubois',
    phoneNumber: '+1 514-555-0143',
    country: 'CA',
    timeZone: DEMO_TIME_ZONE,
    joinedDaysAgo: 190,
  },
  {
    key: 'ethan',
    email: 'ethan.brooks@solace.test',
    firstName: 'Ethan',
    lastName: 'Brooks',
    phoneNumber: '+1 312-555-0181',
    country: 'US',
    timeZone: 'America/Chicago',
    joinedDaysAgo: 170,
  },
  {
    key: 'zoe',
    email: 'zoe.martin@solace.test',
    firstName: 'Zoe',
    lastName: 'Martin',
    phoneNumber: '+1 403-555-0129',
    country: 'CA',
    timeZone: 'America/Edmonton',
    joinedDaysAgo: 160,
  },
  {
    key: 'lucas',
    email: 'lucas.fernandes@solace.test',
    firstName: 'Lucas',
    lastName: 'Fernandes',
    phoneNumber: '+1 647-555-0158',
    country: 'CA',
    timeZone: DEMO_TIME_ZONE,
    joinedDaysAgo: 175,
  },
]
