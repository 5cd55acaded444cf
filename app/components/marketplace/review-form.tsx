import { getFormProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormErrors, SubmitButton, useIsSubmittingIntent } from '~/components/form-shell'
import { ErrorList, TextareaField } from '~/components/forms'
import { buttonClass } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import { useHydrated } from '~/components/use-hydrated'
import { useSchemaForm } from '~/components/use-schema-form'
import { ReviewFormSchema } from '~/models/marketplace/review'
import { REVIEW_INTENT } from './profile-intents'
import { StarRatingInput } from './star-rating-input'

/** The review form: stars and text. */
export function ReviewForm({
  pagePath,
  lastResult,
}: {
  pagePath: string
  lastResult: SubmissionResult<string[]> | null
}) {
  const { t } = useTranslation('marketplace')
  const pending = useIsSubmittingIntent(REVIEW_INTENT)
  const [form, fields] = useSchemaForm(ReviewFormSchema, { id: REVIEW_INTENT, lastResult })
  // Without JavaScript the button stays enabled and the server checks; with it, the button
  // waits for both a rating and some text.
  const hydrated = useHydrated()
  const rating = fields.rating.value
  const content = fields.content.value
  const ready = Boolean(rating) && typeof content === 'string' && content.trim() !== ''
  const ratingErrorId = fields.rating.errors?.length ? fields.rating.errorId : undefined

  return (
    <Form
      method="post"
      action={`${pagePath}?review=1`}
      preventScrollReset
      className="space-y-4"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value={REVIEW_INTENT} />
      <div className="space-y-1.5">
        <StarRatingInput
          name={fields.rating.name}
          defaultValue={typeof fields.rating.initialValue === 'string' ? fields.rating.initialValue : undefined}
          errorId={ratingErrorId}
        />
        <ErrorList id={ratingErrorId} errors={fields.rating.errors} />
      </div>
      <TextareaField
        labelProps={{ children: t('review.yourReview') }}
        textareaProps={{ ...getTextareaProps(fields.content), rows: 5, placeholder: t('review.placeholder') }}
        errors={fields.content.errors}
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="flex justify-end gap-2">
        <Link to={pagePath} replace preventScrollReset className={buttonClass({ variant: 'outline' })}>
          {t('review.cancel')}
        </Link>
        <SubmitButton pending={pending} pendingText={t('review.submitting')} disabled={pending || (hydrated && !ready)}>
          {t('review.submit')}
        </SubmitButton>
      </div>
    </Form>
  )
}
