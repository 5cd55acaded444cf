/**
 * `npm run db:seed [-- --if-empty] [-- --size large ...]`: migrates DATABASE_PATH, then fills
 * it with the demo data set (and, with --size large, a benchmark set on top). Safe to repeat:
 * a seeded database is left as it is.
 */
import { performance } from 'node:perf_hooks'
import { closeDb, getDb } from '~/db/client.server'
import { getEnv } from '~/env.server'
import { hashPassword } from '~/lib/password.server'
import { migrateDatabase } from '../../scripts/migrate.js'
import { parseSeedArgs, USAGE, type SeedArgs } from './args'
import { DEMO_ACCOUNT_EMAILS, DEMO_PASSWORD } from './data/accounts'
import { databaseState, seedDemo } from './demo'
import { setUpDemoAdminAuthenticator } from './demo-admin-authenticator'
import { hasLargeData, seedLarge } from './large'
import { countRows, formatCounts } from './summary'

function seconds(since: number) {
  return `${((performance.now() - since) / 1000).toFixed(1)}s`
}

async function main(args: SeedArgs) {
  const started = performance.now()
  const databasePath = getEnv().DATABASE_PATH
  migrateDatabase(databasePath)
  const db = getDb()
  // Hashing is slow on purpose (scrypt): done at most once, and only when something is seeded.
  let passwordHash: string | undefined
  const hash = async () => (passwordHash ??= await hashPassword(DEMO_PASSWORD, { address: 'seed' }))

  // seedDemo checks again and says why it skipped; it needs the hash only when it writes.
  const empty = databaseState(db) === 'empty'
  const demo = await seedDemo(db, empty ? { passwordHash: await hash() } : {})
  if (demo === 'already-seeded') {
    console.log('Database already seeded')
  } else if (demo === 'not-empty') {
    console.log(`${databasePath} already has users but no demo accounts; the seed only fills an empty database.`)
    return args.ifEmpty ? 0 : 1
  } else {
    console.log(`Seeded demo data into ${databasePath} in ${seconds(started)}`)
  }

  if (args.adminAuthenticator) {
    if (!setUpDemoAdminAuthenticator(db, args.adminAuthenticator)) {
      console.error(`No demo admin in ${databasePath} to set an authenticator app up for.`)
      return 1
    }
    console.log('The demo admin has an authenticator app set up (--admin-authenticator).')
  }

  if (args.size === 'large') {
    const largeStarted = performance.now()
    const large = hasLargeData(db) ? 'already-present' : seedLarge(db, args.large, { passwordHash: await hash() })
    console.log(
      large === 'already-present'
        ? 'Large data set already present'
        : `Added the large data set in ${seconds(largeStarted)}`,
    )
  }

  if (demo === 'seeded' || args.size === 'large') {
    console.log(formatCounts(countRows(db)))
    console.log(`Demo accounts (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNT_EMAILS.join(', ')}`)
  }
  return 0
}

let args: SeedArgs
try {
  args = parseSeedArgs(process.argv.slice(2))
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`)
  process.exit(1)
}
if (args.help) {
  console.log(USAGE)
  process.exit(0)
}

try {
  process.exitCode = await main(args)
} catch (error) {
  console.error('Seeding failed:', error)
  process.exitCode = 1
} finally {
  closeDb()
}
