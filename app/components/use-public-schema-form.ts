import { useForm, type Submission, type SubmissionResult } from '@conform-to/react'
import { useEffect, useState } from 'react'
import type * as PublicForms from './public-form-schemas'
import type { getZodConstraint } from '@conform-to/zod/v4'
import type { z } from 'zod'

/**
 * When conform validates, for every form: on submit, then on every input (validating on blur
 * would insert messages while a click is under way and move what was being clicked).
 */
export const VALIDATION_TIMING = { shouldValidate: 'onSubmit', shouldRevalidate: 'onInput' } as const

type Validation = typeof PublicForms
type PublicFormName = PublicForms.PublicFormName
type Schemas = typeof PublicForms.publicFormSchemas
type Input<Name extends PublicFormName> = z.input<Schemas[Name]>
type Output<Name extends PublicFormName> = z.output<Schemas[Name]>

/** A form's HTML constraints (required, maxlength...), made from its schema by the loader. */
export type FormConstraint = ReturnType<typeof getZodConstraint>

/** What a person doing any of these starts: the form's validation loads while they type. */
const FIRST_USE = ['focusin', 'pointerdown', 'keydown', 'input'] as const

let validation: Validation | undefined
let loading: Promise<Validation> | undefined
/** Loads the schemas once; after a failure (offline, say) the next form's first use tries again. */
const loadValidation = () =>
  (loading ??= import('./public-form-schemas').then(
    (module) => (validation = module),
    (error: unknown) => {
      loading = undefined
      throw error
    },
  ))

/**
 * A conform form on a public page (docs/decisions/029). It is `useSchemaForm` without zod in
 * the page's first load: the HTML constraints come from the loader (`publicFormConstraint`),
 * and the schema and zod (about 30 KB) load on the form's first use. Until they have arrived,
 * a submission is validated by the server as it is without JavaScript, with the same schema
 * and the same messages.
 */
export function usePublicSchemaForm<Name extends PublicFormName>(
  name: Name,
  options: {
    id: string
    constraint: FormConstraint
    lastResult?: SubmissionResult<string[]> | null
    defaultValue?: Partial<Record<keyof Input<Name>, unknown>>
  },
) {
  const [loaded, setLoaded] = useState(() => validation)
  useEffect(() => {
    if (loaded) return
    const form = document.getElementById(options.id)
    if (!form) return
    let active = true
    const start = () => {
      for (const type of FIRST_USE) form.removeEventListener(type, start)
      // If the code cannot be fetched, the server goes on validating each submission.
      loadValidation().then(
        (module) => active && setLoaded(module),
        () => {},
      )
    }
    for (const type of FIRST_USE) form.addEventListener(type, start, { passive: true })
    return () => {
      active = false
      for (const type of FIRST_USE) form.removeEventListener(type, start)
    }
  }, [loaded, options.id])

  return useForm<Input<Name>, Output<Name>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    constraint: options.constraint,
    ...VALIDATION_TIMING,
    onValidate: loaded
      ? ({ formData }) =>
          loaded.parseWithZod(formData, { schema: loaded.publicFormSchemas[name] }) as Submission<
            Input<Name>,
            string[],
            Output<Name>
          >
      : undefined,
  })
}
