import { useTranslation } from 'react-i18next'
import { Link } from '~/components/ui/link'
import type { ProfilePart } from '~/models/practice/profile'

/**
 * Whether clients can find the profile: a link to the public page once it is complete,
 * otherwise the parts still missing (photo, title and bio; docs/decisions/004-the-listing-rule.md).
 */
export function ProfileVisibilityStatus({ id, missing }: { id: number; missing: ProfilePart[] }) {
  const { t } = useTranslation('practice')
  if (!missing.length) {
    return (
      <div role="status" className="rounded-lg border border-success/30 bg-success-soft p-4 text-sm">
        <p className="font-semibold">{t('profile.visible')}</p>
        <Link to={`/practitioners/${id}`} className="mt-1 inline-block font-medium text-primary hover:underline">
          {t('profile.viewPublic')}
        </Link>
      </div>
    )
  }
  return (
    <div role="alert" className="rounded-lg border border-accent/60 bg-accent-soft p-4 text-sm">
      <p className="font-semibold">{t('profile.notVisible')}</p>
      <p className="mt-1">
        {t('profile.addMissing', { missing: missing.map((part) => t(`profileParts.${part}`)).join(', ') })}
      </p>
    </div>
  )
}
