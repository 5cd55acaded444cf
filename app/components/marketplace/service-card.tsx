import { Badge } from '~/components/ui/badge'
import { buttonClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { imageUrlFor } from '~/lib/images'
import type { ServiceCardData } from '~/models/marketplace/service'
import { PriceBadge } from './price-badge'
import { RatingSummary } from './stars'

export const PLACEHOLDER_SERVICE_IMAGE = '/images/placeholder-service.svg'
export const PLACEHOLDER_AVATAR = '/images/placeholder-avatar.svg'

/**
 * A service card: links to the details page and to the booking page. `firstOnScreen` is for the
 * card at the top of a listing: its picture is the largest thing a phone shows first, so it is
 * fetched with the page instead of lazily, once layout has found it visible.
 */
export function ServiceCard({ service, firstOnScreen = false }: { service: ServiceCardData; firstOnScreen?: boolean }) {
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
            {service.category}
          </Badge>
          <PriceBadge price={service.price} />
        </div>
        <h3 className="text-lg leading-snug font-semibold">
          <Link to={`/service-details/${service.id}`} className="hover:underline">
            {service.name}
          </Link>
        </h3>
        <p className="line-clamp-3 text-sm text-muted-foreground">{service.description}</p>
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
          <span className="text-muted-foreground">{`· ${service.duration} min`}</span>
        </div>
        <RatingSummary rating={service.rating} reviewCount={service.reviewCount} />
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Link to={`/services/${service.id}`} className={buttonClass({ size: 'sm' })}>
            Book Now
          </Link>
          <Link to={`/service-details/${service.id}`} className={buttonClass({ size: 'sm', variant: 'outline' })}>
            See Service Details
          </Link>
        </div>
      </div>
    </Card>
  )
}
