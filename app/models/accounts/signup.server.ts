import { checkHoneypot } from '~/lib/honeypot.server'
import { requestLanguage } from '~/lib/i18n/language.server'
import { hashShare } from '~/lib/password.server'
import { clientIp, hit, LIMITS } from '~/lib/rate-limit.server'
import { timeZoneHint } from '~/lib/time-zone.server'
import { createUser } from './user.server'
import type { SignupBaseSchema } from './user'
import type { z } from 'zod'

/**
 * Public sign-up, shared by the screen and POST /api/signup: refuses bots (honeypot) and
 * floods (per-address limit), then creates the account in the browser's time zone and the page's language. Signing in is the caller's job.
 */
export async function signup(request: Request, input: z.output<typeof SignupBaseSchema>, honeypot: unknown) {
  checkHoneypot(honeypot)
  hit(`signup:${clientIp(request)}`, LIMITS.signup)
  const { redirectTo: _ignored, ...account } = input
  // The account keeps the language the sign-up was read in, so its emails are in it too.
  return createUser(
    { ...account, timeZone: timeZoneHint(request) ?? undefined, language: requestLanguage(request) },
    { share: hashShare(request) },
  )
}
