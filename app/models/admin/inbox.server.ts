import { getDb } from '~/db/client.server'
import { toCsv } from '~/lib/csv'
import { tFor } from '~/lib/i18n/i18n.server'
import type { Language } from '~/lib/i18n/languages'
import { deleteContactMessage, markContactMessageRead } from '~/models/marketplace/contact.server'
import { deleteLead, everyLead } from '~/models/marketplace/lead.server'
import { exportedDetail } from './admin'
import { recordAdminAction, type Actor } from './audit.server'

/**
 * What an admin does with contact messages and leads: each change goes through the contact or
 * lead model's own function and writes its audit row in the same transaction. The rows name
 * who wrote (name and email), never what they wrote.
 */

export function markMessageReadAsAdmin(admin: Actor, messageId: number) {
  return getDb().transaction((tx) => {
    const message = markContactMessageRead(messageId, tx)
    recordAdminAction(tx, admin, {
      action: 'message_read',
      targetId: message.id,
      targetLabel: `${message.name} <${message.email}>`,
    })
    return message
  })
}

export function deleteMessageAsAdmin(admin: Actor, messageId: number) {
  getDb().transaction((tx) => {
    const message = deleteContactMessage(messageId, tx)
    recordAdminAction(tx, admin, {
      action: 'message_delete',
      targetId: message.id,
      targetLabel: `${message.name} <${message.email}>`,
    })
  })
}

export function deleteLeadAsAdmin(admin: Actor, leadId: number) {
  getDb().transaction((tx) => {
    const lead = deleteLead(leadId, tx)
    recordAdminAction(tx, admin, {
      action: 'lead_delete',
      targetId: lead.id,
      targetLabel: `${lead.firstName} ${lead.lastName} <${lead.email}>`,
    })
  })
}

/** The CSV's columns, in order; their headers are `files:admin.leadsCsv.headers.<column>`. */
const LEAD_CSV_COLUMNS = [
  'firstName',
  'lastName',
  'email',
  'countryCode',
  'phoneNumber',
  'type',
  'source',
  'practiceType',
  'yearsOfExperience',
  'notes',
  'created',
] as const

/**
 * Every lead as CSV, newest first (cells a spreadsheet would run as formulas are made text,
 * app/lib/csv.ts), its headers in the language of the admin downloading it (the cells are the
 * records as stored: values, not words). Read in the transaction that records the export, so
 * the row's count is the file's.
 */
export function exportLeadsCsv(admin: Actor, language: Language) {
  const t = tFor(language, 'files')
  return getDb().transaction((tx) => {
    const leads = everyLead(tx)
    recordAdminAction(tx, admin, { action: 'leads_export', detail: exportedDetail(leads.length) })
    return toCsv(
      LEAD_CSV_COLUMNS.map((column) => t(`admin.leadsCsv.headers.${column}`)),
      leads.map((lead) => [
        lead.firstName,
        lead.lastName,
        lead.email,
        lead.countryCode,
        lead.phoneNumber,
        lead.userType,
        lead.source,
        lead.practiceType,
        lead.yearsOfExperience,
        lead.notes,
        lead.createdAt,
      ]),
    )
  })
}
