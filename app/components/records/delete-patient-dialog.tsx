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
  return (
    <ConfirmDeleteDialog
      action={patient ? withParam(closeTo, 'delete', patient.id) : undefined}
      closeTo={closeTo}
      title="Delete Patient Profile"
      description={
        patient ? (
          <>
            <p>Are you sure you want to delete {patient.name}&apos;s profile? This will also delete all their notes.</p>
            <p className="mt-2">Their documents and the stored files are deleted too. This action cannot be undone.</p>
          </>
        ) : null
      }
      fields={{ intent: DELETE_PATIENT_INTENT, patientId: patient?.id ?? '' }}
    />
  )
}
