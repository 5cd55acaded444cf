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

export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.'

/**
 * A rule refused a valid submission: its message goes on the field it names (or on the form)
 * and into an error toast titled as the spec says. An unexpected failure is logged and
 * answered with the spec's generic 'Error' toast, keeping what the person typed.
 */
export function refused(submission: Submission<unknown>, error: unknown, toastTitle: string, hideFields?: string[]) {
  if (error instanceof Response) throw error
  if (!isAppError(error)) {
    console.error(error)
    return data<FormActionData>(
      {
        result: submission.reply({ formErrors: [UNEXPECTED_ERROR], hideFields }),
        toast: { type: 'error', title: 'Error', description: UNEXPECTED_ERROR },
      },
      { status: 500 },
    )
  }
  const result = error.field
    ? submission.reply({ fieldErrors: { [error.field]: [error.message] }, hideFields })
    : submission.reply({ formErrors: [error.message], hideFields })
  return data<FormActionData>(
    { result, toast: { type: 'error', title: toastTitle, description: error.message } },
    { status: error.status },
  )
}
