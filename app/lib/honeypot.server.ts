import { z } from 'zod'
import { AppError } from './errors'
import { msg } from './i18n/message'

export const HONEYPOT_FIELD = 'website'

/** Refuses a public form whose hidden honeypot field was filled (a bot, not a person). */
export function checkHoneypot(value: unknown) {
  if (typeof value === 'string' && value.trim() !== '') {
    throw new AppError(msg('common:forms.notAccepted'), 400)
  }
}

/** For JSON bodies of public endpoints: the same honeypot, as an optional field. */
export const HoneypotBodySchema = z.object({ [HONEYPOT_FIELD]: z.string().optional() })
