import { useTranslation } from 'react-i18next'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import type { OwnService } from '~/models/practice/service-form'
import { OwnServiceCard } from './own-service-card'

/** The practitioner's services as a grid of cards, or an invitation to add the first one. */
export function OwnServiceGrid({ services }: { services: OwnService[] }) {
  const { t } = useTranslation('practice')
  if (!services.length) {
    return (
      <Card className="p-10 text-center">
        <h2 className="text-lg font-semibold">{t('services.none')}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('services.noneText')}</p>
        <ButtonLink to="?new=1" preventScrollReset className="mt-4">
          {t('services.add')}
        </ButtonLink>
      </Card>
    )
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={t('services.yours')}>
      {services.map((service) => (
        <li key={service.id} className="flex">
          <OwnServiceCard service={service} />
        </li>
      ))}
    </ul>
  )
}
