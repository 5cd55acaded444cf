import { z } from 'zod'

/**
 * Message rules (subject required, content at least 10 characters), shared by the "Ask a
 * Question" card, replies and POST /api/messages.
 */
export const MessageSchema = z.object({
  recipientId: z.coerce.number({ error: 'recipientId is required' }).int().positive('recipientId is required'),
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(200, 'Subject must be at most 200 characters'),
  content: z
    .string({ error: 'Message must be at least 10 characters long' })
    .trim()
    .min(10, 'Message must be at least 10 characters long')
    .max(5000, 'Message must be at most 5000 characters'),
})

export const CANNOT_MESSAGE_SELF = 'You cannot send a message to yourself.'
export const RECIPIENT_NOT_FOUND = 'Recipient not found'
