import { describe, expect, test } from 'vitest'
import { inEnglish } from '../../../tests/helpers/i18n'
import { CONTACT_MESSAGE_NOT_FOUND, ContactSchema } from './contact'
import {
  createContactMessage,
  deleteContactMessage,
  listContactMessages,
  markContactMessageRead,
} from './contact.server'

const valid = {
  name: '  Maya Chen ',
  email: ' Maya@Example.com ',
  subject: 'Question about booking',
  message: 'Can I book two sessions in the same week?',
}

function messagesFor(input: unknown) {
  const result = ContactSchema.safeParse(input)
  if (result.success) return {}
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), inEnglish(issue.message)]))
}

describe('ContactSchema', () => {
  test('trims text and lower-cases the email', () => {
    expect(ContactSchema.parse(valid)).toEqual({
      name: 'Maya Chen',
      email: 'maya@example.com',
      subject: 'Question about booking',
      message: 'Can I book two sessions in the same week?',
    })
  })

  test('every field is required, with its own message', () => {
    const expected = {
      name: 'Name is required',
      email: 'Please enter a valid email address',
      subject: 'Subject is required',
      message: 'Message is required',
    }
    expect(messagesFor({})).toEqual(expected)
    expect(messagesFor({ name: ' ', email: '', subject: '  ', message: '\n' })).toEqual(expected)
  })

  test('rejects a malformed email', () => {
    expect(messagesFor({ ...valid, email: 'maya@' })).toEqual({ email: 'Please enter a valid email address' })
  })
})

describe('contact messages', () => {
  test('create stores an unread message; list shows newest first', () => {
    const first = createContactMessage(ContactSchema.parse(valid))
    const second = createContactMessage(ContactSchema.parse({ ...valid, subject: 'Second' }))
    expect(second.id).toBeGreaterThan(first.id)

    const list = listContactMessages().messages
    expect(list.map((m) => m.id).slice(0, 2)).toEqual([second.id, first.id])
    expect(list.find((m) => m.id === first.id)).toMatchObject({
      name: 'Maya Chen',
      email: 'maya@example.com',
      subject: 'Question about booking',
      isRead: false,
    })
    expect(list[0]?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)
  })

  test('mark read sets isRead; an unknown id is a 404', () => {
    const { id } = createContactMessage(ContactSchema.parse(valid))
    markContactMessageRead(id)
    expect(listContactMessages().messages.find((m) => m.id === id)?.isRead).toBe(true)
    expect(inEnglish(CONTACT_MESSAGE_NOT_FOUND)).toBe('Message not found')
    expect(() => markContactMessageRead(999_999)).toThrow(
      expect.objectContaining({ status: 404, message: CONTACT_MESSAGE_NOT_FOUND }),
    )
  })

  test('delete removes the message; deleting it again is a 404', () => {
    const { id } = createContactMessage(ContactSchema.parse(valid))
    deleteContactMessage(id)
    expect(listContactMessages().messages.some((m) => m.id === id)).toBe(false)
    expect(() => deleteContactMessage(id)).toThrow(expect.objectContaining({ status: 404 }))
  })
})
