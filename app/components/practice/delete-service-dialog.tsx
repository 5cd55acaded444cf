import { useTranslation } from 'react-i18next'
import { ConfirmDeleteDialog } from '~/components/ui/confirm-delete-dialog'
import type { OwnService } from '~/models/practice/service-form'
import { DELETE_SERVICE_INTENT, SERVICES_PATH } from './service-links'

/** The confirmation before a service is deleted; open while the URL has `?delete=<id>`. */
export function DeleteServiceDialog({ service }: { service: OwnService | null }) {
  const { t } = useTranslation('practice')
  return (
    <ConfirmDeleteDialog
      action={service ? `${SERVICES_PATH}?delete=${service.id}` : undefined}
      closeTo={SERVICES_PATH}
      title={t('services.deleteTitle')}
      description={
        <>
          <p>{t('services.deleteQuestion')}</p>
          {service ? <p className="mt-1 font-medium text-foreground">{service.name}</p> : null}
        </>
      }
      fields={{ intent: DELETE_SERVICE_INTENT, serviceId: service?.id ?? '' }}
    />
  )
}
