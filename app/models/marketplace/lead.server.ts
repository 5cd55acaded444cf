import { desc, eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { leads } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { checkHoneypot } from '~/lib/honeypot.server'
import { clientIp, hit, LIMITS } from '~/lib/rate-limit.server'
import type { LeadInput } from './lead'

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

/** Every lead, newest first, dates as ISO strings (the admin Leads tab). */
export function listLeads() {
  return getDb()
    .select()
    .from(leads)
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .all()
    .map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }))
}

export type Lead = ReturnType<typeof listLeads>[number]

export function deleteLead(id: number) {
  const { changes } = getDb().delete(leads).where(eq(leads.id, id)).run()
  if (changes === 0) throw new AppError('Lead not found', 404)
}
