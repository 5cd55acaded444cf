import { z } from 'zod'
import { multiLineText, oneLineText } from '~/lib/plain-text'
import { emailField } from '~/models/accounts/user'

/**
 * The contact form (all four fields required), shared by the /contact
 * screen (conform, in the browser and the action) and POST /api/contact.
 */

const requiredText = (message: string, max: number, text = oneLineText) =>
  text({ error: message }).min(1, message).max(max, `Must be at most ${max} characters`)

export const ContactSchema = z.object({
  name: requiredText('Name is required', 100),
  email: emailField(),
  subject: requiredText('Subject is required', 200),
  message: requiredText('Message is required', 5000, multiLineText),
})

export type ContactInput = z.output<typeof ContactSchema>

/** An unknown (or already deleted) contact message, to the admin screens and the API. */
export const CONTACT_MESSAGE_NOT_FOUND = 'Message not found'

/** The contact form's toasts, in the spec's words. */
export const CONTACT_SENT_TOAST = {
  title: 'Message Sent!',
  description: "Thank you for contacting us. We'll get back to you within 24 hours.",
} as const
export const CONTACT_FAILED_TITLE = 'Failed to Send Message'
