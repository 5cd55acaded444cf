/*
 * Specialties' names in the reader's language (docs/decisions/052-languages.md): a specialty
 * Solace has words for is shown through its key in the catalogue (marketplace:specialties.*);
 * one a practitioner typed themselves has no key and is shown as written, like any user content.
 * The data, the filter and the API keep the English names.
 */

/**
 * The specialties Solace has words for, by their English name in lower case: the ones My Profile
 * suggests (app/models/practice/profile.ts), the card's fallback 'General Consultation', and the
 * ones practitioners most often add.
 */
const SPECIALTY_KEYS = {
  // My Profile's suggestions.
  acupuncture: 'acupuncture',
  'anxiety management': 'anxietyManagement',
  breathwork: 'breathwork',
  'chiropractic care': 'chiropracticCare',
  'life coaching': 'lifeCoaching',
  'massage therapy': 'massageTherapy',
  meditation: 'meditation',
  mindfulness: 'mindfulness',
  naturopathy: 'naturopathy',
  nutrition: 'nutrition',
  'personal training': 'personalTraining',
  pilates: 'pilates',
  reiki: 'reiki',
  'sleep health': 'sleepHealth',
  'sports nutrition': 'sportsNutrition',
  'stress management': 'stressManagement',
  'traditional chinese medicine': 'traditionalChineseMedicine',
  'weight management': 'weightManagement',
  "women's health": 'womensHealth',
  yoga: 'yoga',
  // The card's fallback (FALLBACK_SPECIALTY).
  'general consultation': 'generalConsultation',
  // Often added by practitioners.
  acupressure: 'acupressure',
  anxiety: 'anxiety',
  'back pain': 'backPain',
  'burnout recovery': 'burnoutRecovery',
  cbt: 'cbt',
  'career transitions': 'careerTransitions',
  'grief support': 'griefSupport',
  'gut health': 'gutHealth',
  hiit: 'hiit',
  'habit coaching': 'habitCoaching',
  'hatha yoga': 'hathaYoga',
  'herbal medicine': 'herbalMedicine',
  'holistic nutrition': 'holisticNutrition',
  'meal planning': 'mealPlanning',
  mobility: 'mobility',
  'plant-based nutrition': 'plantBasedNutrition',
  'postnatal fitness': 'postnatalFitness',
  'prenatal yoga': 'prenatalYoga',
  running: 'running',
  sleep: 'sleep',
  'strength training': 'strengthTraining',
  'vinyasa yoga': 'vinyasaYoga',
  'yin yoga': 'yinYoga',
  'yoga therapy': 'yogaTherapy',
} as const

export type SpecialtyKey = (typeof SPECIALTY_KEYS)[keyof typeof SPECIALTY_KEYS]

/** A specialty's key (its name compared without case, as the filter compares it), or null for one typed freely. */
export function specialtyKey(specialty: string): SpecialtyKey | null {
  const name = specialty.trim().toLowerCase().replace(/’/g, "'")
  return Object.hasOwn(SPECIALTY_KEYS, name) ? SPECIALTY_KEYS[name as keyof typeof SPECIALTY_KEYS] : null
}
