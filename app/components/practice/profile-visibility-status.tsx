import { Link } from '~/components/ui/link'

/**
 * Whether clients can find the profile: a link to the public page once it is complete,
 * otherwise the parts still missing (photo, title and bio; docs/decisions/004-the-listing-rule.md).
 */
export function ProfileVisibilityStatus({ id, missing }: { id: number; missing: string[] }) {
  if (!missing.length) {
    return (
      <div role="status" className="rounded-lg border border-success/30 bg-success-soft p-4 text-sm">
        <p className="font-semibold">Your profile is visible to clients</p>
        <Link to={`/practitioners/${id}`} className="mt-1 inline-block font-medium text-primary hover:underline">
          View your public profile
        </Link>
      </div>
    )
  }
  return (
    <div role="alert" className="rounded-lg border border-accent/60 bg-accent-soft p-4 text-sm">
      <p className="font-semibold">Your profile is not visible to clients yet</p>
      <p className="mt-1">Add your {missing.join(', ')} to appear in the marketplace.</p>
    </div>
  )
}
