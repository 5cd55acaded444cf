import { parseWithZod } from '@conform-to/zod/v4'
import { useActionData, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary, NotFound } from '~/components/error-boundary'
import { IntakeFormEditor, SAVE_FORM_INTENT } from '~/components/intake/intake-form-editor'
import { BuilderTabs, IntakePreview } from '~/components/intake/intake-preview'
import { Toaster } from '~/components/toaster'
import { buttonClass } from '~/components/ui/button'
import { ConfirmDeleteDialog } from '~/components/ui/confirm-delete-dialog'
import { Link } from '~/components/ui/link'
import { AppError } from '~/lib/errors'
import { readForm } from '~/lib/form-data.server'
import { invalid, refused, refuseWithRedirect } from '~/lib/forms.server'
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

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.form ? `${data.form.title} — Intake Forms — Solace` : 'New intake form — Solace' },
]

const DELETE_FORM_INTENT = 'delete-form'

/** `new`, or one of the practitioner's own forms (anyone else's is the same 404 as none). */
function formIdOf(param: string | undefined) {
  if (param === 'new') return null
  const id = idFromParam(param)
  if (id === null) throw Response.json({ message: FORM_NOT_FOUND }, { status: 404 })
  return id
}

function ownFormOr404(practitionerId: number, id: number | null) {
  if (id === null) return null
  try {
    return getOwnForm(practitionerId, id)
  } catch (error) {
    if (error instanceof AppError) throw Response.json({ message: error.message }, { status: error.status })
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
      return refuseWithRedirect(`${INTAKE_FORMS_PATH}/${id}`, error, 'Could not remove the form')
    }
    return redirectWithToast(INTAKE_FORMS_PATH, { type: 'success', title: 'Form removed', description: FORM_DELETED })
  }
  if (formData.get('intent') !== SAVE_FORM_INTENT) throw new Response('Unknown form', { status: 400 })
  // Adding, removing or moving a question (conform's list intents) comes back here without JavaScript.
  const submission = parseWithZod(formData, { schema: IntakeFormEditorSchema })
  if (submission.status !== 'success') return invalid(submission)
  try {
    const saved = id === null ? createForm(user.id, submission.value) : updateForm(user.id, id, submission.value)
    return redirectWithToast(`${INTAKE_FORMS_PATH}/${saved.id}`, {
      type: 'success',
      title: 'Form saved',
      description: FORM_SAVED,
    })
  } catch (error) {
    return refused(submission, error, 'Form not saved')
  }
}

export default function IntakeFormPage() {
  const { form, newTitle, services, here, deleting, previewing } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <Link to={INTAKE_FORMS_PATH} className="text-sm underline">
            All intake forms
          </Link>
          <h1 className="text-2xl font-bold tracking-tight">{form ? form.title : 'New intake form'}</h1>
          {form ? (
            <p className="text-sm text-muted-foreground">{`Version ${form.version}. Answers given keep their version.`}</p>
          ) : null}
        </div>
        {form ? (
          <Link to={`${here}?delete=1`} className={buttonClass({ variant: 'outline', size: 'sm' }, 'text-destructive')}>
            Remove Form
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
        title="Remove this intake form?"
        description="No new booking will ask it. Answers already given stay in your charts."
        fields={{ intent: DELETE_FORM_INTENT }}
      />
      <Toaster toast={actionData?.toast} />
    </div>
  )
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <NotFound
            title={FORM_NOT_FOUND}
            hint="This form does not exist or is not yours."
            back={{ to: INTAKE_FORMS_PATH, label: 'All intake forms' }}
          />
        ),
      }}
    />
  )
}
