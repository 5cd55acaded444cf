/**
 * `npm run db:backup`: takes a backup of DATABASE_PATH now (into the bucket when BUCKET_NAME is
 * set, else next to the uploads).
 * `npm run db:restore-drill`: restores the newest backup into a fresh file, checks it, and
 * prints its tables' row counts beside the live database's; exits 1 if the restore is unsound.
 * See docs/decisions/024-backups-and-restore-drill.md.
 */
import { closeDb } from '~/db/client.server'
import { backUpDatabase, restoreDrill } from '~/jobs/backups.server'

async function main(command: string | undefined) {
  if (command === 'backup') {
    for (const key of await backUpDatabase()) console.log(`Backed up to ${key}`)
    return 0
  }
  if (command === 'restore-drill') {
    const report = await restoreDrill()
    console.log(`Restored ${report.backup} (taken ${report.takenAt}) into a fresh file.`)
    console.log(`PRAGMA integrity_check: ${report.integrity}`)
    console.table(
      report.tables.map((t) => ({ table: t.table, backup: t.backup < 0 ? 'missing' : t.backup, live: t.live })),
    )
    console.log(report.ok ? 'The restore drill passed.' : 'The restore drill FAILED.')
    return report.ok ? 0 : 1
  }
  console.error('Usage: tsx app/cli/db-backups.ts backup | restore-drill')
  return 2
}

main(process.argv[2])
  .then((code) => {
    closeDb()
    process.exit(code)
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    closeDb()
    process.exit(1)
  })
