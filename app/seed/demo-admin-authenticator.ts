import { eq } from 'drizzle-orm'
import { users } from '~/db/schema'
import { DEMO_ADMIN_EMAIL } from './data/accounts'
import type { DbOrTx } from './types'

/**
 * `--admin-authenticator SECRET` (the browser tests): the demo admin's authenticator app, set up
 * with this secret as if they had scanned it and confirmed a code. The admin area asks an admin
 * to set one up before it opens; the tests that are not about that open it at once, and the
 * tests of signing in compute the admin's codes from the secret. The demo itself leaves it off.
 * Answers whether the demo admin was there to set it up for.
 */
export function setUpDemoAdminAuthenticator(db: DbOrTx, secret: string) {
  const { changes } = db
    .update(users)
    .set({ totpSecret: secret, totpEnabledAt: new Date(), totpLastStep: null })
    .where(eq(users.email, DEMO_ADMIN_EMAIL))
    .run()
  return changes > 0
}
