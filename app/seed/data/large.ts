import type { Category } from './services'

/**
 * Building blocks for the benchmark data set: names, titles and service wording combined
 * by index, so thousands of rows read plausibly without a data file.
 */
export const FIRST_NAMES = (
  'Aaliyah Adrian Aisha Alex Amelia Andre Anika Ben Bianca Caleb Camila Chloe Connor Daria ' +
  'David Elena Eli Farah Felix Gabriel Hana Hugo Imani Isaac Jade Jonah Kai Kira Leah Leo ' +
  'Lina Malik Mara Mateo Mei Mila Nadia Nathan Nina Omar Paige Quinn Rafael Rania Reza Rosa ' +
  'Ruby Sam Sana Simon Tara Theo Uma Victor Wren Xavier Yara Yusuf Zara Zoe'
).split(' ')

export const LAST_NAMES = (
  'Abbott Ahmed Bailey Banerjee Bouchard Campbell Castillo Chan Cohen Costa Davies Diaz ' +
  'Edwards Evans Fischer Fraser Garcia Gill Gordon Hall Hassan Hughes Ito Jensen Johnson ' +
  'Kaur Khan Kowalski Lam Lee Lopez MacDonald Mehta Mendes Moreau Murphy Nakamura Nguyen ' +
  'Novak Ortiz Osei Park Patel Pereira Quinn Rahman Rossi Santos Schmidt Singh Stewart ' +
  'Suzuki Taylor Thompson Tran Walker Wang Wilson Wong Young'
).split(' ')

export const BENCH_ZONES = [
  ['CA', 'America/Toronto'],
  ['CA', 'America/Vancouver'],
  ['CA', 'America/Halifax'],
  ['US', 'America/New_York'],
  ['US', 'America/Chicago'],
] as const

export interface CategoryWords {
  titles: string[]
  specialties: string[]
  services: string[]
  descriptions: string[]
  details: string[]
}

export const SERVICE_MODIFIERS = [
  '',
  '',
  'Intro to ',
  'Gentle ',
  'Morning ',
  'Evening ',
  'Deep Dive: ',
  'Advanced ',
  'Weekly ',
  'Foundations of ',
  'Express ',
  'Personal ',
]

