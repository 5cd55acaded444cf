import { parseWithZod } from '@conform-to/zod/v4'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { GeneralErrorBoundary, NotFound } from '~/components/error-boundary'
import { MessageCard, type MessageCardViewer } from '~/components/marketplace/message-card'
import { PackageOffers } from '~/components/marketplace/package-offers'
import { MESSAGE_INTENT, REVIEW_INTENT } from '~/components/marketplace/profile-intents'
import { REVIEW_PARAM, ReviewDialog } from '~/components/marketplace/review-dialog'
import { ReviewList } from '~/components/marketplace/review-list'
import { PLACEHOLDER_AVATAR, ServiceCard } from '~/components/marketplace/service-card'
import { reviewCountLabel, Stars } from '~/components/marketplace/stars'
import { Toaster, type ToastData } from '~/components/toaster'
import { Badge } from '~/components/ui/badge'
import { ButtonLink } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import { readForm } from '~/lib/form-data.server'
import { invalid, refused } from '~/lib/forms.server'
import { idFromParam } from '~/lib/route-params'
import { viewerTimeZone } from '~/lib/time-zone.server'
import { redirectWithToast } from '~/lib/toast.server'
import { getUser, loginPath } from '~/models/accounts/auth.server'
import {
  credentialsLine,
  FALLBACK_SPECIALTY,
  PRACTITIONER_NOT_FOUND,
  type PractitionerCardData,
} from '~/models/marketplace/practitioner'
import { datedReviews, getPractitionerProfile } from '~/models/marketplace/practitioner.server'
import { REVIEW_FAILED, ReviewFormSchema } from '~/models/marketplace/review'
import { createReview, reviewBlocker } from '~/models/marketplace/review.server'
import { listPractitionerServices } from '~/models/marketplace/service.server'
import { QuestionSchema, SEND_MESSAGE_FAILED, TRY_AGAIN_LATER } from '~/models/messaging/message'
import { canMessage, sendMessage } from '~/models/messaging/message.server'
import { offerCards } from '~/models/packages/packages.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `${data.practitioner.firstName} ${data.practitioner.lastName} — Solace`
      : 'Practitioner not found — Solace',
  },
  ...(data ? [{ name: 'description', content: practitionerDescription(data.practitioner) }] : []),
]

type DescribedPractitioner = Pick<PractitionerCardData, 'firstName' | 'lastName' | 'title' | 'bio'>

/** The profile's bio, or (for a practitioner who has not written one yet) who they are. */
function practitionerDescription({ firstName, lastName, title, bio }: DescribedPractitioner) {
  if (bio?.trim()) return bio.trim()
  return `Book a one-on-one video session with ${firstName} ${lastName}${title ? `, ${title}` : ''}, on Solace.`
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
    reviews: datedReviews(practitioner.reviews, viewerTimeZone(request, user)),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const practitioner = findPractitioner(params.id)
  const pagePath = profilePath(practitioner.id)
  const formData = await readForm(request)
  const intent = formData.get('intent')
  if (intent !== MESSAGE_INTENT && intent !== REVIEW_INTENT) throw new Response('Unknown form', { status: 400 })
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
      title: 'Message sent!',
      description: 'Your question has been sent to the practitioner. They will respond in their inbox.',
    })
  }

  const submission = parseWithZod(formData, { schema: ReviewFormSchema })
  if (submission.status !== 'success') {
    return invalid(submission, undefined, reviewToast(submission.error))
  }
  try {
    createReview(user, { practitionerId: practitioner.id, ...submission.value })
  } catch (error) {
    return refused(submission, error, 'Error', { fallback: REVIEW_FAILED })
  }
  // Back to the profile without `?review`: the dialog closes and the new review leads the list.
  return redirectWithToast(pagePath, {
    type: 'success',
    title: 'Review Submitted',
    description: 'Your review has been posted successfully!',
  })
}

/** The missing rating is named first, then the missing text, each with its own title. */
function reviewToast(errors: Record<string, string[] | null> | null | undefined): ToastData | null {
  const rating = errors?.rating?.[0]
  if (rating) return { type: 'error', title: 'Rating Required', description: rating }
  const content = errors?.content?.[0]
  if (content) {
    return {
      type: 'error',
      title: content === 'Please write a review.' ? 'Review Required' : 'Error',
      description: content,
    }
  }
  return null
}

