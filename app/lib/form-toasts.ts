/**
 * Where the spec gives a form's refusal a toast of its own ('Password Mismatch' over 'New
 * password and confirmation do not match'), the field's message is the toast's text and the
 * title is added to it. The action answers it without JavaScript; with it, the form shows the
 * same one when the browser refuses to send (components/use-refusal-toast.tsx).
 */

/** The toast for `field` refused with `message`. */
export type FieldToast = { field: string; message: string; title: string }

type FieldErrors = Record<string, string[] | null | undefined> | null | undefined

/** The error toast of the first of `toasts` (in the spec's order) whose refusal is among `errors`. */
export function refusalToast(errors: FieldErrors, toasts: readonly FieldToast[]) {
  const found = toasts.find(({ field, message }) => errors?.[field]?.includes(message))
  return found ? { type: 'error' as const, title: found.title, description: found.message } : null
}
