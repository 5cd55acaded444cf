import { parseWithZod } from '@conform-to/zod/v4'
import { useState } from 'react'
import { Toaster, type ToastData } from '~/components/toaster'
import { refusalToast, type FieldToast } from '~/lib/form-toasts'
import type { z } from 'zod'

type SubmitHandler = (event: React.FormEvent<HTMLFormElement>) => void

/**
 * The spec's toast for a form the browser refuses to send. Without JavaScript the action
 * answers that toast (`refusalToast` over the same `toasts`); with it, conform stops the
 * submission before the server sees it, so the form shows the toast itself. `onSubmit` runs
 * conform's own handler (`getFormProps(form).onSubmit`) first: a prevented event is then
 * conform's refusal. A submission that goes ahead clears the toast, so it never sits over the
 * answer's own.
 */
export function useRefusalToast(schema: z.ZodType, toasts: readonly FieldToast[], conformSubmit: SubmitHandler) {
  const [toast, setToast] = useState<ToastData | null>(null)
  const onSubmit: SubmitHandler = (event) => {
    conformSubmit(event)
    if (!event.defaultPrevented) return setToast(null)
    const submission = parseWithZod(new FormData(event.currentTarget), { schema })
    // A new object each time, so the same refusal twice shows its toast again.
    setToast(submission.status === 'success' ? null : refusalToast(submission.error, toasts))
  }
  return { onSubmit, toaster: toast ? <Toaster toast={toast} /> : null }
}
