import { useTranslation } from 'react-i18next'
import { useLanguage } from '~/components/i18n/use-formats'
import { Badge } from '~/components/ui/badge'
import { buttonClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { imageUrlFor } from '~/lib/images'
import { descriptionFor } from '~/models/marketplace/description'
import type { ServiceCardData } from '~/models/marketplace/service'
import { useCategoryName } from './category-name'
import { PLACEHOLDER_AVATAR, PLACEHOLDER_SERVICE_IMAGE } from './placeholders'
import { PriceBadge } from './price-badge'
import { RatingSummary } from './stars'

// Other areas import the placeholders from here.
export { PLACEHOLDER_AVATAR, PLACEHOLDER_SERVICE_IMAGE }

/**
 * A service card: links to the details page and to the booking page. `firstOnScreen` is for the
 * card at the top of a listing: its picture is the largest thing a phone shows first, so it is
 * fetched with the page instead of lazily, once layout has found it visible.
 */
export function ServiceCard({ service, firstOnScreen = false }: { service: ServiceCardData; firstOnScreen?: boolean }) {
  const { t } = useTranslation('marketplace')
  const language = useLanguage()
  const categoryName = useCategoryName()
  return (
    <Card className="flex flex-col overflow-hidden">
      <img
        src={imageUrlFor(service.imageUrl, 640) ?? PLACEHOLDER_SERVICE_IMAGE}
        alt=""
        width={400}
        height={200}
        loading={firstOnScreen ? 'eager' : 'lazy'}
        className="h-40 w-full bg-muted object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-2">
          <Badge tone="secondary" className="normal-case">
            {categoryName(service.category)}
          </Badge>
          <PriceBadge price={service.price} />
        </div>
        <h3 className="text-lg leading-snug font-semibold">
          <Link to={`/service-details/${service.id}`} className="hover:underline">
            {service.name}
          </Link>
        </h3>
        <p className="line-clamp-3 text-sm text-muted-foreground">{descriptionFor(service, language)}</p>
        <div className="flex items-center gap-2 text-sm">
          <img
            src={imageUrlFor(service.practitioner.profileImageUrl, 96) ?? PLACEHOLDER_AVATAR}
            alt=""
            width={24}
            height={24}
            loading="lazy"
            className="size-6 rounded-full object-cover"
          />
          {/* One text node each: split text costs a marker between the parts, on every card. */}
          <span>{`${service.practitioner.firstName} ${service.practitioner.lastName}`}</span>
          <span className="text-muted-foreground">{`· ${t('service.minutesShort', { count: service.duration })}`}</span>
        </div>
        <RatingSummary rating={service.rating} reviewCount={service.reviewCount} />
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Link to={`/services/${service.id}`} className={buttonClass({ size: 'sm' })}>
            {t('service.bookNow')}
          </Link>
          <Link to={`/service-details/${service.id}`} className={buttonClass({ size: 'sm', variant: 'outline' })}>
            {t('service.seeDetails')}
          </Link>
        </div>
      </div>
    </Card>
  )
}
