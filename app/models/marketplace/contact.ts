import { z } from 'zod'
import { msg, type Message } from '~/lib/i18n/message'
import { multiLineText, oneLineText } from '~/lib/plain-text'
import { emailField } from '~/models/accounts/user'

/**
 * The contact form (all four fields required), shared by the /contact
 * screen (conform, in the browser and the action) and POST /api/contact.
 */

const requiredText = (message: Message, max: number, text = oneLineText) =>
  text({ error: message }).min(1, message).max(max, msg('marketplace:form.tooLong', { max }))

export const ContactSchema = z.object({
  name: requiredText(msg('marketplace:contact.errors.nameRequired'), 100),
  email: emailField(),
  subject: requiredText(msg('marketplace:contact.errors.subjectRequired'), 200),
  message: requiredText(msg('marketplace:contact.errors.messageRequired'), 5000, multiLineText),
})

export type ContactInput = z.output<typeof ContactSchema>

/** An unknown (or already deleted) contact message, to the admin screens and the API. */
export const CONTACT_MESSAGE_NOT_FOUND = msg('marketplace:contact.notFound')

/** The contact form's toasts, in the spec's words. */
export const CONTACT_SENT_TOAST = {
  title: msg('marketplace:contact.sentToast.title'),
  description: msg('marketplace:contact.sentToast.description'),
} as const
export const CONTACT_FAILED_TITLE = msg('marketplace:contact.failedTitle')
