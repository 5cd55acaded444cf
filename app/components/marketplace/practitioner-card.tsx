import { useTranslation } from 'react-i18next'
import { Badge } from '~/components/ui/badge'
import { Card } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { imageUrlFor } from '~/lib/images'
import { FALLBACK_SPECIALTY, type PractitionerCardData } from '~/models/marketplace/practitioner'
import { PLACEHOLDER_AVATAR } from './placeholders'
import { useSpecialtyName } from './specialty-name'
import { Stars, useReviewCountLabel } from './stars'

/** The practitioner card: photo, name, title, bio, specialties, stars and review count. */
export function PractitionerCard({ practitioner }: { practitioner: PractitionerCardData }) {
  const { t } = useTranslation('marketplace')
  const reviewCountLabel = useReviewCountLabel()
  const specialtyName = useSpecialtyName()
  const specialties = practitioner.specialties.length ? practitioner.specialties : [FALLBACK_SPECIALTY]
  return (
    <Card className="flex flex-col p-5">
      <div className="flex items-center gap-4">
        <img
          src={imageUrlFor(practitioner.profileImageUrl, 320) ?? PLACEHOLDER_AVATAR}
          alt=""
          width={64}
          height={64}
          loading="lazy"
          className="size-16 rounded-full bg-muted object-cover"
        />
        <div className="min-w-0">
          <h3 className="truncate text-lg font-semibold">
            <Link to={`/practitioners/${practitioner.id}`} className="hover:underline">
              {`${practitioner.firstName} ${practitioner.lastName}`}
            </Link>
          </h3>
          {practitioner.title ? <p className="truncate text-sm text-muted-foreground">{practitioner.title}</p> : null}
          {/* Five empty stars would read as a bad rating: a practitioner without reviews shows none. */}
          {practitioner.reviewCount > 0 ? (
            <div className="mt-1 flex items-center gap-1.5 text-sm">
              <Stars rating={practitioner.rating} />
              <span className="text-muted-foreground">{reviewCountLabel(practitioner.reviewCount)}</span>
            </div>
          ) : null}
        </div>
      </div>
      {practitioner.bio ? <p className="mt-4 line-clamp-3 text-sm text-muted-foreground">{practitioner.bio}</p> : null}
      <ul className="mt-4 flex flex-wrap gap-1.5" aria-label={t('practitioner.specialties')}>
        {specialties.slice(0, 4).map((s) => (
          <li key={s}>
            <Badge tone="outline" className="normal-case">
              {specialtyName(s)}
            </Badge>
          </li>
        ))}
      </ul>
      <Link
        to={`/practitioners/${practitioner.id}`}
        className="mt-auto pt-4 text-sm font-medium text-primary hover:underline"
      >
        {t('practitioner.viewProfile')}
      </Link>
    </Card>
  )
}
