import { count, desc, eq } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { leads } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { checkHoneypot } from '~/lib/honeypot.server'
import { pageWindow } from '~/lib/paging'
import { clientIp, hit, LIMITS } from '~/lib/rate-limit.server'
import { LEAD_NOT_FOUND, type LeadInput } from './lead'

/** Stores an early-access lead. */
export function createLead(input: LeadInput) {
  const { firstName, lastName, email, countryCode, phoneNumber, practiceType, yearsOfExperience, userType, source } =
    input
  return getDb()
    .insert(leads)
    .values({ firstName, lastName, email, countryCode, phoneNumber, practiceType, yearsOfExperience, userType, source })
    .returning({ id: leads.id })
    .get()
}

/**
 * The public lead form, shared by /launching-soon and POST /api/leads: refuses bots
 * (honeypot) and floods (per-address limit, counted only for submissions that would be
 * stored), then stores the lead.
 */
export function submitLead(request: Request, input: LeadInput, honeypot: unknown) {
  checkHoneypot(honeypot)
  hit(`leads:${clientIp(request)}`, LIMITS.leads)
  return createLead(input)
}

const leadColumns = {
  id: leads.id,
  firstName: leads.firstName,
  lastName: leads.lastName,
  email: leads.email,
  countryCode: leads.countryCode,
  phoneNumber: leads.phoneNumber,
  practiceType: leads.practiceType,
  yearsOfExperience: leads.yearsOfExperience,
  userType: leads.userType,
  source: leads.source,
  notes: leads.notes,
  createdAt: leads.createdAt,
  updatedAt: leads.updatedAt,
}

/** Every column, named one by one above so a new column is a choice to show it. */
type LeadRow = typeof leads.$inferSelect

function toLead(row: LeadRow) {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }
}

export type Lead = ReturnType<typeof toLead>

const NEWEST_FIRST = [desc(leads.createdAt), desc(leads.id)]

/**
 * Leads, newest first, a page at a time (the admin Leads tab and GET /api/admin/leads); a page
 * past the end answers the last one. Dates are ISO strings.
 */
export function listLeads({ page: requested = 1, pageSize = 25 }: { page?: number; pageSize?: number } = {}) {
  const db = getDb()
  const total = db.select({ n: count() }).from(leads).get()?.n ?? 0
  const { page, pageCount, offset } = pageWindow(total, requested, pageSize)
  const rows = db
    .select(leadColumns)
    .from(leads)
    .orderBy(...NEWEST_FIRST)
    .limit(pageSize)
    .offset(offset)
    .all()
  return { leads: rows.map(toLead), total, page, pageCount, pageSize }
}

/** Every lead, newest first, for the export (read inside the export's own transaction). */
export function everyLead(db: Db | Tx = getDb()) {
  return db
    .select(leadColumns)
    .from(leads)
    .orderBy(...NEWEST_FIRST)
    .all()
    .map(toLead)
}

/** Deletes the lead; answers who it was. 404 for an unknown id. */
export function deleteLead(id: number, db: Db | Tx = getDb()) {
  const row = db
    .delete(leads)
    .where(eq(leads.id, id))
    .returning({ id: leads.id, firstName: leads.firstName, lastName: leads.lastName, email: leads.email })
    .get()
  if (!row) throw new AppError(LEAD_NOT_FOUND, 404)
  return row
}
