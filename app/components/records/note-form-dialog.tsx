import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormErrors, SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { CheckboxField, Field, SelectField, TextareaField } from '~/components/forms'
import { buttonClass } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import { UrlDialog } from '~/components/ui/url-dialog'
import { useSchemaForm } from '~/components/use-schema-form'
import { CREATE_NOTE_INTENT, UPDATE_NOTE_INTENT, withParam } from '~/models/records/chart-links'
import { NOTE_TYPE_LABELS, PatientNoteSchema, type PatientNote } from '~/models/records/patient'
import { useSay } from './use-say'

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
  const { t } = useTranslation('records')
  return (
    <UrlDialog open={open} closeTo={closeTo} title={note ? t('noteForm.editTitle') : t('noteForm.addTitle')}>
      {open ? (
        <NoteForm key={note?.id ?? 'new'} patientId={patientId} note={note} closeTo={closeTo} lastResult={lastResult} />
      ) : null}
    </UrlDialog>
  )
}

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
  const { t } = useTranslation('records')
  const say = useSay()
  const categories = Object.entries(NOTE_TYPE_LABELS).map(([value, label]) => [value, say(label)] as [string, string])
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
        labelProps={{ children: t('fields.title') }}
        inputProps={getInputProps(fields.title, { type: 'text' })}
        errors={fields.title.errors}
      />
      <TextareaField
        labelProps={{ children: t('fields.content') }}
        textareaProps={{ ...getTextareaProps(fields.content), rows: 6 }}
        errors={fields.content.errors}
      />
      <SelectField
        labelProps={{ children: t('noteForm.category') }}
        selectProps={getSelectProps(fields.noteType)}
        options={categories}
        errors={fields.noteType.errors}
      />
      <CheckboxField
        labelProps={{ children: t('noteForm.private') }}
        inputProps={getInputProps(fields.isPrivate, { type: 'checkbox' })}
        errors={fields.isPrivate.errors}
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div data-dialog-actions className="flex justify-end gap-2">
        <Link to={closeTo} replace preventScrollReset className={buttonClass({ variant: 'outline' })}>
          {t('noteForm.cancel')}
        </Link>
        <SubmitButton pending={pending} pendingText={t('noteForm.saving')}>
          {note ? t('noteForm.save') : t('noteForm.add')}
        </SubmitButton>
      </div>
    </Form>
  )
}
