import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { FormErrors, SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { CheckboxField, Field, SelectField, TextareaField } from '~/components/forms'
import { buttonClass } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import { UrlDialog } from '~/components/ui/url-dialog'
import { useSchemaForm } from '~/components/use-schema-form'
import { CREATE_NOTE_INTENT, UPDATE_NOTE_INTENT, withParam } from '~/models/records/chart-links'
import { NOTE_TYPE_LABELS, PatientNoteSchema, type PatientNote } from '~/models/records/patient'

/** Add Note (`&newNote=1`) and edit (`&editNote=<id>`): title, content, category and private. */
export function NoteFormDialog({
  open,
  patientId,
  note,
  closeTo,
  lastResult,
}: {
  open: boolean
  patientId: number
  note: PatientNote | null
  closeTo: string
  lastResult: SubmissionResult<string[]> | null
}) {
  return (
    <UrlDialog open={open} closeTo={closeTo} title={note ? 'Edit Note' : 'Add Note'}>
      {open ? (
        <NoteForm key={note?.id ?? 'new'} patientId={patientId} note={note} closeTo={closeTo} lastResult={lastResult} />
      ) : null}
    </UrlDialog>
  )
}

const CATEGORY_OPTIONS = Object.entries(NOTE_TYPE_LABELS) as [string, string][]

function NoteForm({
  patientId,
  note,
  closeTo,
  lastResult,
}: {
  patientId: number
  note: PatientNote | null
  closeTo: string
  lastResult: SubmissionResult<string[]> | null
}) {
  const actionUrl = note ? withParam(closeTo, 'editNote', note.id) : withParam(closeTo, 'newNote', 1)
  const pending = useIsSubmitting(actionUrl)
  // The fields' rules without the defaults the schema adds afterwards (conform reads no transforms).
  const [form, fields] = useSchemaForm(PatientNoteSchema.in, {
    id: note ? `note-${note.id}` : 'note-new',
    lastResult,
    defaultValue: note
      ? { title: note.title, content: note.content, noteType: note.noteType, isPrivate: note.isPrivate }
      : { noteType: 'general', isPrivate: false },
  })
  return (
    <Form method="post" action={actionUrl} preventScrollReset className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={note ? UPDATE_NOTE_INTENT : CREATE_NOTE_INTENT} />
      <input type="hidden" name="patientId" value={patientId} />
      {note ? <input type="hidden" name="noteId" value={note.id} /> : null}
      <Field
        labelProps={{ children: 'Title' }}
        inputProps={getInputProps(fields.title, { type: 'text' })}
        errors={fields.title.errors}
      />
      <TextareaField
        labelProps={{ children: 'Content' }}
        textareaProps={{ ...getTextareaProps(fields.content), rows: 6 }}
        errors={fields.content.errors}
      />
      <SelectField
        labelProps={{ children: 'Category' }}
        selectProps={getSelectProps(fields.noteType)}
        options={CATEGORY_OPTIONS}
        errors={fields.noteType.errors}
      />
      <CheckboxField
        labelProps={{ children: 'Private note (only you can see it; never shared)' }}
        inputProps={getInputProps(fields.isPrivate, { type: 'checkbox' })}
        errors={fields.isPrivate.errors}
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div data-dialog-actions className="flex justify-end gap-2">
        <Link to={closeTo} replace preventScrollReset className={buttonClass({ variant: 'outline' })}>
          Cancel
        </Link>
        <SubmitButton pending={pending} pendingText="Saving...">
          {note ? 'Save Changes' : 'Add Note'}
        </SubmitButton>
      </div>
    </Form>
  )
}
