import { useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { VALIDATION_TIMING } from './use-public-schema-form'
import type { z } from 'zod'

/**
 * A conform form driven by one zod schema, the same one the action and the /api twin use,
 * validated in the browser from the first keystroke. Forms on public pages use
 * `usePublicSchemaForm` instead, which keeps zod out of the page's first load.
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
