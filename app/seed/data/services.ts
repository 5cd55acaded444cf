import type { SERVICE_CATEGORIES } from '~/db/schema'
import type { TaxKind } from '~/models/billing/tax'

export type Category = (typeof SERVICE_CATEGORIES)[number]

/** One calm illustration per category (public/images/services/). */
export const CATEGORY_IMAGES: Record<Category, string> = {
  Yoga: '/images/services/yoga.svg',
  Meditation: '/images/services/meditation.svg',
  Nutrition: '/images/services/nutrition.svg',
  'Mental Wellness': '/images/services/mental-wellness.svg',
  Fitness: '/images/services/fitness.svg',
  'Holistic Health': '/images/services/holistic-health.svg',
  Other: '/images/services/other.svg',
}

export const MEETING_HOST = 'https://meet.solace.test'

export interface ServiceSeed {
  /** Unique slug: names the meeting room and lets bookings point at the service. */
  key: string
  /** PractitionerSeed.key of the owner. */
  practitioner: string
  name: string
  description: string
  category: Category
  priceCents: number
  durationMinutes: 30 | 45 | 60 | 75 | 90
  /** The "What to Expect" list. */
  details: string[]
  isActive?: boolean
  isFreeIntro?: boolean
  /** The tax on top of the price (none unless said); only for a practitioner seeded with a GST/HST number. */
  taxKind?: TaxKind
}