export const CATEGORY_WORDS: Record<Category, CategoryWords> = {
  Yoga: {
    titles: [
      'Registered Yoga Teacher (RYT-200)',
      'Registered Yoga Teacher (RYT-500)',
      'Certified Yoga Therapist (C-IAYT)',
    ],
    specialties: [
      'Vinyasa Yoga',
      'Yin Yoga',
      'Hatha Yoga',
      'Yoga Therapy',
      'Prenatal Yoga',
      'Back Pain',
    ],
    services: [
      'Vinyasa Flow',
      'Hatha Yoga',
      'Yin Yoga',
      'Chair Yoga',
      'Power Yoga',
      'Yoga for Back Care',
    ],
    descriptions: [
      'A one-on-one class paced to your body, with clear cues and options for every pose.',
      'Build strength, balance and calm with a sequence designed around your goals.',
      'A steady practice linking breath and movement, adapted for your space at home.',
    ],
    details: [
      'Check-in about your body and goals',
      'Breath-led warm-up',
      'Main sequence with options',
      'Guided relaxation',
      'A short home practice',
    ],
  },
  Meditation: {
    titles: [
      'Certified Meditation Teacher',
      'Certified Mindfulness Teacher (MBSR)',
      'Breathwork Facilitator',
    ],
    specialties: ['Meditation', 'Mindfulness', 'Breathwork', 'Sleep'],
    services: [
      'Guided Meditation',
      'Mindfulness Practice',
      'Breathwork Session',
      'Body Scan Relaxation',
      'Loving-Kindness Meditation',
    ],
    descriptions: [
      'Learn simple, reliable practices to settle a busy mind, guided step by step.',
      'A quiet, guided session with time for your questions about practising at home.',
      'Calm the nervous system with breathing and attention training you can use anywhere.',
    ],
    details: [
      'A short settling-in',
      'Guided practice',
      'Time for questions',
      'A recording to take home',
    ],
  },
  Nutrition: {
    titles: ['Registered Dietitian (RD)', 'Certified Nutritionist', 'Sports Nutrition Specialist'],
    specialties: ['Gut Health', 'Meal Planning', 'Sports Nutrition', 'Plant-Based Nutrition'],
    services: [
      'Nutrition Consultation',
      'Meal Planning Session',
      'Gut Health Review',
      'Sports Nutrition Plan',
      'Healthy Eating Reset',
    ],
    descriptions: [
      'Practical, evidence-based food advice that fits your routine, budget and tastes.',
      'Review what you eat now and leave with a few realistic changes to start with.',
      'A personal plan for energy, digestion and performance, with no fad diets.',
    ],
    details: [
      'Review of your eating habits',
      'Discussion of goals and routines',
      'Three practical changes',
      'A written summary',
    ],
  },
  'Mental Wellness': {
    titles: [
      'Registered Psychotherapist (RP)',
      'Licensed Counsellor',
      'Registered Social Worker (MSW)',
    ],
    specialties: ['Anxiety', 'Stress Management', 'CBT', 'Burnout Recovery', 'Grief Support'],
    services: [
      'Counselling Session',
      'Stress Management Session',
      'Anxiety Skills Session',
      'Burnout Recovery Session',
      'Wellbeing Check-in',
    ],
    descriptions: [
      'A confidential, collaborative session to work through what is weighing on you.',
      'Practical tools from evidence-based approaches, paced by you.',
      'A calm space to talk, reflect and plan one small step forward.',
    ],
    details: [
      'A private, secure video session',
      'Time to explore your concerns',
      'Practical tools to try',
      'An agreed next step',
    ],
  },
  Fitness: {
    titles: [
      'Certified Personal Trainer (CPT)',
      'Registered Kinesiologist',
      'Certified Strength Coach',
    ],
    specialties: ['Strength Training', 'Mobility', 'Postnatal Fitness', 'HIIT', 'Running'],
    services: [
      'Strength Training',
      'Mobility Session',
      'HIIT Workout',
      'Core Conditioning',
      'Running Form Coaching',
    ],
    descriptions: [
      'Coached training at home with live form feedback, scaled to your equipment.',
      'A joint-friendly session to build strength and move with less stiffness.',
      'An efficient workout with a plan for the days between sessions.',
    ],
    details: [
      'Dynamic warm-up',
      'Main workout with form feedback',
      'Cool-down',
      'A plan for your next workouts',
    ],
  },
  'Holistic Health': {
    titles: [
      'Registered Acupuncturist (R.Ac)',
      'Naturopathic Doctor (ND)',
      'Certified Holistic Nutritionist',
    ],
    specialties: [
      'Traditional Chinese Medicine',
      'Acupressure',
      'Holistic Nutrition',
      'Herbal Medicine',
    ],
    services: [
      'Holistic Health Consultation',
      'TCM Consultation',
      'Acupressure Coaching',
      'Wellness Plan Session',
      'Naturopathic Review',
    ],
    descriptions: [
      'A whole-person look at sleep, food, stress and energy, with a plan that connects them.',
      'Gentle, practical guidance you can follow at home, alongside your usual care.',
      'Assess your routines and leave with simple, personalised recommendations.',
    ],
    details: [
      'Detailed lifestyle intake',
      'Personalised recommendations',
      'Self-care techniques',
      'A written plan',
    ],
  },
  Other: {
    titles: ['Certified Health Coach', 'ICF Certified Life Coach', 'Sleep Coach'],
    specialties: ['Life Coaching', 'Habit Coaching', 'Sleep', 'Career Transitions'],
    services: [
      'Life Coaching Session',
      'Sleep Coaching',
      'Habit Building Session',
      'Goal Setting Session',
      'Career Coaching',
    ],
    descriptions: [
      'Turn a goal you keep postponing into a plan with small, concrete steps.',
      'Structured, encouraging coaching with a simple way to track progress.',
      'Get clear on what matters now and decide your next move.',
    ],
    details: [
      'Clarify your goal',
      'Explore options and obstacles',
      'Agree concrete next steps',
      'A follow-up plan',
    ],
  },
}

export const BIO_TEMPLATES = [
  '{first} has {years} years of experience and works with clients on {spec1} and {spec2} in calm, practical online sessions.',
  'With {years} years in practice, {first} helps people with {spec1} and {spec2}. Sessions are friendly, structured and tailored to each client.',
  '{first} has supported hundreds of clients with {spec1}, combining evidence-based methods with a warm, unhurried style. Credentials: {title}.',
]
