import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { ImagePicker } from '~/components/account/image-picker'
import { FormErrors, SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { CheckboxField, Field, SelectField, TextareaField } from '~/components/forms'
import { PriceBadge } from '~/components/marketplace/price-badge'
import { PLACEHOLDER_SERVICE_IMAGE } from '~/components/marketplace/service-card'
import { Toaster } from '~/components/toaster'
import { Badge } from '~/components/ui/badge'
import { buttonClass, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { UrlDialog } from '~/components/ui/url-dialog'
import { useSchemaForm } from '~/components/use-schema-form'
import { SERVICE_CATEGORIES } from '~/db/enums'
import { cn } from '~/lib/cn'
import { AppError, isAppError } from '~/lib/errors'
import { readFormData } from '~/lib/form-data.server'
import { invalid, refused, refuseWithRedirect, type FormActionData } from '~/lib/forms.server'
import { imageUrlFor } from '~/lib/images'
import { idFromParam } from '~/lib/route-params'
import { redirectWithToast } from '~/lib/toast.server'
import { requirePractitioner } from '~/models/accounts/auth.server'
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE } from '~/models/images/image'
import {
  createService,
  deleteService,
  getOwnService,
  listOwnServices,
  updateService,
} from '~/models/practice/services.server'
import { DEFAULT_DURATION_MINUTES, ServiceFormSchema, type OwnService } from '~/models/practice/service-form'
import { SERVICE_NOT_FOUND } from '~/models/marketplace/service'

export const meta: MetaFunction = () => [{ title: 'My Services — Solace' }]

const PAGE = '/practitioner/services'
const CREATE_INTENT = 'create-service'
const UPDATE_INTENT = 'update-service'
const DELETE_INTENT = 'delete-service'
/** Never echoed back in a reply: a File cannot travel in JSON, and the browser keeps none. */
const HIDDEN_FIELDS = ['imageFile']
const CATEGORY_OPTIONS = SERVICE_CATEGORIES.map((c) => [c, c] as const)

/**
 * My Services. The dialogs are URL state (`?new=1`, `?edit=<id>`, `?delete=<id>`), so the
 * server renders them open and everything works without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePractitioner(request)
  const params = new URL(request.url).searchParams
  const editId = idFromParam(params.get('edit') ?? undefined)
  const deleteId = idFromParam(params.get('delete') ?? undefined)
  return {
    services: listOwnServices(user.id),
    hasPaymentAccount: user.hasPaymentAccount,
    creating: params.has('new'),
    editing: editId === null ? null : getOwnService(user.id, editId),
    deleting: deleteId === null ? null : getOwnService(user.id, deleteId),
  }
}

const saveFailed = (creating: boolean) => (creating ? 'Failed to create service' : 'Failed to update service')

function serviceIdFrom(formData: FormData) {
  const id = idFromParam(String(formData.get('serviceId') ?? ''))
  if (id === null) throw new AppError(SERVICE_NOT_FOUND, 404)
  return id
}

async function saveAction(formData: FormData, user: Awaited<ReturnType<typeof requirePractitioner>>, intent: string) {
  const creating = intent === CREATE_INTENT
  const submission = parseWithZod(formData, { schema: ServiceFormSchema })
  if (submission.status !== 'success') return invalid(submission, HIDDEN_FIELDS)
  try {
    const { imageFile, ...input } = submission.value
    if (creating) await createService(user, input, imageFile)
    else await updateService(user, serviceIdFrom(formData), input, imageFile)
    return redirectWithToast(PAGE, { type: 'success', title: creating ? 'Service created' : 'Service updated' })
  } catch (error) {
    return refused(submission, error, saveFailed(creating), { hideFields: HIDDEN_FIELDS })
  }
}

async function deleteAction(formData: FormData, user: { id: number }) {
  try {
    await deleteService(user, serviceIdFrom(formData))
    return redirectWithToast(PAGE, { type: 'success', title: 'Service deleted' })
  } catch (error) {
    // The confirmation closes either way; the toast says why nothing was deleted.
    return refuseWithRedirect(PAGE, error, 'Failed to delete service')
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePractitioner(request)
  let formData: FormData
  try {
    formData = await readFormData(request, {
      maxFileBytes: IMAGE_MAX_BYTES,
      tooLargeMessage: IMAGE_TOO_LARGE,
      field: 'imageFile',
    })
  } catch (error) {
    // The upload was cut off at the size limit, so no field arrived; the dialog's URL says
    // which form it was, and an edit form falls back to the saved values.
    const editing = new URL(request.url).searchParams.has('edit')
    return refused({ initialValue: { intent: editing ? UPDATE_INTENT : CREATE_INTENT } }, error, saveFailed(!editing))
  }
  const intent = String(formData.get('intent') ?? '')
  switch (intent) {
    case CREATE_INTENT:
    case UPDATE_INTENT:
      return saveAction(formData, user, intent)
    case DELETE_INTENT:
      return deleteAction(formData, user)
    default:
      throw new Response('Unknown form', { status: 400 })
  }
}

function ServiceCardItem({ service }: { service: OwnService }) {
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
            {service.category}
          </Badge>
          <PriceBadge price={service.price} />
          {service.isFreeIntro ? <Badge tone="warning">Free</Badge> : null}
          {!service.isActive ? <Badge tone="outline">Inactive</Badge> : null}
        </div>
        <h2 className="text-lg leading-snug font-semibold">{service.name}</h2>
        <p className="line-clamp-3 text-sm text-muted-foreground">{service.description}</p>
        <p className="text-sm text-muted-foreground">{service.duration} min</p>
        <div className="mt-auto flex gap-2 pt-2">
          <ButtonLink
            to={`?edit=${service.id}`}
            preventScrollReset
            size="sm"
            variant="outline"
            aria-label={`Edit ${service.name}`}
          >
            Edit
          </ButtonLink>
          <ButtonLink
            to={`?delete=${service.id}`}
            preventScrollReset
            size="sm"
            variant="destructive"
            aria-label={`Delete ${service.name}`}
          >
            Delete
          </ButtonLink>
        </div>
      </div>
    </Card>
  )
}

function PaymentNotice() {
  return (
    <div role="note" className="rounded-md border border-accent/60 bg-accent-soft p-3 text-sm">
      <p className="font-semibold">Paid services need a payment account</p>
      <p className="mt-1">
        You can offer free services (price 0) now. To charge for a service, finish Payment Setup in{' '}
        <Link to="/practitioner/settings" className="font-medium text-primary underline">
          Settings
        </Link>{' '}
        first.
      </p>
    </div>
  )
}

function ServiceForm({
  service,
  hasPaymentAccount,
  lastResult,
}: {
  service: OwnService | null
  hasPaymentAccount: boolean
  lastResult: SubmissionResult<string[]> | null
}) {
  const intent = service ? UPDATE_INTENT : CREATE_INTENT
  const actionUrl = service ? `${PAGE}?edit=${service.id}` : `${PAGE}?new=1`
  const pending = useIsSubmitting(actionUrl)
  const [form, fields] = useSchemaForm(ServiceFormSchema, {
    id: service ? `service-${service.id}` : 'service-new',
    lastResult,
    defaultValue: service
      ? {
          name: service.name,
          description: service.description,
          category: service.category,
          price: String(service.price),
          duration: String(service.duration),
          details: service.details.join('\n'),
          meetingLink: service.meetingLink ?? '',
          isActive: service.isActive,
          isFreeIntro: service.isFreeIntro,
        }
      : { duration: String(DEFAULT_DURATION_MINUTES), isActive: true, isFreeIntro: false },
  })
  return (
    <Form
      method="post"
      action={actionUrl}
      encType="multipart/form-data"
      preventScrollReset
      className="max-h-[70vh] space-y-4 overflow-y-auto pr-1"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value={intent} />
      {service ? <input type="hidden" name="serviceId" value={service.id} /> : null}
      {hasPaymentAccount ? null : <PaymentNotice />}
      <Field
        labelProps={{ children: 'Service name' }}
        inputProps={getInputProps(fields.name, { type: 'text' })}
        errors={fields.name.errors}
      />
      <TextareaField
        labelProps={{ children: 'Description' }}
        textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }}
        errors={fields.description.errors}
      />
      <SelectField
        labelProps={{ children: 'Category' }}
        selectProps={getSelectProps(fields.category)}
        options={CATEGORY_OPTIONS}
        placeholder="Select a category"
        errors={fields.category.errors}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          labelProps={{ children: 'Price (CAD)' }}
          inputProps={{
            ...getInputProps(fields.price, { type: 'number' }),
            min: 0,
            step: '0.01',
            inputMode: 'decimal',
          }}
          hint="0 makes it free."
          errors={fields.price.errors}
        />
        <Field
          labelProps={{ children: 'Duration (minutes)' }}
          inputProps={{ ...getInputProps(fields.duration, { type: 'number' }), min: 15, step: 5 }}
          errors={fields.duration.errors}
        />
      </div>
      <TextareaField
        labelProps={{ children: 'Details (one per line)' }}
        textareaProps={{ ...getTextareaProps(fields.details), rows: 3 }}
        errors={fields.details.errors}
      />
      <Field
        labelProps={{ children: 'Meeting link' }}
        inputProps={{ ...getInputProps(fields.meetingLink, { type: 'url' }), placeholder: 'https://' }}
        errors={fields.meetingLink.errors}
      />
      <ImagePicker
        name={fields.imageFile.name}
        removeName={fields.removeImage.name}
        currentUrl={service?.imageUrl ?? null}
        label="Service image"
        errors={fields.imageFile.errors}
      />
      <CheckboxField
        labelProps={{ children: 'Active (clients can see and book it)' }}
        inputProps={getInputProps(fields.isActive, { type: 'checkbox' })}
        errors={fields.isActive.errors}
      />
      <CheckboxField
        labelProps={{ children: 'Free introductory session' }}
        inputProps={getInputProps(fields.isFreeIntro, { type: 'checkbox' })}
        errors={fields.isFreeIntro.errors}
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="flex justify-end gap-2">
        <Link to={PAGE} replace preventScrollReset className={buttonClass({ variant: 'outline' })}>
          Cancel
        </Link>
        <SubmitButton pending={pending} pendingText="Saving...">
          {service ? 'Save Changes' : 'Create Service'}
        </SubmitButton>
      </div>
    </Form>
  )
}

function DeleteDialog({ service }: { service: OwnService | null }) {
  const pending = useIsSubmitting(service ? `${PAGE}?delete=${service.id}` : undefined)
  return (
    <UrlDialog
      open={Boolean(service)}
      closeTo={PAGE}
      title="Delete Service"
      description={
        <>
          <p>Are you sure you want to delete this service?</p>
          {service ? <p className="mt-1 font-medium text-foreground">{service.name}</p> : null}
        </>
      }
    >
      {service ? (
        <Form method="post" action={`${PAGE}?delete=${service.id}`} className="flex justify-end gap-2">
          <input type="hidden" name="intent" value={DELETE_INTENT} />
          <input type="hidden" name="serviceId" value={service.id} />
          <Link to={PAGE} replace preventScrollReset className={buttonClass({ variant: 'outline' })}>
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

export default function PractitionerServicesPage() {
  const { services, hasPaymentAccount, creating, editing, deleting } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const resultFor = (intent: string) => (actionData?.result.initialValue?.intent === intent ? actionData.result : null)
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">My Services</h1>
          <p className="text-muted-foreground">The sessions you offer to clients.</p>
        </div>
        <ButtonLink to="?new=1" preventScrollReset>
          Add New Service
        </ButtonLink>
      </div>
      {services.length ? (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Your services">
          {services.map((service) => (
            <li key={service.id} className="flex">
              <ServiceCardItem service={service} />
            </li>
          ))}
        </ul>
      ) : (
        <Card className="p-10 text-center">
          <h2 className="text-lg font-semibold">No services yet</h2>
          <p className="mt-1 text-sm text-muted-foreground">Get started by creating your first service.</p>
          <ButtonLink to="?new=1" preventScrollReset className="mt-4">
            Add Service
          </ButtonLink>
        </Card>
      )}
      <UrlDialog open={creating} closeTo={PAGE} title="Add New Service">
        <ServiceForm service={null} hasPaymentAccount={hasPaymentAccount} lastResult={resultFor(CREATE_INTENT)} />
      </UrlDialog>
      <UrlDialog open={Boolean(editing)} closeTo={PAGE} title="Edit Service">
        {editing ? (
          <ServiceForm
            key={editing.id}
            service={editing}
            hasPaymentAccount={hasPaymentAccount}
            lastResult={resultFor(UPDATE_INTENT)}
          />
        ) : null}
      </UrlDialog>
      <DeleteDialog service={deleting} />
      <Toaster toast={actionData?.toast} />
    </div>
  )
}
