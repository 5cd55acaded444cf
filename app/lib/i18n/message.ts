import { NAMESPACES } from './languages'
import type { TFunction } from 'i18next'

/**
 * What a model says to a person, before it is in a language (docs/decisions/052-languages.md).
 * Models and schemas do not hold text: a refusal, a zod message or a toast is a catalogue key
 * with the values to put in it, `msg('booking:errors.slotTaken')`, and the place that shows it
 * puts it in the reader's language (`translateMessage`): the form's error list, the toaster,
 * an /api answer, an email. It stays a string so that zod, conform and `AppError` carry it as
 * they carry any message.
 */
export type Message = string

const VALUES = '|'

/** A catalogue key ('namespace:key') and the values its text takes. */
export function msg(key: string, values?: Record<string, string | number>): Message {
  return values ? `${key}${VALUES}${JSON.stringify(values)}` : key
}

/** The key and values of a message. */
export function readMessage(message: Message): { key: string; values: Record<string, string | number> } {
  const at = message.indexOf(VALUES)
  if (at < 0) return { key: message, values: {} }
  try {
    return { key: message.slice(0, at), values: JSON.parse(message.slice(at + 1)) as Record<string, string | number> }
  } catch {
    return { key: message, values: {} }
  }
}

/**
 * The message in `t`'s language. A value that is itself a message (a field's name, say) is put
 * in that language first. Text that is not a key (a library's own words) comes back as it is.
 */
export function translateMessage(t: TFunction, message: Message): string {
  if (!isMessageKey(message)) return message
  const { key, values } = readMessage(message)
  const translated: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(values)) {
    translated[name] = typeof value === 'string' && isMessageKey(value) ? translateMessage(t, value) : value
  }
  return (t as (key: string, options: Record<string, unknown>) => string)(key, translated)
}

/** The namespaces messages are in: a component showing them loads these first. */
export function namespacesOf(messages: readonly (Message | null | undefined)[]) {
  const found = new Set<string>(['common'])
  for (const message of messages) {
    if (message && isMessageKey(message)) found.add(message.slice(0, message.indexOf(':')))
  }
  return [...found]
}

/**
 * Whether text is a catalogue key ('namespace:some.key') of one of our namespaces, not words: a
 * person's text that happens to look like one ('yoga:flow') is shown as written.
 */
export function isMessageKey(text: string) {
  const match = /^([a-z]+):[A-Za-z0-9_.]+(\|.*)?$/s.exec(text)
  return match !== null && (NAMESPACES as readonly string[]).includes(match[1]!)
}