export const SERVICES: ServiceSeed[] = [
  // Priya Sharma, the demo practitioner: two paid classes and the platform's free intro.
  {
    key: 'vinyasa-for-beginners',
    practitioner: 'priya',
    name: 'Vinyasa Flow for Beginners',
    description:
      'A steady, well-cued flow that links breath and movement. Ideal if you are new to yoga or returning after a break and want to build strength and confidence at home.',
    category: 'Yoga',
    priceCents: 6500,
    durationMinutes: 60,
    details: [
      'A short check-in about your body, injuries and goals',
      'Breath-led warm-up and sun salutations at a gentle pace',
      'Standing sequence with options for every level',
      'Five minutes of guided relaxation to close',
    ],
  },
  {
    key: 'restorative-yin-and-breath',
    practitioner: 'priya',
    name: 'Restorative Yin & Breath',
    description:
      'Long, supported holds and slow breathing to release deep tension in the hips, back and shoulders. A quiet reset for stressful weeks; pillows and blankets welcome.',
    category: 'Yoga',
    priceCents: 8000,
    durationMinutes: 75,
    details: [
      'Set-up help using cushions, blankets and a wall',
      'Four to six supported yin postures held for several minutes',
      'Extended-exhale breathing to calm the nervous system',
      'A take-home sequence for evenings',
    ],
  },
  {
    key: 'free-intro-breath-and-stillness',
    practitioner: 'priya',
    name: 'Free Intro: Breath & Stillness',
    description:
      'Not sure where to start? Meet Priya for a relaxed half hour: talk through what you hope to get from yoga or meditation, then try a simple breathing practice together.',
    category: 'Meditation',
    priceCents: 0,
    durationMinutes: 30,
    details: [
      'A friendly conversation about your goals and schedule',
      'A five-minute box-breathing practice',
      'Suggestions for which class to try first',
    ],
    isFreeIntro: true,
  },
  // Maya Chen
  {
    key: 'personalized-nutrition-assessment',
    practitioner: 'maya',
    name: 'Personalized Nutrition Assessment',
    description:
      'A thorough first consultation covering your eating patterns, energy, digestion and goals. You leave with three practical changes and a plan for the weeks ahead.',
    category: 'Nutrition',
    priceCents: 12000,
    durationMinutes: 60,
    details: [
      'Review of a three-day food diary (sent before the session)',
      'Discussion of health history, routines and preferences',
      'Three specific, realistic changes to start with',
      'A written summary emailed after the session',
    ],
  },
  {
    key: 'gut-health-reset',
    practitioner: 'maya',
    name: 'Gut Health Reset Consultation',
    description:
      'Bloating, irregularity or food sensitivities? Maya looks at triggers, fibre and meal timing, and builds a gentle reset you can follow without cutting out whole food groups.',
    category: 'Nutrition',
    priceCents: 9500,
    durationMinutes: 45,
    details: [
      'Symptom and trigger review',
      'Guidance on fibre, fluids and meal timing',
      'A two-week food and symptom tracker',
      'When to involve your doctor, explained clearly',
    ],
  },
  {
    key: 'meal-planning-follow-up',
    practitioner: 'maya',
    name: 'Meal Planning Follow-up',
    description:
      'A focused check-in for existing clients: review what worked, adjust portions and build next week’s grocery list together.',
    category: 'Nutrition',
    priceCents: 5500,
    durationMinutes: 30,
    details: [
      'Progress review against your last plan',
      'Adjustments for schedule, budget and taste',
      'A ready-to-use grocery list',
    ],
  },
  // Daniel Okafor
  {
    key: 'individual-counselling-session',
    practitioner: 'daniel',
    name: 'Individual Counselling Session',
    description:
      'Confidential one-on-one counselling for stress, low mood, relationship strain or life transitions. Sessions are collaborative, paced by you, and grounded in evidence-based approaches.',
    category: 'Mental Wellness',
    priceCents: 14000,
    durationMinutes: 60,
    details: [
      'A private, secure video session',
      'Time to explore what is weighing on you most',
      'Practical tools drawn from CBT and ACT',
      'One small, agreed step to try before next time',
    ],
  },
  {
    key: 'anxiety-management-skills',
    practitioner: 'daniel',
    name: 'Anxiety Management Skills (CBT)',
    description:
      'A structured session teaching core cognitive behavioural skills for anxiety: noticing thought patterns, grounding techniques and gradual exposure, explained step by step.',
    category: 'Mental Wellness',
    priceCents: 11000,
    durationMinutes: 45,
    details: [
      'A short overview of how anxiety works',
      'Thought-record practice using a recent example',
      'Grounding and breathing techniques for hard moments',
      'Worksheets to use between sessions',
    ],
  },
  {
    key: 'burnout-recovery-check-in',
    practitioner: 'daniel',
    name: 'Burnout Recovery Check-in',
    description:
      'A shorter session for people rebuilding after burnout: take stock of energy, boundaries and workload, and plan a sustainable week.',
    category: 'Mental Wellness',
    priceCents: 6500,
    durationMinutes: 30,
    details: [
      'Energy and workload check-in',
      'Boundary-setting scripts for work conversations',
      'A realistic plan for the coming week',
    ],
  },
  // Sofia Alvarez
  {
    key: 'virtual-strength-training',
    practitioner: 'sofia',
    name: 'Virtual Strength Training',
    description:
      'Coached strength work in your living room. Sofia watches your form in real time and scales every exercise to your equipment, from bodyweight to a full set of dumbbells.',
    category: 'Fitness',
    priceCents: 6000,
    durationMinutes: 45,
    details: [
      'Dynamic warm-up',
      'Three strength circuits with live form feedback',
      'Progressions and regressions for each movement',
      'A cool-down and a plan for your next two workouts',
    ],
  },
  {
    key: 'mobility-and-posture-tune-up',
    practitioner: 'sofia',
    name: 'Mobility & Posture Tune-up',
    description:
      'Loosen tight hips, upper back and shoulders from long days at a desk. A gentle, joint-friendly session you can repeat on your own.',
    category: 'Fitness',
    priceCents: 4500,
    durationMinutes: 30,
    details: [
      'A quick posture and range-of-motion check',
      'Mobility drills for hips, spine and shoulders',
      'A five-minute routine for workday breaks',
    ],
  },
  {
    key: 'postnatal-core-rebuild',
    practitioner: 'sofia',
    name: 'Postnatal Core Rebuild',
    description:
      'Safe, progressive core and pelvic floor work for parents at least six weeks after birth, with medical clearance. Babies are welcome on screen.',
    category: 'Fitness',
    priceCents: 8500,
    durationMinutes: 60,
    details: [
      'Screening questions and a check for abdominal separation',
      'Breath and pelvic floor connection',
      'Low-impact core progressions',
      'A home plan for the next three weeks',
    ],
  },
  // Liam O'Connor
  {
    key: 'guided-mindfulness-session',
    practitioner: 'liam',
    name: 'Guided Mindfulness Session',
    description:
      'Learn the basics of mindfulness meditation with clear instruction and time to practise. Leave with a short daily routine that fits your life.',
    category: 'Meditation',
    priceCents: 5000,
    durationMinutes: 45,
    details: [
      'What mindfulness is, and what it is not',
      'A guided body-scan and breath awareness practice',
      'Time for questions about your own practice',
      'A ten-minute recording to use at home',
    ],
  },
  {
    key: 'sleep-meditation-wind-down',
    practitioner: 'liam',
    name: 'Sleep Meditation & Wind-down',
    description:
      'An evening session for restless minds. Liam guides a calming wind-down routine and a sleep meditation you can return to whenever sleep will not come.',
    category: 'Meditation',
    priceCents: 4500,
    durationMinutes: 30,
    details: [
      'A review of your evening routine',
      'Progressive muscle relaxation',
      'A guided sleep meditation',
    ],
  },
  {
    key: 'meditation-questions-answered',
    practitioner: 'liam',
    name: 'Meditation Questions Answered',
    description:
      'Already meditating and stuck on something: a wandering mind, sleepiness, restlessness? Bring your questions to a free half-hour with Liam.',
    category: 'Meditation',
    priceCents: 0,
    durationMinutes: 30,
    details: [
      'Open Q&A about your current practice',
      'Adjustments to posture, timing and technique',
      'Recommended reading and recordings',
    ],
  },
  // Hannah Kim, in Ontario and registered for HST (her GST/HST number is in data/professional-details.ts): 13 % on top.
  {
    key: 'tcm-consultation',
    practitioner: 'hannah',
    name: 'Traditional Chinese Medicine Consultation',
    description:
      'A full TCM intake covering sleep, digestion, stress and energy, with tongue observation by video. You receive lifestyle, food and acupressure recommendations matched to your pattern.',
    category: 'Holistic Health',
    priceCents: 11500,
    taxKind: 'hst13',
    durationMinutes: 60,
    details: [
      'Detailed health and lifestyle intake',
      'Tongue observation over video',
      'Food and daily-rhythm recommendations',
      'Two or three acupressure points to use at home',
    ],
  },
  {
    key: 'acupressure-self-care-coaching',
    practitioner: 'hannah',
    name: 'Acupressure Self-Care Coaching',
    description:
      'Learn to find and press key acupressure points for tension headaches, stress and sleep. Hands-on guidance on camera so you get the locations right.',
    category: 'Holistic Health',
    priceCents: 7500,
    taxKind: 'hst13',
    durationMinutes: 45,
    details: [
      'How acupressure works and when not to use it',
      'Guided location of five to six key points',
      'A printable point map for your routine',
    ],
  },
  // Marcus Reid
  {
    key: 'sleep-coaching-session',
    practitioner: 'marcus',
    name: 'Sleep Coaching Session',
    description:
      'Practical, evidence-based coaching for better sleep: consistent timing, light, caffeine and the thoughts that keep you up. No pills, just a plan.',
    category: 'Other',
    priceCents: 7000,
    durationMinutes: 45,
    details: [
      'Sleep history and a look at your current routine',
      'Two or three changes ranked by impact',
      'A simple sleep diary to track progress',
      'A follow-up plan for the next two weeks',
    ],
  },
  {
    key: 'habit-design-session',
    practitioner: 'marcus',
    name: 'Habit Design Session',
    description:
      'Turn a goal you keep postponing into a small daily habit. Marcus uses behaviour-design techniques to make the new routine easy, obvious and hard to skip.',
    category: 'Other',
    priceCents: 9000,
    durationMinutes: 60,
    details: [
      'Clarify one meaningful goal',
      'Design a tiny habit and its trigger',
      'Plan for obstacles and missed days',
      'Set up a weekly check-in system',
    ],
  },
  {
    key: 'hiit-for-busy-schedules',
    practitioner: 'marcus',
    name: 'HIIT for Busy Schedules',
    description:
      'Short, intense interval workouts that fit into a lunch break. Currently paused while Marcus focuses on sleep and habit coaching.',
    category: 'Fitness',
    priceCents: 4500,
    durationMinutes: 30,
    details: [
      'Warm-up and movement check',
      'Two 8-minute interval blocks',
      'Cool-down and stretching',
    ],
    isActive: false,
  },
  // Amara Nwosu
  {
    key: 'holistic-wellness-plan',
    practitioner: 'amara',
    name: 'Holistic Wellness Plan',
    description:
      'An in-depth session looking at nutrition, movement, rest and stress together. Amara builds a personal wellness plan with meals, routines and small weekly goals.',
    category: 'Holistic Health',
    priceCents: 15000,
    durationMinutes: 90,
    details: [
      'A complete lifestyle and health questionnaire review',
      'Discussion of energy, digestion, sleep and stress',
      'A personal four-week wellness plan',
      'Recipes and a shopping guide',
      'A short follow-up message after one week',
    ],
  },
  {
    key: 'plant-based-kitchen-coaching',
    practitioner: 'amara',
    name: 'Plant-Based Kitchen Coaching',
    description:
      'Eat more plants without losing protein, flavour or your weeknights. Amara cooks along with you and shares easy swaps for family favourites.',
    category: 'Nutrition',
    priceCents: 8500,
    durationMinutes: 60,
    details: [
      'Protein, iron and B12 basics for plant-based eating',
      'A live cook-along of one quick dinner',
      'Easy swaps for your usual meals',
      'A five-day plant-forward meal plan',
    ],
  },
  // Julien Tremblay
  {
    key: 'yoga-therapy-for-back-pain',
    practitioner: 'julien',
    name: 'Yoga Therapy for Back Pain',
    description:
      'A therapeutic session for persistent lower or upper back discomfort. Julien assesses how you move and builds a gentle, adapted practice to ease pain and restore confidence.',
    category: 'Yoga',
    priceCents: 10500,
    durationMinutes: 60,
    details: [
      'Movement assessment over video',
      'Adapted postures with props or a chair',
      'Breathing to ease guarding and tension',
      'A personal home routine of about 15 minutes',
    ],
  },
  {
    key: 'chair-yoga-for-desk-workers',
    practitioner: 'julien',
    name: 'Chair Yoga for Desk Workers',
    description:
      'Yoga you can do in office clothes, right at your desk. Ease stiff necks, wrists and hips in a short, energising session.',
    category: 'Yoga',
    priceCents: 4500,
    durationMinutes: 30,
    details: [
      'Seated stretches for neck, shoulders and wrists',
      'Gentle twists and hip openers',
      'A three-minute reset to use between meetings',
    ],
  },
  {
    key: 'prenatal-yoga',
    practitioner: 'julien',
    name: 'Prenatal Yoga',
    description:
      'Gentle, pregnancy-safe yoga for each trimester. Not taking new bookings at the moment.',
    category: 'Yoga',
    priceCents: 7500,
    durationMinutes: 60,
    details: [
      'Trimester-appropriate postures',
      'Breathing for labour preparation',
      'Relaxation in a supported side-lying position',
    ],
    isActive: false,
  },
  // Grace Whitfield (newcomer)
  {
    key: 'life-transitions-coaching',
    practitioner: 'grace',
    name: 'Life Transitions Coaching',
    description:
      'For moments when life changes shape: a move, a loss, a new chapter. Grace helps you get clear on what matters now and decide your next steps.',
    category: 'Other',
    priceCents: 12500,
    durationMinutes: 60,
    details: [
      'Space to talk through the change you are facing',
      'Values and priorities exercise',
      'Three concrete next steps with dates',
    ],
  },
  {
    key: 'career-clarity-session',
    practitioner: 'grace',
    name: 'Career Clarity Session',
    description:
      'Feeling stuck at work or drawn to something new? Map your strengths, options and the smallest experiment you could run this month.',
    category: 'Mental Wellness',
    priceCents: 9500,
    durationMinutes: 45,
    details: [
      'Strengths and energy audit',
      'Options mapping for your next move',
      'One low-risk experiment to try this month',
      'A summary of the session by email',
    ],
  },
]
