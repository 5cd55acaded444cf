import { parseWithZod } from '@conform-to/zod/v4'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { GeneralErrorBoundary, NotFound } from '~/components/error-boundary'
import { IntakeFormEditor, SAVE_FORM_INTENT } from '~/components/intake/intake-form-editor'
import { BuilderTabs, IntakePreview } from '~/components/intake/intake-preview'
import { Toaster } from '~/components/toaster'
import { buttonClass } from '~/components/ui/button'
import { ConfirmDeleteDialog } from '~/components/ui/confirm-delete-dialog'
import { Link } from '~/components/ui/link'
import { AppError } from '~/lib/errors'
import { readForm } from '~/lib/form-data.server'
import { invalid, refused, refuseWithRedirect, unknownForm } from '~/lib/forms.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { msg } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
import { idFromParam } from '~/lib/route-params'
import { redirectWithToast } from '~/lib/toast.server'
import { requirePractitioner } from '~/models/accounts/auth.server'
import {
  FORM_DELETED,
  FORM_NOT_FOUND,
  FORM_SAVED,
  INTAKE_FORMS_PATH,
  IntakeFormEditorSchema,
} from '~/models/intake/intake-form'
import {
  createForm,
  deleteForm,
  getOwnForm,
  newFormTitle,
  serviceChoices,
  updateForm,
} from '~/models/intake/intake-forms.server'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches, 'intake')
  return [{ title: data?.form ? t('titles.form', { title: data.form.title }) : t('titles.newForm') }]
}

const DELETE_FORM_INTENT = 'delete-form'

/** `new`, or one of the practitioner's own forms (anyone else's is the same 404 as none). */
function formIdOf(param: string | undefined) {
  if (param === 'new') return null
  const id = idFromParam(param)
  if (id === null) throw Response.json({ message: inRequestLanguage(FORM_NOT_FOUND) }, { status: 404 })
  return id
}

function ownFormOr404(practitionerId: number, id: number | null) {
  if (id === null) return null
  try {
    return getOwnForm(practitionerId, id)
  } catch (error) {
    if (error instanceof AppError) {
      throw Response.json({ message: inRequestLanguage(error.message) }, { status: error.status })
    }
    throw error
  }
}

/**
 * An intake form's builder (`/practitioner/intake-forms/new` for a new one): saving makes its next
 * version, `?delete=1` asks before removing it, `?preview=1` shows the saved version as the client
 * sees it (docs/decisions/041-intake-forms.md).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePractitioner(request)
  const id = formIdOf(params.id)
  const form = ownFormOr404(user.id, id)
  const here = `${INTAKE_FORMS_PATH}/${form ? form.id : 'new'}`
  const search = new URL(request.url).searchParams
  return {
    form,
    newTitle: form ? null : newFormTitle(user.id),
    services: serviceChoices(user.id, id),
    here,
    deleting: Boolean(form && search.has('delete')),
    previewing: Boolean(form && search.has('preview')),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePractitioner(request)
  const id = formIdOf(params.id)
  ownFormOr404(user.id, id)
  const formData = await readForm(request)
  if (formData.get('intent') === DELETE_FORM_INTENT && id !== null) {
    try {
      deleteForm(user.id, id)
    } catch (error) {
      return refuseWithRedirect(`${INTAKE_FORMS_PATH}/${id}`, error, msg('intake:toasts.couldNotRemove'))
    }
    return redirectWithToast(INTAKE_FORMS_PATH, {
      type: 'success',
      title: msg('intake:toasts.removed'),
      description: FORM_DELETED,
    })
  }
  if (formData.get('intent') !== SAVE_FORM_INTENT) throw unknownForm()
  // Adding, removing or moving a question (conform's list intents) comes back here without JavaScript.
  const submission = parseWithZod(formData, { schema: IntakeFormEditorSchema })
  if (submission.status !== 'success') return invalid(submission)
  try {
    const saved = id === null ? createForm(user.id, submission.value) : updateForm(user.id, id, submission.value)
    return redirectWithToast(`${INTAKE_FORMS_PATH}/${saved.id}`, {
      type: 'success',
      title: msg('intake:toasts.saved'),
      description: FORM_SAVED,
    })
  } catch (error) {
    return refused(submission, error, msg('intake:toasts.notSaved'))
  }
}

export default function IntakeFormPage() {
  const { form, newTitle, services, here, deleting, previewing } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation('intake')
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <Link to={INTAKE_FORMS_PATH} className="text-sm underline">
            {t('builder.all')}
          </Link>
          <h1 className="text-2xl font-bold tracking-tight">{form ? form.title : t('builder.newHeading')}</h1>
          {form ? (
            <p className="text-sm text-muted-foreground">{t('builder.version', { version: form.version })}</p>
          ) : null}
        </div>
        {form ? (
          <Link to={`${here}?delete=1`} className={buttonClass({ variant: 'outline', size: 'sm' }, 'text-destructive')}>
            {t('builder.removeForm')}
          </Link>
        ) : null}
      </div>
      {form ? <BuilderTabs here={here} previewing={previewing} /> : null}
      {form && previewing ? (
        <IntakePreview form={form} />
      ) : (
        <IntakeFormEditor
          form={form}
          newTitle={newTitle}
          services={services}
          lastResult={actionData?.result ?? null}
          action={here}
        />
      )}
      <ConfirmDeleteDialog
        action={deleting ? here : undefined}
        closeTo={here}
        title={t('builder.confirmTitle')}
        description={t('builder.confirmDescription')}
        fields={{ intent: DELETE_FORM_INTENT }}
      />
      <Toaster toast={actionData?.toast} />
    </div>
  )
}

export function ErrorBoundary() {
  const { t } = useTranslation('intake')
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <NotFound
            title={t('errors.formNotFound')}
            hint={t('builder.notFoundHint')}
            back={{ to: INTAKE_FORMS_PATH, label: t('builder.all') }}
          />
        ),
      }}
    />
  )
}
