import { ButtonLink } from '~/components/ui/button'
import { CheckIcon } from './check-icon'

/** Shown in place of both lead forms once a lead is stored (`?joined=1`). */
export function LeadThankYou() {
  return (
    <div role="status" className="py-6 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-success-soft text-success">
        <CheckIcon className="size-7" />
      </span>
      <h2 className="mt-4 text-2xl font-semibold tracking-tight">Thank you!</h2>
      <p className="mt-2 text-muted-foreground">We&apos;ll notify you as soon as we launch!</p>
      <p className="mt-4 text-sm text-muted-foreground">
        Your spot is reserved. Keep an eye on your inbox for early-access details from our team.
      </p>
      <ButtonLink to="/" variant="outline" className="mt-6">
        Back to Solace
      </ButtonLink>
    </div>
  )
}
