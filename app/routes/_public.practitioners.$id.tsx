import { parseWithZod } from '@conform-to/zod/v4'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { GeneralErrorBoundary, NotFound } from '~/components/error-boundary'
import { lazyComponent } from '~/components/lazy-component'
import { shownMessage } from '~/components/marketplace/i18n'
import { MessageCard, type MessageCardViewer } from '~/components/marketplace/message-card'
import { PackageOffers } from '~/components/marketplace/package-offers'
import { PractitionerSummary } from '~/components/marketplace/practitioner-summary'
import { MESSAGE_INTENT, REVIEW_INTENT, REVIEW_PARAM } from '~/components/marketplace/profile-intents'
import { ReviewList } from '~/components/marketplace/review-list'
import { ServiceCard } from '~/components/marketplace/service-card'
import { Toaster, type ToastData } from '~/components/toaster'
import { ButtonLink } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import { readForm } from '~/lib/form-data.server'
import { invalid, refused, unknownForm } from '~/lib/forms.server'
import { requestLanguage } from '~/lib/i18n/language.server'
import { msg } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
import { idFromParam } from '~/lib/route-params'
import { viewerTimeZone } from '~/lib/time-zone.server'
import { redirectWithToast } from '~/lib/toast.server'
import { getUser, loginPath } from '~/models/accounts/auth.server'
import { PRACTITIONER_NOT_FOUND, type PractitionerCardData } from '~/models/marketplace/practitioner'
import { datedReviews, getPractitionerProfile } from '~/models/marketplace/practitioner.server'
import { CONTENT_REQUIRED, REVIEW_FAILED, ReviewFormSchema } from '~/models/marketplace/review'
import { createReview, reviewBlocker } from '~/models/marketplace/review.server'
import { listPractitionerServices } from '~/models/marketplace/service.server'
import { QuestionSchema, SEND_MESSAGE_FAILED, TRY_AGAIN_LATER } from '~/models/messaging/message'
import { canMessage, sendMessage } from '~/models/messaging/message.server'
import { offerCards } from '~/models/packages/packages.server'
import type { TFunction } from 'i18next'

/**
 * Only a client who may review opens it (`?review=1`): its code, with the dialog's, loads then
 * rather than with every visitor's profile (docs/decisions/053-public-pages-javascript.md).
 */
const ReviewDialog = lazyComponent(() =>
  import('~/components/marketplace/review-dialog').then((module) => module.ReviewDialog),
)

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches, 'marketplace')
  if (!data) return [{ title: t('titles.practitionerNotFound') }]
  const { firstName, lastName } = data.practitioner
  return [
    { title: t('titles.practitioner', { name: `${firstName} ${lastName}` }) },
    { name: 'description', content: practitionerDescription(data.practitioner, t) },
  ]
}

type DescribedPractitioner = Pick<PractitionerCardData, 'firstName' | 'lastName' | 'title' | 'bio'>

/** The profile's bio, or (for a practitioner who has not written one yet) who they are. */
function practitionerDescription(
  { firstName, lastName, title, bio }: DescribedPractitioner,
  t: TFunction<'marketplace'>,
) {
  if (bio?.trim()) return bio.trim()
  const name = `${firstName} ${lastName}`
  return title
    ? t('titles.practitionerDescriptionTitled', { name, title })
    : t('titles.practitionerDescription', { name })
}

/** A listed practitioner for this URL, or the not-found screen (missing, malformed and hidden look alike). */
function findPractitioner(param: string | undefined) {
  const id = idFromParam(param)
  const practitioner = id === null ? null : getPractitionerProfile(id)
  if (!practitioner) throw new Response(PRACTITIONER_NOT_FOUND, { status: 404 })
  return practitioner
}

const profilePath = (id: number) => `/practitioners/${id}`

