import { useTranslation } from 'react-i18next'
import { useFormats } from '~/components/i18n/use-formats'
import { Badge } from '~/components/ui/badge'
import type { Namespace } from '~/lib/i18n/languages'
import { namespacesOf } from '~/lib/i18n/message'
import { credentialsLine, FALLBACK_SPECIALTY, type PractitionerProfile } from '~/models/marketplace/practitioner'
import { shownMessage } from './i18n'
import { PLACEHOLDER_AVATAR } from './placeholders'
import { useSpecialtyName } from './specialty-name'
import { Stars, useReviewCountLabel } from './stars'

/**
 * The top of a practitioner's public profile: photo, name, title, the trust line of their
 * professional details, stars, bio and specialties, in the page's language (the details, bio and
 * any specialty they typed themselves as written).
 */
export function PractitionerSummary({ practitioner }: { practitioner: Omit<PractitionerProfile, 'reviews'> }) {
  const parts = credentialsLine(practitioner)
  // The profession may be another area's message (its name in the catalogue): its namespace too.
  const { t } = useTranslation(['marketplace', ...(namespacesOf(parts) as Namespace[])])
  const formats = useFormats()
  const reviewCountLabel = useReviewCountLabel()
  const specialtyName = useSpecialtyName()
  const fullName = `${practitioner.firstName} ${practitioner.lastName}`
  const specialties = practitioner.specialties.length ? practitioner.specialties : [FALLBACK_SPECIALTY]
  const credentials = parts.map((part) => shownMessage(t, part)).join(' · ')
  return (
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
              <span className="font-medium">{formats.number(practitioner.rating, 1)}</span>
              <span className="text-muted-foreground">{reviewCountLabel(practitioner.reviewCount)}</span>
            </p>
          ) : null}
        </div>
      </div>
      {practitioner.bio ? <p className="mt-6 leading-relaxed whitespace-pre-line">{practitioner.bio}</p> : null}
      <h2 className="mt-6 text-sm font-semibold">{t('marketplace:practitioner.specialties')}</h2>
      <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('marketplace:practitioner.specialties')}>
        {specialties.map((specialty) => (
          <li key={specialty}>
            <Badge tone="secondary" className="normal-case">
              {specialtyName(specialty)}
            </Badge>
          </li>
        ))}
      </ul>
    </section>
  )
}
