import { data } from '@remix-run/node'
import { log } from '~/lib/log.server'
import { AppError, isAppError, refusalHeaders } from './errors'
import { inRequestLanguage } from './i18n/i18n.server'
import { msg } from './i18n/message'
import { idFromParam } from './route-params'
import { redirectWithToast, type Toast } from './toast.server'
import type { Submission, SubmissionResult } from '@conform-to/react'

/**
 * The one way a screen's action says no (docs/decisions/012-one-way-to-refuse.md). Every
 * refused form answers `FormActionData`: conform's reply (field and form errors, what the
 * person typed) and an error toast, with the status the rule gave. Confirmations that leave
 * the page instead (a cancel or delete button) answer `refuseWithRedirect`.
 */
export type FormReply = SubmissionResult<string[]>
export type FormActionData = { result: FormReply; toast: Toast | null }

export const UNEXPECTED_ERROR = msg('common:forms.unexpectedError')

export const UNKNOWN_FORM = msg('common:errors.unknownForm')

/**
 * The 400 an action throws for a form it does not know (an `intent` no form of the page sends):
 * 'Unknown form', in the request's language, as the error page shows it.
 */
export function unknownForm() {
  return new Response(inRequestLanguage(UNKNOWN_FORM), { status: 400 })
}

/** How the error toast reads: a fixed title over the message, or a title and text made from it. */
export type ToastTitle = string | ((message: string) => Pick<Toast, 'title' | 'description'>)

type RefusalOptions = {
  /** Fields never echoed back (passwords). */
  hideFields?: string[]
  /** What an unexpected failure says instead of the generic message. */
  fallback?: string
  /**
   * An unexpected failure's toast keeps `toastTitle` instead of 'Error', where the spec gives
   * the form one failure title over the server's reason or the fallback ('Failed to send
   * message' / 'Please try again later.'). Only for a fixed title.
   */
  keepTitle?: boolean
  /**
   * False: the message is said on the form alone (by its field, or above the button), with no
   * toast repeating it: a code form, whose one field says what was wrong (issue 42).
   */
  toast?: boolean
}

/** A form that was never parsed (its upload was cut off): only its saved values to show again. */
export type UnparsedForm = { initialValue: Record<string, unknown> }

function answer(result: FormReply, toast: Toast | null, status: number, headers?: HeadersInit) {
  return data<FormActionData>({ result, toast }, { status, headers })
}

/**
 * The refusal an error stands for: a rule's AppError as it is; a thrown Response passes on
 * untouched; anything else is logged and told as `fallback` (500), never leaked.
 */
export function refusalOf(error: unknown, fallback = UNEXPECTED_ERROR): AppError {
  if (error instanceof Response) throw error
  if (isAppError(error)) return error
  log.error({ err: error }, 'a form failed')
  return new AppError(fallback, 500)
}

/** A submission that failed validation: field errors back to the form, status 400. */
export function invalid(submission: Submission<unknown>, hideFields?: string[], toast: Toast | null = null) {
  return answer(submission.reply({ hideFields }), toast, 400)
}

/**
 * A rule refused the form: its message goes on the field it names (or on the form) and into
 * an error toast titled as the spec says. An unexpected failure is logged and answered with
 * the spec's generic 'Error' toast (or the form's own fallback text), keeping what was typed.
 */
export function refused(
  form: Submission<unknown> | UnparsedForm,
  error: unknown,
  toastTitle: ToastTitle,
  { hideFields, fallback, keepTitle, toast: withToast = true }: RefusalOptions = {},
) {
  const reason = refusalOf(error, fallback)
  const key = reason.field ?? ''
  const result: FormReply =
    'reply' in form
      ? form.reply(
          reason.field
            ? { fieldErrors: { [reason.field]: [reason.message] }, hideFields }
            : { formErrors: [reason.message], hideFields },
        )
      : {
          status: 'error',
          initialValue: form.initialValue as FormReply['initialValue'],
          error: { [key]: [reason.message] },
        }
  const toast = !isAppError(error)
    ? {
        title: keepTitle && typeof toastTitle === 'string' ? toastTitle : msg('common:toast.error'),
        description: reason.message,
      }
    : typeof toastTitle === 'string'
      ? { title: toastTitle, description: reason.message }
      : toastTitle(reason.message)
  return answer(result, withToast ? { type: 'error', ...toast } : null, reason.status, refusalHeaders(reason))
}

/**
 * A refused confirmation (cancel, delete): the page reloads where it was, with an error toast
 * saying why. An unexpected failure is logged and told as `fallback`.
 */
export function refuseWithRedirect(path: string, error: unknown, title: string, fallback?: string) {
  return redirectWithToast(path, { type: 'error', title, description: refusalOf(error, fallback).message })
}

/** The record id a form names in `field`; a missing or malformed one is `notFound` (404). */
export function formId(formData: FormData, field: string, notFound: string) {
  const id = idFromParam(String(formData.get(field) ?? ''))
  if (id === null) throw new AppError(notFound, 404)
  return id
}
