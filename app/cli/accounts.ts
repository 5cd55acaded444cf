/**
 * `npm run account:reset-two-factor -- <email>`: for a person locked out of their second factor
 * (a lost phone and no recovery codes), run by an operator on the primary (`fly ssh console`,
 * docs/deploy.md "An admin locked out"). It removes their authenticator app, recovery codes and
 * passkeys and signs them out everywhere; their password then signs them in, and an admin is
 * sent to set up a new app. Confirm who is asking before running it: this is the one way past
 * a second factor, and it is not in the app on purpose (decision 042).
 */
import { closeDb } from '~/db/client.server'
import { resetSecondFactors } from '~/models/security/two-factor.server'

function main(command: string | undefined, email: string | undefined) {
  if (command !== 'reset-two-factor' || !email) {
    console.error('Usage: npm run account:reset-two-factor -- <email>')
    return 2
  }
  const done = resetSecondFactors(email)
  if (!done) {
    console.error(`No account has the email ${email}.`)
    return 1
  }
  console.log(
    `Two-factor sign-in reset for ${email}: the authenticator app, ${done.recoveryCodes} recovery code(s) and ` +
      `${done.passkeys} passkey(s) removed; ${done.sessions} session(s) signed out. They can sign in with their password now.`,
  )
  return 0
}

const code = main(process.argv[2], process.argv[3])
closeDb()
process.exit(code)
