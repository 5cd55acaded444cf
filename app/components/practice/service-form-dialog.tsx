import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Trans, useTranslation } from 'react-i18next'
import { ImagePicker } from '~/components/account/image-picker'
import { FormErrors, SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { CheckboxField, Field, SelectField, TextareaField } from '~/components/forms'
import { useCategoryName } from '~/components/marketplace/category-name'
import { MeetingPlaceFields } from '~/components/practice/meeting-place-fields'
import { buttonClass } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import { UrlDialog } from '~/components/ui/url-dialog'
import { useSchemaForm } from '~/components/use-schema-form'
import { SERVICE_CATEGORIES, TAX_KINDS } from '~/db/enums'
import { LANGUAGE_NAMES, LANGUAGES } from '~/lib/i18n/languages'
import { DEFAULT_DURATION_MINUTES, ServiceFormSchema, type OwnService } from '~/models/practice/service-form'
import { CREATE_SERVICE_INTENT, SERVICES_PATH, UPDATE_SERVICE_INTENT } from './service-links'

/**
 * The add and edit dialogs of My Services. They open from the URL (`?new=1`, `?edit=<id>`)
 * and post back to that same URL, so a refused save renders the dialog open again, with its
 * errors, without JavaScript.
 */

type LastResult = SubmissionResult<string[]> | null

/** Each language by its own name, as the switch offers them (not translated: see LANGUAGE_NAMES). */
const LANGUAGE_OPTIONS = LANGUAGES.map((language) => [language, LANGUAGE_NAMES[language]] as const)

type FormFlags = { hasPaymentAccount: boolean; hasGstHstNumber: boolean; lastResult: LastResult }

/**
 * What the Tax field says under it. We do not decide anyone's obligation: the practitioner says
 * which tax applies, and only once they have a GST/HST number (the model refuses otherwise).
 */
function TaxHint({ hasGstHstNumber }: { hasGstHstNumber: boolean }) {
  const { t } = useTranslation('practice')
  if (hasGstHstNumber) return <>{t('serviceForm.taxHint')}</>
  return (
    <Trans
      t={t}
      i18nKey="serviceForm.taxHintNoNumber"
      components={{ a: <Link to="/practitioner/profile" className="font-medium text-primary underline" /> }}
    />
  )
}

export function AddServiceDialog({ open, ...flags }: FormFlags & { open: boolean }) {
  const { t } = useTranslation('practice')
  return (
    <UrlDialog open={open} closeTo={SERVICES_PATH} title={t('services.addNew')}>
      <ServiceForm service={null} {...flags} />
    </UrlDialog>
  )
}

export function EditServiceDialog({ service, ...flags }: FormFlags & { service: OwnService | null }) {
  const { t } = useTranslation('practice')
  return (
    <UrlDialog open={Boolean(service)} closeTo={SERVICES_PATH} title={t('services.editTitle')}>
      {service ? <ServiceForm key={service.id} service={service} {...flags} /> : null}
    </UrlDialog>
  )
}

/** Free services need no payment account; a paid one is refused until Payment Setup is done. */
function PaymentNotice() {
  const { t } = useTranslation('practice')
  return (
    <div role="note" className="rounded-md border border-accent/60 bg-accent-soft p-3 text-sm">
      <p className="font-semibold">{t('serviceForm.paymentNoticeTitle')}</p>
      <p className="mt-1">
        <Trans
          t={t}
          i18nKey="serviceForm.paymentNotice"
          components={{ a: <Link to="/practitioner/settings" className="font-medium text-primary underline" /> }}
        />
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
  const { t } = useTranslation('practice')
  const categoryName = useCategoryName()
  // The tax kinds' names are billing's, the same on receipts.
  const { t: billingT } = useTranslation('billing')
  const [form, fields] = useSchemaForm(ServiceFormSchema, {
    id: service ? `service-${service.id}` : 'service-new',
    lastResult,
    defaultValue: service
      ? {
          name: service.name,
          description: service.description,
          descriptionLanguage: service.descriptionLanguage,
          descriptionTranslation: service.descriptionTranslation ?? '',
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
      : {
          duration: String(DEFAULT_DURATION_MINUTES),
          isActive: true,
          isFreeIntro: false,
          taxKind: 'none',
          descriptionLanguage: 'en',
        },
  })
  const translation = fields.descriptionTranslation
  const translationHintId = `${translation.id}-hint`
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
        labelProps={{ children: t('serviceForm.name') }}
        inputProps={getInputProps(fields.name, { type: 'text' })}
        errors={fields.name.errors}
      />
      <TextareaField
        labelProps={{ children: t('serviceForm.description') }}
        textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }}
        errors={fields.description.errors}
      />
      {/* The description's language, and optionally the same text in the other one (decision 052). */}
      <SelectField
        labelProps={{ children: t('serviceForm.descriptionLanguage') }}
        selectProps={getSelectProps(fields.descriptionLanguage)}
        options={LANGUAGE_OPTIONS}
        errors={fields.descriptionLanguage.errors}
      />
      <div className="space-y-1.5">
        <TextareaField
          labelProps={{ children: t('serviceForm.descriptionTranslation') }}
          textareaProps={{
            ...getTextareaProps(translation),
            rows: 3,
            'aria-describedby': [translationHintId, translation.errors?.length ? `${translation.id}-error` : null]
              .filter(Boolean)
              .join(' '),
          }}
          errors={translation.errors}
        />
        <p id={translationHintId} className="text-xs text-muted-foreground">
          {t('serviceForm.descriptionTranslationHint')}
        </p>
      </div>
      <SelectField
        labelProps={{ children: t('serviceForm.category') }}
        selectProps={getSelectProps(fields.category)}
        options={SERVICE_CATEGORIES.map((category) => [category, categoryName(category)] as const)}
        placeholder={t('serviceForm.chooseCategory')}
        errors={fields.category.errors}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          labelProps={{ children: t('serviceForm.price') }}
          inputProps={{
            ...getInputProps(fields.price, { type: 'number' }),
            min: 0,
            step: '0.01',
            inputMode: 'decimal',
          }}
          hint={t('serviceForm.priceHint')}
          errors={fields.price.errors}
        />
        <Field
          labelProps={{ children: t('serviceForm.duration') }}
          inputProps={{ ...getInputProps(fields.duration, { type: 'number' }), min: 15, step: 5 }}
          errors={fields.duration.errors}
        />
      </div>
      <SelectField
        labelProps={{ children: t('serviceForm.tax') }}
        selectProps={getSelectProps(fields.taxKind)}
        options={TAX_KINDS.map((kind) => [kind, billingT(`taxes.${kind}`)] as const)}
        hint={<TaxHint hasGstHstNumber={hasGstHstNumber} />}
        errors={fields.taxKind.errors}
      />
      <TextareaField
        labelProps={{ children: t('serviceForm.details') }}
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
        label={t('serviceForm.image')}
        errors={fields.imageFile.errors}
      />
      <CheckboxField
        labelProps={{ children: t('serviceForm.active') }}
        inputProps={getInputProps(fields.isActive, { type: 'checkbox' })}
        errors={fields.isActive.errors}
      />
      <CheckboxField
        labelProps={{ children: t('serviceForm.freeIntro') }}
        inputProps={getInputProps(fields.isFreeIntro, { type: 'checkbox' })}
        errors={fields.isFreeIntro.errors}
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div data-dialog-actions className="flex justify-end gap-2">
        <Link to={SERVICES_PATH} replace preventScrollReset className={buttonClass({ variant: 'outline' })}>
          {t('serviceForm.cancel')}
        </Link>
        <SubmitButton pending={pending} pendingText={t('serviceForm.saving')}>
          {service ? t('serviceForm.save') : t('serviceForm.create')}
        </SubmitButton>
      </div>
    </Form>
  )
}
