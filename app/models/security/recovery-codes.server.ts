import { formatLongDate } from '~/lib/dates'
import { readForm } from '~/lib/form-data.server'
import { tFor } from '~/lib/i18n/i18n.server'
import { requestLanguage } from '~/lib/i18n/language.server'
import type { Language } from '~/lib/i18n/languages'
import { translateMessage } from '~/lib/i18n/message'
import { RECOVERY_CODES_UNREADABLE, RecoveryCodesSchema } from './security'
import type { TFunction } from 'i18next'

/**
 * Recovery codes posted back by the page that showed them, to be downloaded or printed
 * (nothing is read from the database: only their hashes are kept). The body is tiny: ten
 * codes and their names fit in well under a kilobyte, so anything past 2 KB is refused.
 */
const BODY_MAX_BYTES = 2 * 1024

/** The codes, whose they are, the day, and the language of the page they were saved from. */
export type RecoveryCodesSheet = { codes: string[]; email: string; date: string; language: Language }

/**
 * Reads and checks the posted codes; a 400 with a plain message for anything else, in the
 * reader's language. Never logged.
 */
export async function readRecoveryCodes(
  request: Request,
  user: { email: string; timeZone?: string | null; language: Language | null },
) {
  const language = requestLanguage(request, user)
  const form = await readForm(request, { maxBytes: BODY_MAX_BYTES })
  const parsed = RecoveryCodesSchema.safeParse(form.getAll('codes'))
  if (!parsed.success) {
    throw new Response(translateMessage(tFor(language) as TFunction, RECOVERY_CODES_UNREADABLE), {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' },
    })
  }
  const sheet: RecoveryCodesSheet = {
    codes: parsed.data,
    email: user.email,
    date: formatLongDate(new Date(), user.timeZone ?? undefined, language),
    language,
  }
  return sheet
}

/** The text file, in the reader's language: who and when, how the codes work, then one code a line. */
export function recoveryCodesText({ codes, email, date, language }: RecoveryCodesSheet) {
  const t = tFor(language, 'files')
  return [
    t('account.recoveryCodes.title', { email }),
    t('account.recoveryCodes.saved', { date }),
    '',
    t('account.recoveryCodes.howTheyWork'),
    t('account.recoveryCodes.keepSafe'),
    '',
    ...codes,
    '',
  ].join('\n')
}
