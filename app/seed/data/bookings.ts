/**
 * Sessions with a story: the demo client's history and the bookings that other seeded
 * records refer to (messages, the demo practitioner's dashboard). The seed adds more past
 * sessions with random clients around these so every practitioner but the newcomer has reviews.
 */
export interface PastSessionSeed {
  /** Person key of the client. */
  client: string
  /** ServiceSeed.key. */
  service: string
  daysAgo: number
  /** Local start time on the practitioner's clock, 'HH:mm'. */
  at: string
  notes?: string
  review?: { rating: 3 | 4 | 5; content: string; daysAfter: number }
}

export interface UpcomingSessionSeed {
  client: string
  service: string
  /** The booking takes this service's first open slot at least this many days ahead. */
  minDaysAhead: number
  notes?: string
  /** Cancelled by the client with a full refund; the slot is open again. */
  cancelled?: boolean
}

export const STORY_PAST_SESSIONS: PastSessionSeed[] = [
  {
    client: 'casey',
    service: 'vinyasa-for-beginners',
    daysAgo: 24,
    at: '10:00',
    notes: 'First yoga class in years; a little tight in the hamstrings.',
    review: {
      rating: 5,
      content:
        'Priya is a wonderful teacher. Clear cues, lots of options for my tight hamstrings, and the relaxation at the end was pure bliss. I have already booked my next class.',
      daysAfter: 1,
    },
  },
  {
    client: 'casey',
    service: 'personalized-nutrition-assessment',
    daysAgo: 45,
    at: '14:00',
    review: {
      rating: 4,
      content:
        'Maya was thorough and practical, and the written summary was really useful. I would have liked a little more time on snacks, but the three changes are already helping.',
      daysAfter: 2,
    },
  },
  {
    client: 'casey',
    service: 'individual-counselling-session',
    daysAgo: 9,
    at: '16:00',
    notes: 'Work stress and sleep.',
  },
  {
    client: 'emma',
    service: 'personalized-nutrition-assessment',
    daysAgo: 30,
    at: '11:00',
    review: {
      rating: 5,
      content:
        'Maya made healthy eating feel doable again. Breakfast is sorted and I have stopped crashing at 3 pm.',
      daysAfter: 1,
    },
  },
  {
    client: 'noah',
    service: 'individual-counselling-session',
    daysAgo: 16,
    at: '15:00',
    review: {
      rating: 5,
      content:
        'Daniel listens properly and never rushes. I came away with two concrete tools for stressful meetings.',
      daysAfter: 3,
    },
  },
]

export const STORY_UPCOMING_SESSIONS: UpcomingSessionSeed[] = [
  {
    client: 'casey',
    service: 'restorative-yin-and-breath',
    minDaysAhead: 2,
    notes: 'Some lower back stiffness from desk work.',
  },
  { client: 'casey', service: 'guided-mindfulness-session', minDaysAhead: 4 },
  { client: 'noah', service: 'free-intro-breath-and-stillness', minDaysAhead: 1 },
  { client: 'noah', service: 'individual-counselling-session', minDaysAhead: 3 },
  { client: 'emma', service: 'meal-planning-follow-up', minDaysAhead: 5 },
  { client: 'zoe', service: 'vinyasa-for-beginners', minDaysAhead: 6 },
  { client: 'lucas', service: 'tcm-consultation', minDaysAhead: 2 },
  { client: 'ethan', service: 'virtual-strength-training', minDaysAhead: 3, cancelled: true },
]
