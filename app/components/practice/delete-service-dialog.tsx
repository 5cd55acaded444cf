import { Form, Link } from '@remix-run/react'
import { SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { buttonClass } from '~/components/ui/button'
import { UrlDialog } from '~/components/ui/url-dialog'
import type { OwnService } from '~/models/practice/service-form'
import { DELETE_SERVICE_INTENT, SERVICES_PATH } from './service-links'

/** The confirmation before a service is deleted; open while the URL has `?delete=<id>`. */
export function DeleteServiceDialog({ service }: { service: OwnService | null }) {
  const pending = useIsSubmitting(service ? `${SERVICES_PATH}?delete=${service.id}` : undefined)
  return (
    <UrlDialog
      open={Boolean(service)}
      closeTo={SERVICES_PATH}
      title="Delete Service"
      description={
        <>
          <p>Are you sure you want to delete this service?</p>
          {service ? <p className="mt-1 font-medium text-foreground">{service.name}</p> : null}
        </>
      }
    >
      {service ? (
        <Form method="post" action={`${SERVICES_PATH}?delete=${service.id}`} className="flex justify-end gap-2">
          <input type="hidden" name="intent" value={DELETE_SERVICE_INTENT} />
          <input type="hidden" name="serviceId" value={service.id} />
          <Link to={SERVICES_PATH} replace preventScrollReset className={buttonClass({ variant: 'outline' })}>
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
