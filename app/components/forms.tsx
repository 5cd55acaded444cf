import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '~/lib/cn'
import type { Namespace } from '~/lib/i18n/languages'
import { namespacesOf, translateMessage } from '~/lib/i18n/message'
import { Input, Label, Select, Textarea } from './ui/input'
import type { TFunction } from 'i18next'

export type ListOfErrors = (string | null | undefined)[] | null | undefined

/** The messages under a field or a form; announced by screen readers through aria-describedby. */
export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const shown = errors?.filter((e): e is string => Boolean(e)) ?? []
  // Messages are catalogue keys until shown (app/lib/i18n/message.ts): their namespaces first.
  // A message can come from another area than the page's (a refusal while typing): its
  // catalogue is then fetched and the list shows once it is there, without suspending the input.
  const { t, ready } = useTranslation(namespacesOf(shown) as Namespace[], { useSuspense: false })
  if (!shown.length || !ready) return null
  return (
    <ul id={id} className="space-y-1">
      {shown.map((e) => (
        <li key={e} className="text-sm text-destructive">
          {translateMessage(t as TFunction, e)}
        </li>
      ))}
    </ul>
  )
}

type FieldProps = {
  labelProps: React.LabelHTMLAttributes<HTMLLabelElement> & { children: React.ReactNode }
  errors?: ListOfErrors
  hint?: React.ReactNode
  className?: string
}

function useFieldIds(id: string | undefined, errors: ListOfErrors) {
  const fallback = useId()
  const inputId = id ?? fallback
  const errorId = errors?.length ? `${inputId}-error` : undefined
  return { inputId, errorId }
}

export function Field({
  labelProps,
  inputProps,
  errors,
  hint,
  className,
}: FieldProps & { inputProps: React.InputHTMLAttributes<HTMLInputElement> }) {
  const { inputId, errorId } = useFieldIds(inputProps.id, errors)
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={inputId} {...labelProps} />
      <Input id={inputId} aria-invalid={errorId ? true : undefined} aria-describedby={errorId} {...inputProps} />
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

export function TextareaField({
  labelProps,
  textareaProps,
  errors,
  className,
}: FieldProps & { textareaProps: React.TextareaHTMLAttributes<HTMLTextAreaElement> }) {
  const { inputId, errorId } = useFieldIds(textareaProps.id, errors)
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={inputId} {...labelProps} />
      <Textarea id={inputId} aria-invalid={errorId ? true : undefined} aria-describedby={errorId} {...textareaProps} />
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

export function SelectField({
  labelProps,
  selectProps,
  options,
  placeholder,
  errors,
  hint,
  className,
}: FieldProps & {
  selectProps: React.SelectHTMLAttributes<HTMLSelectElement>
  options: readonly (readonly [value: string, label: string])[]
  placeholder?: string
}) {
  const { inputId, errorId } = useFieldIds(selectProps.id, errors)
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={inputId} {...labelProps} />
      <Select id={inputId} aria-invalid={errorId ? true : undefined} aria-describedby={errorId} {...selectProps}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </Select>
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

export function CheckboxField({
  labelProps,
  inputProps,
  errors,
  className,
}: FieldProps & { inputProps: React.InputHTMLAttributes<HTMLInputElement> }) {
  const { inputId, errorId } = useFieldIds(inputProps.id, errors)
  return (
    <div className={cn('space-y-1', className)}>
      <div className="flex items-start gap-2">
        <input
          type="checkbox"
          id={inputId}
          className="mt-0.5 size-4 rounded border-input accent-primary"
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          {...inputProps}
        />
        <Label htmlFor={inputId} className="font-normal" {...labelProps} />
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

/**
 * A field people never see or fill. Bots that fill every input give themselves away; the
 * server refuses any submission where it has a value (see honeypot.server.ts).
 */
export function Honeypot() {
  const { t } = useTranslation()
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        {t('forms.honeypot')}
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  )
}
