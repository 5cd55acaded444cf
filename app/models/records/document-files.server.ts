import { and, eq } from 'drizzle-orm'
import type { Db, Tx } from '~/db/client.server'
import { patientDocuments } from '~/db/schema'
import { deleteObject } from '~/integrations/storage.server'
import { log, logLine } from '~/lib/log.server'

/**
 * The stored files of deleted documents (docs/decisions/020-patient-documents.md): whatever
 * deletes document rows (a document, a patient, an account) reads their keys in its
 * transaction and removes the files once it has committed. Apart from documents.server.ts so
 * that the patients' and accounts' deletions need not import the documents' uploads.
 */

/**
 * The storage keys of the documents of one patient, or of every patient of a practitioner:
 * read inside the transaction that deletes their rows, removed once it has committed.
 */
export function storedDocumentKeys(db: Db | Tx, owner: { practitionerId: number; patientId?: number }) {
  return db
    .select({ key: patientDocuments.filePath })
    .from(patientDocuments)
    .where(
      and(
        eq(patientDocuments.practitionerId, owner.practitionerId),
        owner.patientId === undefined ? undefined : eq(patientDocuments.patientProfileId, owner.patientId),
      ),
    )
    .all()
    .map((row) => row.key)
}

/**
 * Removes stored document files whose rows are gone. A failure is logged (keys only, never a
 * name) and left to the orphan sweep, so the deletion the person asked for still stands.
 */
export async function discardStoredDocuments(keys: string[]) {
  for (const key of keys) {
    try {
      await deleteObject(key)
    } catch (error) {
      log.error({ err: error }, logLine`Could not remove the stored document ${key}; the orphan sweep will retry`)
    }
  }
}
