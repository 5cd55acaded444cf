import { formatLongDate } from '~/lib/dates'
import { readForm } from '~/lib/form-data.server'
import { RECOVERY_CODES_UNREADABLE, RecoveryCodesSchema } from './security'

/**
 * Recovery codes posted back by the page that showed them, to be downloaded or printed
 * (nothing is read from the database: only their hashes are kept). The body is tiny: ten
 * codes and their names fit in well under a kilobyte, so anything past 2 KB is refused.
 */
const BODY_MAX_BYTES = 2 * 1024

export type RecoveryCodesSheet = { codes: string[]; email: string; date: string }

/** Reads and checks the posted codes; a 400 with a plain message for anything else. Never logged. */
export async function readRecoveryCodes(request: Request, user: { email: string; timeZone?: string | null }) {
  const form = await readForm(request, { maxBytes: BODY_MAX_BYTES })
  const parsed = RecoveryCodesSchema.safeParse(form.getAll('codes'))
  if (!parsed.success) {
    throw new Response(RECOVERY_CODES_UNREADABLE, {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' },
    })
  }
  const sheet: RecoveryCodesSheet = {
    codes: parsed.data,
    email: user.email,
    date: formatLongDate(new Date(), user.timeZone ?? undefined),
  }
  return sheet
}

/** The text file: who and when, how the codes work, then one code a line. */
export function recoveryCodesText({ codes, email, date }: RecoveryCodesSheet) {
  return [
    `Solace recovery codes for ${email}`,
    `Saved ${date}.`,
    '',
    "Each code signs you in once in place of your authenticator app's code.",
    'Keep them somewhere safe; making new codes replaces these.',
    '',
    ...codes,
    '',
  ].join('\n')
}
