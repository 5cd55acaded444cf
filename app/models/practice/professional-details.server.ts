import { and, eq, ne } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { services, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { tFor } from '~/lib/i18n/i18n.server'
import {
  GST_HST_IN_USE,
  PROFESSION_OTHER_REQUIRED,
  PROFESSIONAL_DETAIL_KEYS,
  type ProfessionalDetails,
  type ProfessionalDetailsChange,
} from './professional-details'
import { professionName } from './professions'
import type { TFunction } from 'i18next'

/**
 * A practitioner's professional details (issue 44): My Profile and PATCH
 * /api/practitioners/profile write them through `writeProfessionalDetails`, inside the
 * profile's transaction; receipts read them with `professionalDetailsOf`.
 */

const DETAIL_COLUMNS = {
  profession: users.profession,
  professionOther: users.professionOther,
  regulatoryBody: users.regulatoryBody,
  registrationNumber: users.registrationNumber,
  businessName: users.businessName,
  businessAddress: users.businessAddress,
  gstHstNumber: users.gstHstNumber,
}

/** The saved details as they are stored (the profession as its key), or null for no such user. */
export function readProfessionalDetails(userId: number, db: Db | Tx = getDb()): ProfessionalDetails | null {
  return db.select(DETAIL_COLUMNS).from(users).where(eq(users.id, userId)).get() ?? null
}

/**
 * What a receipt prints about its practitioner: the profession by its name (their own words for
 * 'other') in the language of `t` (English without one), and null for every detail not given
 * (or for an unknown practitioner).
 */
export function professionalDetailsOf(
  practitionerId: number,
  db: Db | Tx = getDb(),
  t: TFunction<'practice'> = tFor('en', 'practice'),
) {
  const saved = readProfessionalDetails(practitionerId, db)
  return {
    profession: saved ? professionName(saved.profession, saved.professionOther, t) : null,
    regulatoryBody: saved?.regulatoryBody ?? null,
    registrationNumber: saved?.registrationNumber ?? null,
    businessName: saved?.businessName ?? null,
    businessAddress: saved?.businessAddress ?? null,
    gstHstNumber: saved?.gstHstNumber ?? null,
  }
}

/** Whether the practitioner has given a GST/HST number: a service may charge tax only then. */
export function hasGstHstNumber(practitionerId: number, db: Db | Tx = getDb()) {
  return Boolean(readProfessionalDetails(practitionerId, db)?.gstHstNumber)
}

function chargesTax(tx: Tx, practitionerId: number) {
  return Boolean(
    tx
      .select({ id: services.id })
      .from(services)
      .where(and(eq(services.practitionerId, practitionerId), ne(services.taxKind, 'none')))
      .limit(1)
      .get(),
  )
}

/**
 * Applies `change` (undefined fields keep their saved value) inside the caller's transaction,
 * which must be an immediate one: the check that no service charges tax and the removal of the
 * number then happen with no write of the services in between. A name for 'other' is kept only
 * with 'other'. Refuses, on the field: 'other' with no name, and removing the GST/HST number
 * while a service charges tax.
 */
export function writeProfessionalDetails(tx: Tx, userId: number, change: ProfessionalDetailsChange) {
  const before = readProfessionalDetails(userId, tx)
  if (!before) return
  const after: ProfessionalDetails = { ...before }
  for (const key of PROFESSIONAL_DETAIL_KEYS) {
    const value = change[key]
    if (value !== undefined) Object.assign(after, { [key]: value })
  }
  if (after.profession !== 'other') after.professionOther = null
  else if (!after.professionOther) throw new AppError(PROFESSION_OTHER_REQUIRED, 400, 'professionOther')
  if (before.gstHstNumber && !after.gstHstNumber && chargesTax(tx, userId)) {
    throw new AppError(GST_HST_IN_USE, 400, 'gstHstNumber')
  }
  if (PROFESSIONAL_DETAIL_KEYS.every((key) => before[key] === after[key])) return
  // The public ones move the catalogue's version by trigger (drizzle/0022), as every public column does.
  tx.update(users).set(after).where(eq(users.id, userId)).run()
}
