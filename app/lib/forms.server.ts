import type { Submission } from '@conform-to/react'
import { data } from '@remix-run/node'
import type { ToastData } from '~/components/toaster'
import { isAppError } from './errors'

type Reply = ReturnType<Submission<unknown>['reply']>
export type FormActionData = { result: Reply; toast: ToastData | null }

/** A submission that failed validation: field errors back to the form, status 400. */
export function invalid(submission: Submission<unknown>, hideFields?: string[]) {
  return data<FormActionData>({ result: submission.reply({ hideFields }), toast: null }, { status: 400 })
}

/**
 * A rule refused a valid submission: its message goes on the field it names (or on the form)
 * and into an error toast titled as the spec says. Anything but an AppError is rethrown.
 */
export function refused(
  submission: Submission<unknown>,
  error: unknown,
  toastTitle: string,
  hideFields?: string[],
) {
  if (!isAppError(error)) throw error
  const result = error.field
    ? submission.reply({ fieldErrors: { [error.field]: [error.message] }, hideFields })
    : submission.reply({ formErrors: [error.message], hideFields })
  return data<FormActionData>(
    { result, toast: { type: 'error', title: toastTitle, description: error.message } },
    { status: error.status },
  )
}
