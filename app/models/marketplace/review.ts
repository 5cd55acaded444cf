import { z } from 'zod'
import { multiLineText } from '~/lib/plain-text'

/** Review rules (a rating of 1 to 5 and non-blank text), shared by the profile's review form and POST /api/reviews. */
export const ReviewSchema = z.object({
  practitionerId: z.coerce.number({ error: 'practitionerId is required' }).int().positive('practitionerId is required'),
  rating: z.coerce
    .number({ error: 'Please select a star rating.' })
    .int('Please select a star rating.')
    .min(1, 'Please select a star rating.')
    .max(5, 'Please select a star rating.'),
  content: multiLineText({ error: 'Please write a review.' })
    .min(1, 'Please write a review.')
    .max(2000, 'Reviews can be at most 2000 characters.'),
})

/** The profile's review dialog: the practitioner is the profile being viewed, taken from the URL. */
export const ReviewFormSchema = ReviewSchema.omit({ practitionerId: true })

export const NOT_ELIGIBLE_TO_REVIEW = 'You can review a practitioner after you have completed a session with them.'
export const ALREADY_REVIEWED = 'You have already reviewed each of your sessions with this practitioner.'
export const ONLY_CLIENTS_REVIEW = 'Only clients can write reviews.'
/** The review dialog's failure toast, under the title 'Error', when the server gives no reason (spec §8). */
export const REVIEW_FAILED = 'Failed to submit your review. Please try again.'
