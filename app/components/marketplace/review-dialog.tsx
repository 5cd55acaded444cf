import { useTranslation } from 'react-i18next'
import { lazyComponent } from '~/components/lazy-component'
import { UrlDialog } from '~/components/ui/url-dialog'
import type { SubmissionResult } from '@conform-to/react'

/** The form's code (and zod) loads when the dialog first opens, not with every profile. */
const ReviewForm = lazyComponent(() => import('./review-form').then((module) => module.ReviewForm))

/** The review dialog: stars and text; it closes (and so clears) when the review is posted. */
export function ReviewDialog({
  open,
  pagePath,
  practitionerName,
  blocker,
  lastResult,
}: {
  open: boolean
  pagePath: string
  practitionerName: string
  /** Why this person cannot review yet (in the page's language), shown instead of the form (stars they could not post). */
  blocker: string | null
  lastResult: SubmissionResult<string[]> | null
}) {
  const { t } = useTranslation('marketplace')
  return (
    <UrlDialog
      open={open}
      closeTo={pagePath}
      title={t('review.write')}
      description={t('review.shareExperience', { name: practitionerName })}
    >
      {blocker ? (
        <p role="note" className="rounded-md border border-accent/50 bg-accent-soft p-3 text-sm">
          {blocker}
        </p>
      ) : (
        <ReviewForm pagePath={pagePath} lastResult={lastResult} />
      )}
    </UrlDialog>
  )
}
