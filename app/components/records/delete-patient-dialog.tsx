import { useTranslation } from 'react-i18next'
import { ConfirmDeleteDialog } from '~/components/ui/confirm-delete-dialog'
import { DELETE_PATIENT_INTENT, withParam } from '~/models/records/chart-links'

/** The confirmation before a patient is deleted with their notes and documents; open while the URL has `delete=<id>`. */
export function DeletePatientDialog({
  patient,
  closeTo,
}: {
  patient: { id: number; name: string } | null
  closeTo: string
}) {
  const { t } = useTranslation('records')
  return (
    <ConfirmDeleteDialog
      action={patient ? withParam(closeTo, 'delete', patient.id) : undefined}
      closeTo={closeTo}
      title={t('deletePatient.title')}
      description={
        patient ? (
          <>
            <p>{t('deletePatient.confirm', { name: patient.name })}</p>
            <p className="mt-2">{t('deletePatient.documents')}</p>
          </>
        ) : null
      }
      fields={{ intent: DELETE_PATIENT_INTENT, patientId: patient?.id ?? '' }}
    />
  )
}
