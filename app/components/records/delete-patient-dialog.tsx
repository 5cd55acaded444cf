import { Form, Link } from '@remix-run/react'
import { SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { buttonClass } from '~/components/ui/button'
import { UrlDialog } from '~/components/ui/url-dialog'
import { DELETE_PATIENT_INTENT, withParam } from './chart-links'

/** The confirmation before a patient is deleted with their notes; open while the URL has `delete=<id>`. */
export function DeletePatientDialog({
  patient,
  closeTo,
}: {
  patient: { id: number; name: string } | null
  closeTo: string
}) {
  const actionUrl = patient ? withParam(closeTo, 'delete', patient.id) : undefined
  const pending = useIsSubmitting(actionUrl)
  return (
    <UrlDialog
      open={Boolean(patient)}
      closeTo={closeTo}
      title="Delete Patient Profile"
      description={
        patient ? (
          <p>Are you sure you want to delete {patient.name}&apos;s profile? This will also delete all their notes.</p>
        ) : null
      }
    >
      {patient ? (
        <Form method="post" action={actionUrl} className="flex justify-end gap-2">
          <input type="hidden" name="intent" value={DELETE_PATIENT_INTENT} />
          <input type="hidden" name="patientId" value={patient.id} />
          <Link to={closeTo} replace preventScrollReset className={buttonClass({ variant: 'outline' })}>
            Cancel
          </Link>
          <SubmitButton variant="destructive" pending={pending} pendingText="Deleting...">
            Delete
          </SubmitButton>
        </Form>
      ) : null}
    </UrlDialog>
  )
}
