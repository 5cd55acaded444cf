import type { Category } from './services'

/**
 * Review texts by category; `{name}` becomes the practitioner's first name. Warm texts go with
 * 4 and 5 stars, the lukewarm ones with 3, so a rating never contradicts its words.
 */
export const WARM_REVIEWS: Record<Category, string[]> = {
  Yoga: [
    '{name} explained every pose so clearly that I never felt lost. My lower back has been so much better this week.',
    'Exactly the pace I needed. {name} offered options for my tight hamstrings without making me feel behind.',
    'I was nervous about doing yoga on camera, but {name} made it feel like a private studio class. Booking again.',
    'Lovely session. The breathing at the end was the calmest I have felt in months.',
    'Great cues and very attentive. {name} noticed my shoulder was creeping up before I did!',
  ],
  Meditation: [
    'I have tried meditation apps for years; half an hour with {name} taught me more than all of them.',
    '{name} has such a calming voice. I fell asleep easily the same night and have kept up the routine.',
    'Practical and down to earth, no jargon. The ten-minute practice fits perfectly before work.',
    'Really helpful answers to my questions about a wandering mind. I finally feel like I am doing it right.',
  ],
  Nutrition: [
    '{name} looked at my food diary without any judgement and gave me three changes I could actually stick to.',
    'My bloating is noticeably better after two weeks of the plan. Clear, evidence-based advice.',
    'Loved that the plan used foods I already buy. The grocery list alone was worth it.',
    'Very knowledgeable and kind. {name} explained the why behind every suggestion.',
    'Super practical session. Dinners are faster and I have more energy in the afternoons.',
  ],
  'Mental Wellness': [
    '{name} created a safe, unhurried space. I left with a couple of tools I have already used twice.',
    'The thought-record exercise was eye-opening. I feel much more in control when anxiety shows up.',
    'Warm, professional and practical. It helped to have one small step to work on between sessions.',
    'I was sceptical about therapy over video, but it felt just as personal. Highly recommend {name}.',
  ],
  Fitness: [
    '{name} corrected my squat form in the first five minutes. My knees have thanked me ever since.',
    'Tough but encouraging. I never realised how much you can do with one pair of dumbbells.',
    'The mobility routine is now part of my workday. My shoulders feel years younger.',
    'Really attentive coaching through the screen. {name} adapted everything around my old ankle injury.',
  ],
  'Holistic Health': [
    '{name} took time to understand my whole routine and the acupressure points help my headaches a lot.',
    'Thorough and thoughtful. The plan connects food, sleep and stress in a way that finally makes sense.',
    'Gentle and knowledgeable. I appreciated that {name} encouraged me to keep my doctor in the loop.',
    'Beautiful recipes and realistic goals. I feel calmer and more energetic after a month.',
  ],
  Other: [
    'Three small changes from {name} and I am sleeping an hour more most nights. Simple and effective.',
    '{name} helped me turn a vague goal into a routine I have kept for six weeks now.',
    'Structured, encouraging and very clear. The weekly check-in system keeps me honest.',
    'Just what I needed during a big change. {name} asks the right questions.',
  ],
}

export const LUKEWARM_REVIEWS: string[] = [
  'Helpful session overall, though it ran a little short on time for my questions. Would try a longer booking next time.',
  'Good advice, but some of it was material I already knew. {name} was friendly and professional.',
  'Solid session. My connection dropped once, which broke the flow, but {name} handled it well.',
  'Useful ideas. I would have liked a written summary afterwards to remember everything.',
]
