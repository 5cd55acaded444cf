import { parseWithZod } from '@conform-to/zod/v4'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { DeleteServiceDialog } from '~/components/practice/delete-service-dialog'
import { OwnServiceGrid } from '~/components/practice/own-service-grid'
import { PACKAGES_PATH } from '~/components/practice/package-links'
import { AddServiceDialog, EditServiceDialog } from '~/components/practice/service-form-dialog'
import {
  CREATE_SERVICE_INTENT,
  DELETE_SERVICE_INTENT,
  SERVICES_PATH,
  UPDATE_SERVICE_INTENT,
} from '~/components/practice/service-links'
import { Toaster } from '~/components/toaster'
import { ButtonLink } from '~/components/ui/button'
import { AppError } from '~/lib/errors'
import { readForm } from '~/lib/form-data.server'
import { invalid, refused, refuseWithRedirect, unknownForm } from '~/lib/forms.server'
import { msg } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
import { idFromParam } from '~/lib/route-params'
import { redirectWithToast } from '~/lib/toast.server'
import { requirePractitioner } from '~/models/accounts/auth.server'
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE } from '~/models/images/image'
import { SERVICE_NOT_FOUND } from '~/models/marketplace/service'
import { hasGstHstNumber } from '~/models/practice/professional-details.server'
import { ServiceFormSchema } from '~/models/practice/service-form'
import {
  createService,
  deleteService,
  getOwnService,
  listOwnServices,
  updateService,
} from '~/models/practice/services.server'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'practice')('titles.services') }]

/** Never echoed back in a reply: a File cannot travel in JSON, and the browser keeps none. */
const HIDDEN_FIELDS = ['imageFile']

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
    // Without one the Tax field says to add it to the profile first.
    hasGstHstNumber: hasGstHstNumber(user.id),
    creating: params.has('new'),
    editing: editId === null ? null : getOwnService(user.id, editId),
    deleting: deleteId === null ? null : getOwnService(user.id, deleteId),
  }
}

const saveFailed = (creating: boolean) =>
  creating ? msg('practice:services.toasts.createFailed') : msg('practice:services.toasts.updateFailed')

function serviceIdFrom(formData: FormData) {
  const id = idFromParam(String(formData.get('serviceId') ?? ''))
  if (id === null) throw new AppError(SERVICE_NOT_FOUND, 404)
  return id
}

async function saveAction(formData: FormData, user: Awaited<ReturnType<typeof requirePractitioner>>, intent: string) {
  const creating = intent === CREATE_SERVICE_INTENT
  const submission = parseWithZod(formData, { schema: ServiceFormSchema })
  if (submission.status !== 'success') return invalid(submission, HIDDEN_FIELDS)
  try {
    const { imageFile, ...input } = submission.value
    if (creating) await createService(user, input, imageFile)
    else await updateService(user, serviceIdFrom(formData), input, imageFile)
    return redirectWithToast(SERVICES_PATH, {
      type: 'success',
      title: creating ? msg('practice:services.toasts.created') : msg('practice:services.toasts.updated'),
    })
  } catch (error) {
    return refused(submission, error, saveFailed(creating), { hideFields: HIDDEN_FIELDS })
  }
}

async function deleteAction(formData: FormData, user: { id: number }) {
  try {
    await deleteService(user, serviceIdFrom(formData))
    return redirectWithToast(SERVICES_PATH, { type: 'success', title: msg('practice:services.toasts.deleted') })
  } catch (error) {
    // The confirmation closes either way; the toast says why nothing was deleted.
    return refuseWithRedirect(SERVICES_PATH, error, msg('practice:services.toasts.deleteFailed'))
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePractitioner(request)
  let formData: FormData
  try {
    formData = await readForm(request, {
      upload: { maxBytes: IMAGE_MAX_BYTES, tooLargeMessage: IMAGE_TOO_LARGE, field: 'imageFile' },
    })
  } catch (error) {
    // The upload was cut off at the size limit, so no field arrived; the dialog's URL says
    // which form it was, and an edit form falls back to the saved values.
    const editing = new URL(request.url).searchParams.has('edit')
    return refused(
      { initialValue: { intent: editing ? UPDATE_SERVICE_INTENT : CREATE_SERVICE_INTENT } },
      error,
      saveFailed(!editing),
    )
  }
  const intent = String(formData.get('intent') ?? '')
  switch (intent) {
    case CREATE_SERVICE_INTENT:
    case UPDATE_SERVICE_INTENT:
      return saveAction(formData, user, intent)
    case DELETE_SERVICE_INTENT:
      return deleteAction(formData, user)
    default:
      throw unknownForm()
  }
}

export default function PractitionerServicesPage() {
  const { services, hasPaymentAccount, hasGstHstNumber, creating, editing, deleting } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const resultFor = (intent: string) => (actionData?.result.initialValue?.intent === intent ? actionData.result : null)
  const { t } = useTranslation('practice')
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{t('services.title')}</h1>
          <p className="text-muted-foreground">{t('services.intro')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={PACKAGES_PATH} variant="outline">
            {t('services.packages')}
          </ButtonLink>
          <ButtonLink to="?new=1" preventScrollReset>
            {t('services.addNew')}
          </ButtonLink>
        </div>
      </div>
      <OwnServiceGrid services={services} />
      <AddServiceDialog
        open={creating}
        hasPaymentAccount={hasPaymentAccount}
        hasGstHstNumber={hasGstHstNumber}
        lastResult={resultFor(CREATE_SERVICE_INTENT)}
      />
      <EditServiceDialog
        service={editing}
        hasPaymentAccount={hasPaymentAccount}
        hasGstHstNumber={hasGstHstNumber}
        lastResult={resultFor(UPDATE_SERVICE_INTENT)}
      />
      <DeleteServiceDialog service={deleting} />
      <Toaster toast={actionData?.toast} />
    </div>
  )
}