export default function PractitionerProfilePage() {
  const { practitioner, services, offers, viewer, canWriteReview, reviewBlocker, reviews } =
    useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const [searchParams] = useSearchParams()
  const pagePath = profilePath(practitioner.id)
  const fullName = `${practitioner.firstName} ${practitioner.lastName}`
  const specialties = practitioner.specialties.length ? practitioner.specialties : [FALLBACK_SPECIALTY]
  const credentials = credentialsLine(practitioner)
  const resultFor = (intent: string) => (actionData?.result.initialValue?.intent === intent ? actionData.result : null)

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <Link to="/practitioners" className="text-sm font-medium text-primary hover:underline">
        ← All practitioners
      </Link>

      <div className="mt-6 grid items-start gap-8 lg:grid-cols-[1fr_24rem]">
        <section
          aria-labelledby="practitioner-name"
          className="rounded-lg border border-border bg-card p-6 shadow-sm sm:p-8"
        >
          <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
            <img
              src={practitioner.profileImageUrl ?? PLACEHOLDER_AVATAR}
              alt={fullName}
              width={128}
              height={128}
              className="size-32 shrink-0 rounded-full bg-muted object-cover"
            />
            <div className="min-w-0">
              <h1 id="practitioner-name" className="text-3xl font-bold tracking-tight">
                {fullName}
              </h1>
              {practitioner.title ? <p className="mt-1 text-muted-foreground">{practitioner.title}</p> : null}
              {credentials ? (
                <p className="mt-1 text-sm text-muted-foreground" data-testid="practitioner-credentials">
                  {credentials}
                </p>
              ) : null}
              {practitioner.reviewCount > 0 ? (
                <p className="mt-3 flex flex-wrap items-center gap-2 text-sm">
                  <Stars rating={practitioner.rating} className="text-xl" />
                  <span className="font-medium">{practitioner.rating.toFixed(1)}</span>
                  <span className="text-muted-foreground">{reviewCountLabel(practitioner.reviewCount)}</span>
                </p>
              ) : null}
            </div>
          </div>
          {practitioner.bio ? <p className="mt-6 leading-relaxed whitespace-pre-line">{practitioner.bio}</p> : null}
          <h2 className="mt-6 text-sm font-semibold">Specialties</h2>
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Specialties">
            {specialties.map((specialty) => (
              <li key={specialty}>
                <Badge tone="secondary" className="normal-case">
                  {specialty}
                </Badge>
              </li>
            ))}
          </ul>
        </section>

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
          Services Offered
        </h2>
        {services.length ? (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Services">
            {services.map((service) => (
              <li key={service.id} className="flex [&>*]:w-full">
                <ServiceCard service={service} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-muted-foreground">No services available from this practitioner at the moment.</p>
        )}
      </section>

      <PackageOffers offers={offers} returnTo={profilePath(practitioner.id)} />

      <section aria-labelledby="reviews-heading" className="mt-14">
        <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
          <h2 id="reviews-heading" className="text-2xl font-bold tracking-tight">
            Client Reviews
          </h2>
          {canWriteReview && reviewBlocker ? (
            <p role="note" className="max-w-sm text-sm text-muted-foreground">
              {reviewBlocker}
            </p>
          ) : canWriteReview ? (
            <ButtonLink to={`${pagePath}?${REVIEW_PARAM}=1`} preventScrollReset variant="outline">
              Write a Review
            </ButtonLink>
          ) : null}
        </div>
        <ReviewList reviews={reviews} />
      </section>

      <section className="mt-16 rounded-lg bg-secondary px-6 py-12 text-center">
        <h2 className="text-2xl font-bold tracking-tight">Ready to start your wellness journey?</h2>
        <p className="mx-auto mt-2 max-w-xl text-muted-foreground">
          Explore sessions from {practitioner.firstName} and our other certified practitioners.
        </p>
        <ButtonLink to="/services" size="lg" className="mt-6">
          Browse Services
        </ButtonLink>
      </section>

      <ReviewDialog
        open={canWriteReview && searchParams.has(REVIEW_PARAM)}
        pagePath={pagePath}
        practitionerName={fullName}
        blocker={reviewBlocker}
        lastResult={resultFor(REVIEW_INTENT)}
      />
      <Toaster toast={actionData?.toast} />
    </div>
  )
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <NotFound
            title={PRACTITIONER_NOT_FOUND}
            hint="This practitioner does not exist or is no longer listed."
            back={{ to: '/practitioners', label: 'Back to Practitioners' }}
          />
        ),
      }}
    />
  )
}
