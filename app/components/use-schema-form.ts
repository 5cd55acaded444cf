import { useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'

/**
 * When conform validates, for every form: on submit, then on every input (validating on blur
 * would insert messages while a click is under way and move what was being clicked).
 */
const VALIDATION_TIMING = { shouldValidate: 'onSubmit', shouldRevalidate: 'onInput' } as const

/**
 * A conform form driven by one zod schema, the same one the action and the /api twin use,
 * validated in the browser from the first keystroke. A public page keeps such a form, and
 * zod, out of its first load by rendering it with `lazyComponent(..., { hydrate:
 * 'on-first-use' })` (docs/decisions/030).
 */
export function useSchemaForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  options: {
    id: string
    lastResult?: SubmissionResult<string[]> | null
    defaultValue?: Partial<Record<keyof z.input<Schema>, unknown>>
  },
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    constraint: getZodConstraint(schema),
    ...VALIDATION_TIMING,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
}
