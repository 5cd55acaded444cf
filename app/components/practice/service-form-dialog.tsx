import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { ImagePicker } from '~/components/account/image-picker'
import { FormErrors, SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { CheckboxField, Field, SelectField, TextareaField } from '~/components/forms'
import { MeetingPlaceFields } from '~/components/practice/meeting-place-fields'
import { buttonClass } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import { UrlDialog } from '~/components/ui/url-dialog'
import { useSchemaForm } from '~/components/use-schema-form'
import { SERVICE_CATEGORIES } from '~/db/enums'
import { TAX_KINDS, TAX_NAMES } from '~/models/billing/tax'
import { DEFAULT_DURATION_MINUTES, ServiceFormSchema, type OwnService } from '~/models/practice/service-form'
import { CREATE_SERVICE_INTENT, SERVICES_PATH, UPDATE_SERVICE_INTENT } from './service-links'

/**
 * The add and edit dialogs of My Services. They open from the URL (`?new=1`, `?edit=<id>`)
 * and post back to that same URL, so a refused save renders the dialog open again, with its
 * errors, without JavaScript.
 */

type LastResult = SubmissionResult<string[]> | null

const CATEGORY_OPTIONS = SERVICE_CATEGORIES.map((c) => [c, c] as const)
const TAX_OPTIONS = TAX_KINDS.map((kind) => [kind, TAX_NAMES[kind]] as const)

type FormFlags = { hasPaymentAccount: boolean; hasGstHstNumber: boolean; lastResult: LastResult }

/**
 * What the Tax field says under it. We do not decide anyone's obligation: the practitioner says
 * which tax applies, and only once they have a GST/HST number (the model refuses otherwise).
 */
function TaxHint({ hasGstHstNumber }: { hasGstHstNumber: boolean }) {
  if (hasGstHstNumber) {
    return <>Only if you are registered for GST/HST. The tax is added to the price and goes to you to remit.</>
  }
  return (
    <>
      Only if you are registered for GST/HST: add your GST/HST number to{' '}
      <Link to="/practitioner/profile" className="font-medium text-primary underline">
        your profile
      </Link>{' '}
      first. The tax is added to the price and goes to you to remit.
    </>
  )
}

export function AddServiceDialog({ open, ...flags }: FormFlags & { open: boolean }) {
  return (
    <UrlDialog open={open} closeTo={SERVICES_PATH} title="Add New Service">
      <ServiceForm service={null} {...flags} />
    </UrlDialog>
  )
}

export function EditServiceDialog({ service, ...flags }: FormFlags & { service: OwnService | null }) {
  return (
    <UrlDialog open={Boolean(service)} closeTo={SERVICES_PATH} title="Edit Service">
      {service ? <ServiceForm key={service.id} service={service} {...flags} /> : null}
    </UrlDialog>
  )
}

/** Free services need no payment account; a paid one is refused until Payment Setup is done. */
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
  hasGstHstNumber,
  lastResult,
}: FormFlags & { service: OwnService | null }) {
  const intent = service ? UPDATE_SERVICE_INTENT : CREATE_SERVICE_INTENT
  const actionUrl = service ? `${SERVICES_PATH}?edit=${service.id}` : `${SERVICES_PATH}?new=1`
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
          useOwnMeetingLink: service.useOwnMeetingLink,
          isActive: service.isActive,
          isFreeIntro: service.isFreeIntro,
          taxKind: service.taxKind,
        }
      : { duration: String(DEFAULT_DURATION_MINUTES), isActive: true, isFreeIntro: false, taxKind: 'none' },
  })
  return (
    <Form
      method="post"
      action={actionUrl}
      encType="multipart/form-data"
      preventScrollReset
      className="space-y-4"
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
      <SelectField
        labelProps={{ children: 'Tax' }}
        selectProps={getSelectProps(fields.taxKind)}
        options={TAX_OPTIONS}
        hint={<TaxHint hasGstHstNumber={hasGstHstNumber} />}
        errors={fields.taxKind.errors}
      />
      <TextareaField
        labelProps={{ children: 'Details (one per line)' }}
        textareaProps={{ ...getTextareaProps(fields.details), rows: 3 }}
        errors={fields.details.errors}
      />
      <MeetingPlaceFields
        useOwnMeetingLink={fields.useOwnMeetingLink}
        meetingLink={fields.meetingLink}
        ownLinkChosen={service?.useOwnMeetingLink ?? false}
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
      <div data-dialog-actions className="flex justify-end gap-2">
        <Link to={SERVICES_PATH} replace preventScrollReset className={buttonClass({ variant: 'outline' })}>
          Cancel
        </Link>
        <SubmitButton pending={pending} pendingText="Saving...">
          {service ? 'Save Changes' : 'Create Service'}
        </SubmitButton>
      </div>
    </Form>
  )
}
