import { z } from 'zod'
import { msg } from '~/lib/i18n/message'
import { multiLineText } from '~/lib/plain-text'

const RATING_REQUIRED = msg('marketplace:review.errors.ratingRequired')
/** A review's text missing: the dialog's toast is titled 'Review Required' for it. */
export const CONTENT_REQUIRED = msg('marketplace:review.errors.contentRequired')
const PRACTITIONER_REQUIRED = msg('marketplace:review.errors.practitionerRequired')

/** Review rules (a rating of 1 to 5 and non-blank text), shared by the profile's review form and POST /api/reviews. */
export const ReviewSchema = z.object({
  practitionerId: z.coerce.number({ error: PRACTITIONER_REQUIRED }).int().positive(PRACTITIONER_REQUIRED),
  rating: z.coerce
    .number({ error: RATING_REQUIRED })
    .int(RATING_REQUIRED)
    .min(1, RATING_REQUIRED)
    .max(5, RATING_REQUIRED),
  content: multiLineText({ error: CONTENT_REQUIRED })
    .min(1, CONTENT_REQUIRED)
    .max(2000, msg('marketplace:review.errors.contentTooLong', { max: 2000 })),
})

/** The profile's review dialog: the practitioner is the profile being viewed, taken from the URL. */
export const ReviewFormSchema = ReviewSchema.omit({ practitionerId: true })

export const NOT_ELIGIBLE_TO_REVIEW = msg('marketplace:review.notEligible')
export const ALREADY_REVIEWED = msg('marketplace:review.alreadyReviewed')
export const ONLY_CLIENTS_REVIEW = msg('marketplace:review.onlyClients')
/** The review dialog's failure toast, under the title 'Error', when the server gives no reason (spec §8). */
export const REVIEW_FAILED = msg('marketplace:review.failed')