export async function loader({ request, params }: LoaderFunctionArgs) {
  const practitioner = findPractitioner(params.id)
  const user = await getUser(request)
  const isClient = Boolean(user && !user.isPractitioner && !user.isAdmin)
  // Practitioners and admins may not write to another practitioner they have no link with.
  const viewer: MessageCardViewer = !user
    ? 'visitor'
    : user.id === practitioner.id
      ? 'self'
      : canMessage(user.id, practitioner.id)
        ? 'member'
        : 'not-allowed'
  return {
    practitioner,
    services: listPractitionerServices(practitioner.id),
    offers: offerCards({ practitionerId: practitioner.id }),
    viewer,
    // Practitioners and admins never see "Write a Review"; a client who cannot review (no
    // completed session left to review) reads why in its place.
    canWriteReview: isClient,
    reviewBlocker: user && isClient ? reviewBlocker(user.id, practitioner.id) : null,
    // Dates written here, in the viewer's zone: the page's own code carries no date reading.
    reviews: datedReviews(practitioner.reviews, viewerTimeZone(request, user), requestLanguage(request, user)),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const practitioner = findPractitioner(params.id)
  const pagePath = profilePath(practitioner.id)
  const formData = await readForm(request)
  const intent = formData.get('intent')
  if (intent !== MESSAGE_INTENT && intent !== REVIEW_INTENT) throw unknownForm()
  const user = await getUser(request)
  // Visitors are sent to log in and brought back to where they were (the dialog, for a review).
  if (!user) throw redirect(loginPath(intent === REVIEW_INTENT ? `${pagePath}?${REVIEW_PARAM}=1` : pagePath))

  if (intent === MESSAGE_INTENT) {
    const submission = parseWithZod(formData, { schema: QuestionSchema })
    if (submission.status !== 'success') return invalid(submission)
    try {
      sendMessage(user.id, { recipientId: practitioner.id, ...submission.value })
    } catch (error) {
      return refused(submission, error, SEND_MESSAGE_FAILED, { fallback: TRY_AGAIN_LATER, keepTitle: true })
    }
    return redirectWithToast(`${pagePath}?sent=1`, {
      type: 'success',
      title: msg('marketplace:profile.sentToast.title'),
      description: msg('marketplace:profile.sentToast.description'),
    })
  }

  const submission = parseWithZod(formData, { schema: ReviewFormSchema })
  if (submission.status !== 'success') {
    return invalid(submission, undefined, reviewToast(submission.error))
  }
  try {
    createReview(user, { practitionerId: practitioner.id, ...submission.value })
  } catch (error) {
    return refused(submission, error, msg('common:toast.error'), { fallback: REVIEW_FAILED })
  }
  // Back to the profile without `?review`: the dialog closes and the new review leads the list.
  return redirectWithToast(pagePath, {
    type: 'success',
    title: msg('marketplace:review.submittedToast.title'),
    description: msg('marketplace:review.submittedToast.description'),
  })
}

/** The missing rating is named first, then the missing text, each with its own title. */
function reviewToast(errors: Record<string, string[] | null> | null | undefined): ToastData | null {
  const rating = errors?.rating?.[0]
  if (rating) return { type: 'error', title: msg('marketplace:review.ratingRequiredTitle'), description: rating }
  const content = errors?.content?.[0]
  if (content) {
    return {
      type: 'error',
      title: content === CONTENT_REQUIRED ? msg('marketplace:review.contentRequiredTitle') : msg('common:toast.error'),
      description: content,
    }
  }
  return null
}

export default function PractitionerProfilePage() {
  const { practitioner, services, offers, viewer, canWriteReview, reviewBlocker, reviews } =
    useLoaderData<typeof loader>()
  const { t } = useTranslation('marketplace')
  const actionData = useActionData<typeof action>()
  const [searchParams] = useSearchParams()
  const pagePath = profilePath(practitioner.id)
  const fullName = `${practitioner.firstName} ${practitioner.lastName}`
  // Why this client cannot review yet (a message of the review model), in the page's language.
  const blocker = reviewBlocker ? shownMessage(t, reviewBlocker) : null
  const resultFor = (intent: string) => (actionData?.result.initialValue?.intent === intent ? actionData.result : null)

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <Link to="/practitioners" className="text-sm font-medium text-primary hover:underline">
        ← {t('profile.allPractitioners')}
      </Link>

      <div className="mt-6 grid items-start gap-8 lg:grid-cols-[1fr_24rem]">
        <PractitionerSummary practitioner={practitioner} />

        <MessageCard
          viewer={viewer}
          sent={searchParams.has('sent')}
          practitionerFirstName={practitioner.firstName}
          pagePath={pagePath}
          loginTo={`/login?${new URLSearchParams({ redirect: pagePath })}`}
          lastResult={resultFor(MESSAGE_INTENT)}
        />
      </div>

      <section aria-labelledby="services-heading" className="mt-14">
        <h2 id="services-heading" className="text-2xl font-bold tracking-tight">
          {t('profile.servicesOffered')}
        </h2>
        {services.length ? (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('profile.servicesLabel')}>
            {services.map((service) => (
              <li key={service.id} className="flex [&>*]:w-full">
                <ServiceCard service={service} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-muted-foreground">{t('profile.noServices')}</p>
        )}
      </section>

      <PackageOffers offers={offers} returnTo={profilePath(practitioner.id)} />

      <section aria-labelledby="reviews-heading" className="mt-14">
        <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
          <h2 id="reviews-heading" className="text-2xl font-bold tracking-tight">
            {t('profile.clientReviews')}
          </h2>
          {canWriteReview && blocker ? (
            <p role="note" className="max-w-sm text-sm text-muted-foreground">
              {blocker}
            </p>
          ) : canWriteReview ? (
            <ButtonLink to={`${pagePath}?${REVIEW_PARAM}=1`} preventScrollReset variant="outline">
              {t('review.write')}
            </ButtonLink>
          ) : null}
        </div>
        <ReviewList reviews={reviews} />
      </section>

      <section className="mt-16 rounded-lg bg-secondary px-6 py-12 text-center">
        <h2 className="text-2xl font-bold tracking-tight">{t('profile.ctaTitle')}</h2>
        <p className="mx-auto mt-2 max-w-xl text-muted-foreground">
          {t('profile.ctaText', { firstName: practitioner.firstName })}
        </p>
        <ButtonLink to="/services" size="lg" className="mt-6">
          {t('booking.browseServices')}
        </ButtonLink>
      </section>

      {canWriteReview && searchParams.has(REVIEW_PARAM) ? (
        <ReviewDialog
          open
          pagePath={pagePath}
          practitionerName={fullName}
          blocker={blocker}
          lastResult={resultFor(REVIEW_INTENT)}
        />
      ) : null}
      <Toaster toast={actionData?.toast} />
    </div>
  )
}

export function ErrorBoundary() {
  const { t } = useTranslation('marketplace')
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <NotFound
            title={shownMessage(t, PRACTITIONER_NOT_FOUND)}
            hint={t('profile.notFoundHint')}
            back={{ to: '/practitioners', label: t('profile.backToPractitioners') }}
          />
        ),
      }}
    />
  )
}
