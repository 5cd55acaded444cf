import { randomBytes } from 'node:crypto'
import { getEnv, installationSecret } from '~/env.server'
import { log } from '~/lib/log.server'

/** Where the emulator's webhook signing secret is kept, next to the database. */
export const EMULATOR_SECRET_FILE = '.stripe-emulator-secret'

const emulatorSecrets = new Map<string, string>()

/**
 * The secret the payments emulator signs its events with. Generated once per installation,
 * never a constant in the source: a staging demo (ALLOW_EMULATED_PAYMENTS) is public, and a
 * known secret would let anyone sign an event that marks a booking paid or cancels one
 * (docs/decisions/008-emulated-payments.md). Where no file can be kept beside the database
 * (a read-only directory, or a LiteFS mount, which is meant for databases), one for this
 * process does as well: the emulator only signs what this same process posts to its own
 * webhook.
 */
export function emulatorWebhookSecret() {
  const databasePath = getEnv().DATABASE_PATH
  let secret = emulatorSecrets.get(databasePath)
  if (!secret) {
    try {
      secret = installationSecret(EMULATOR_SECRET_FILE, databasePath)
    } catch (error) {
      log.warn(
        { err: error },
        `[payments emulator] no ${EMULATOR_SECRET_FILE} beside the database; this process signs with its own`,
      )
      secret = randomBytes(32).toString('hex')
    }
    secret = `whsec_${secret}`
    emulatorSecrets.set(databasePath, secret)
  }
  return secret
}
