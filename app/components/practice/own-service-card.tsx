import { useTranslation } from 'react-i18next'
import { useCategoryName } from '~/components/marketplace/category-name'
import { PriceBadge } from '~/components/marketplace/price-badge'
import { PLACEHOLDER_SERVICE_IMAGE } from '~/components/marketplace/service-card'
import { Badge } from '~/components/ui/badge'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { cn } from '~/lib/cn'
import { imageUrlFor } from '~/lib/images'
import type { OwnService } from '~/models/practice/service-form'

/**
 * One of the practitioner's own services on My Services, inactive ones included (dimmed).
 * Edit and Delete are links that open the page's dialogs through the URL.
 */
export function OwnServiceCard({ service }: { service: OwnService }) {
  const { t } = useTranslation('practice')
  const categoryName = useCategoryName()
  return (
    <Card
      className={cn(
        'flex w-full flex-col overflow-hidden',
        service.isFreeIntro && 'border-2 border-accent',
        !service.isActive && 'opacity-60',
      )}
      data-testid="own-service"
    >
      <img
        src={imageUrlFor(service.imageUrl, 640) ?? PLACEHOLDER_SERVICE_IMAGE}
        alt=""
        width={400}
        height={160}
        loading="lazy"
        className="h-36 w-full bg-muted object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="secondary" className="normal-case">
            {categoryName(service.category)}
          </Badge>
          <PriceBadge price={service.price} />
          {service.isFreeIntro ? <Badge tone="warning">{t('services.free')}</Badge> : null}
          {!service.isActive ? <Badge tone="outline">{t('services.inactive')}</Badge> : null}
        </div>
        <h2 className="text-lg leading-snug font-semibold">{service.name}</h2>
        <p className="line-clamp-3 text-sm text-muted-foreground">{service.description}</p>
        <p className="text-sm text-muted-foreground">{t('services.minutes', { minutes: service.duration })}</p>
        <div className="mt-auto flex gap-2 pt-2">
          <ButtonLink
            to={`?edit=${service.id}`}
            preventScrollReset
            size="sm"
            variant="outline"
            aria-label={t('services.editLabel', { name: service.name })}
          >
            {t('services.edit')}
          </ButtonLink>
          <ButtonLink
            to={`?delete=${service.id}`}
            preventScrollReset
            size="sm"
            variant="destructive"
            aria-label={t('services.deleteLabel', { name: service.name })}
          >
            {t('services.delete')}
          </ButtonLink>
        </div>
      </div>
    </Card>
  )
}
